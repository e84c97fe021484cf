import { createHash } from 'node:crypto'

/**
 * A prerendered page (the build's public pages, the server's detail pages) paints from its HTML,
 * its stylesheet, its fonts and its pictures alone. Its scripts are asked for once those have
 * loaded (the window's `load` event, or 2 s on at the latest): asked for at once, even at low
 * priority, the app's 150 KiB shared a phone's slow connection with the fonts and the product
 * picture that the first paint waits for, and the largest paint came late. The total to download
 * is the same, so the app is ready at about the same time; the page is painted earlier.
 *
 * The page's Content-Security-Policy allows no inline script, so what starts the app is a small
 * script of its own, served under a name made of its content (immutable, like the build's files),
 * that reads the list of scripts from a JSON block in the page. It starts them in the frame after
 * the load event, once that frame has painted what loaded.
 */

export const appScriptsElementId = 'app-scripts'

/**
 * Plain ES2015 so any browser that runs the app runs it; it only adds the tags the build wrote. It
 * starts in the frame after the load event, which paints what loaded (the picture, the fonts). Its
 * comments are here, not in the script: every cold load of a public page downloads it.
 */
export const startAfterPaintScript = `(() => {
  const scripts = JSON.parse(document.getElementById('${appScriptsElementId}').textContent)
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const href of scripts.modules) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = 'anonymous'
      link.href = href
      document.head.append(link)
    }
    const entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = 'anonymous'
    entry.src = scripts.entry
    document.head.append(entry)
  }
  const startAfterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0))
  if (document.readyState === 'complete') startAfterNextPaint()
  else addEventListener('load', startAfterNextPaint, { once: true })
  setTimeout(start, 2000)
})()
`

export const startAfterPaintPath = `/start-after-paint-${createHash('sha256').update(startAfterPaintScript).digest('hex').slice(0, 12)}.js`

const modulePreload = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g
const entryScript = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/

/**
 * The page with its entry script and module preloads replaced by the list `startAfterPaintScript`
 * reads and that script. A page without an entry script is returned as it is.
 */
export function withScriptsAfterPaint(html: string): string {
  const entry = entryScript.exec(html)?.[1]
  if (entry === undefined) return html
  const modules = [...html.matchAll(modulePreload)].map((match) => match[1] ?? '')
  // `<` escaped: the JSON sits in HTML, where `</script>` would end it.
  const list = JSON.stringify({ entry, modules }).replaceAll('<', '\\u003c')
  return html
    .replace(entryScript, '')
    .replace(modulePreload, '')
    .replace(
      '</head>',
      `<script type="application/json" id="${appScriptsElementId}">${list}</script>` +
        `<script src="${startAfterPaintPath}" defer></script></head>`,
    )
}
