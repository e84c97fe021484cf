/**
 * Built sizes that matter on a phone: the JavaScript a cold load of /home and /merchants downloads
 * (gzip; budget 130 KiB each; exits 1 over it) and what the service worker precaches. Needs a
 * build (`npm run bench` makes one first) and starts its own server.
 */
import { readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { findFreePort } from '#server/test/child-processes'
import { startAppServer } from '../../e2e/support/app-server'

const clientDirectory = 'dist/client'
const firstLoadBudgetBytes = 130 * 1024
const dataDirectory = join('.data-bench', String(Date.now()))
// A free ephemeral port: fixed ones collide with e2e servers running beside the benchmark.
const server = await startAppServer({ port: await findFreePort(), dataDirectory, clientDirectory })
let overBudget = false
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
    const verdict = gzipBytes <= firstLoadBudgetBytes ? 'PASS, within' : 'FAIL, OVER'
    if (gzipBytes > firstLoadBudgetBytes) overBudget = true
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
  rmSync(dataDirectory, { recursive: true, force: true })
}
if (overBudget) process.exitCode = 1
