/**
 * Built sizes that matter on a phone: the JavaScript a cold load of /home and /merchants downloads
 * (gzip; budget 130 KiB each) and what the service worker precaches. Needs a build (`npm run build`) and starts its own
 * server. `npm run bench`.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { startAppServer } from '../../e2e/support/app-server'

const clientDirectory = 'dist/client'
const firstLoadBudgetBytes = 130 * 1024
const server = await startAppServer({
  port: 4399,
  dataDirectory: join('.data-bench', String(Date.now())),
  clientDirectory,
})
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-first-run'] })
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
  for (const pagePath of ['/home', '/merchants']) {
    // A new page per path: a cold load, with nothing in memory from the previous one.
    const page = await context.newPage()
    await page.route('**/sw.js', (route) => route.abort())
    const scripts = new Set<string>()
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname)
    })
    await page.goto(`${server.url}${pagePath}`)
    await page.waitForLoadState('networkidle')
    let rawBytes = 0
    let gzipBytes = 0
    for (const script of scripts) {
      const content = readFileSync(join(clientDirectory, script))
      rawBytes += content.length
      gzipBytes += gzipSync(content, { level: 9 }).length
    }
    const verdict = gzipBytes <= firstLoadBudgetBytes ? 'within' : 'OVER'
    console.log(
      `first-load JS of ${pagePath}: ${scripts.size} files, ${kib(rawBytes)} raw, ${kib(gzipBytes)} gzip (${verdict} the ${kib(firstLoadBudgetBytes)} budget)`,
    )
    await page.close()
  }

  const serviceWorker = readFileSync(join(clientDirectory, 'sw.js'), 'utf8')
  const precacheUrls = [...serviceWorker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '')
  const precacheBytes = precacheUrls.reduce((total, url) => total + statSync(join(clientDirectory, url)).size, 0)

  console.log(`precache: ${precacheUrls.length} entries, ${kib(precacheBytes)}`)
} finally {
  await browser.close()
  await server.stop()
}
