import { Window } from 'happy-dom'
import { describe, expect, it } from 'vitest'
import { appScriptsElementId, startAfterPaintScript, withScriptsAfterPaint } from '#server/static/start-after-paint'

const page =
  '<!doctype html><html><head><link rel="stylesheet" href="/assets/index.css">' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/framework-2.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/home-3.js"></head>' +
  '<body><div id="app"><main>หน้าแรก</main></div></body></html>'

/** The page as `withScriptsAfterPaint` sends it, in a browser that runs the start script. */
function openPage() {
  const window = new Window({ url: 'https://ngernkhuen.test/home' })
  const html = withScriptsAfterPaint(page).replace(/<script src="[^"]+" defer><\/script>/, '')
  window.document.write(html)
  const scriptTags = () =>
    [...window.document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map((element) =>
      element.tagName === 'SCRIPT'
        ? `script ${element.getAttribute('src')}`
        : `preload ${element.getAttribute('href')}`,
    )
  return { window, scriptTags, run: () => void window.eval(startAfterPaintScript) }
}

/** Past the next frame and the task after it. */
function waitForNextPaint(window: Window): Promise<void> {
  return new Promise((resolve) => window.requestAnimationFrame(() => window.setTimeout(resolve, 0)))
}

describe('scripts after the first paint', () => {
  it('takes the entry script and the module preloads out of the page and lists them', () => {
    const html = withScriptsAfterPaint(page)
    expect(html).not.toContain('type="module"')
    expect(html).not.toContain('modulepreload')
    expect(html).toContain('<link rel="stylesheet" href="/assets/index.css">')
    const list = new RegExp(`<script type="application/json" id="${appScriptsElementId}">([^<]*)</script>`).exec(html)
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/framework-2.js', '/assets/home-3.js'],
    })
  })

  it('leaves a page without an entry script as it is', () => {
    const html = '<html><head></head><body></body></html>'
    expect(withScriptsAfterPaint(html)).toBe(html)
  })

  it('adds the preloads and the entry once the page has loaded, once', async () => {
    const { window, scriptTags, run } = openPage()
    Object.defineProperty(window.document, 'readyState', { value: 'interactive', configurable: true })
    run()
    expect(scriptTags()).toEqual([])
    window.dispatchEvent(new window.Event('load'))
    const started = ['preload /assets/framework-2.js', 'preload /assets/home-3.js', 'script /assets/index-1.js']
    await waitForNextPaint(window)
    expect(scriptTags()).toEqual(started)
    // The 2-second fallback finds the app started.
    await window.happyDOM.waitUntilComplete()
    expect(scriptTags()).toEqual(started)
    await window.happyDOM.close()
  })

  it('starts the app after 2 s when something the page loads never finishes', async () => {
    const { window, scriptTags, run } = openPage()
    Object.defineProperty(window.document, 'readyState', { value: 'interactive', configurable: true })
    run()
    expect(scriptTags()).toEqual([])
    await window.happyDOM.waitUntilComplete()
    expect(scriptTags()).toContain('script /assets/index-1.js')
    await window.happyDOM.close()
  })

  it('starts at once on a page that has already loaded', async () => {
    const { window, scriptTags, run } = openPage()
    Object.defineProperty(window.document, 'readyState', { value: 'complete', configurable: true })
    run()
    await waitForNextPaint(window)
    expect(scriptTags()).toContain('script /assets/index-1.js')
    await window.happyDOM.close()
  })
})
