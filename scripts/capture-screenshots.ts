/**
 * Screenshots of the running app at 390×844 for design review and the manifest:
 * `npx tsx scripts/capture-screenshots.ts [baseUrl] [outDir] [paths...]`.
 */
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const [baseUrl = 'http://127.0.0.1:3000', outDirectory = 'test-results/screens', ...paths] = process.argv.slice(2)
const pagePaths = paths.length > 0 ? paths : ['/home', '/en/home']

mkdirSync(outDirectory, { recursive: true })
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run'],
})
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
})
const page = await context.newPage()
for (const pagePath of pagePaths) {
  await page.goto(baseUrl + pagePath)
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  const file = `${outDirectory}/${pagePath.replace(/^\//, '').replace(/\//g, '_') || 'root'}.png`
  await page.screenshot({ path: file })
  console.log(file)
}
await browser.close()
