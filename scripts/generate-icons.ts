/**
 * Renders the app icons (PNG) from public/icons/favicon.svg with Debian's Chromium. Run after
 * changing the logo: `npx tsx scripts/generate-icons.ts`; the PNGs are committed.
 */
import { readFile } from 'node:fs/promises'
import { chromium } from '@playwright/test'

const svg = await readFile('public/icons/favicon.svg', 'utf8')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()

async function render(file: string, size: number, padding: number, background: string, radius: number) {
  const inner = size - padding * 2
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">
      <div style="width:${size}px;height:${size}px;background:${background};border-radius:${radius}px;display:flex;align-items:center;justify-content:center">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
      </div></body></html>`,
  )
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true })
}

await render('icon-192.png', 192, 0, 'transparent', 0)
await render('icon-512.png', 512, 0, 'transparent', 0)
// Maskable: the launcher crops to its own shape, so the logo keeps to the inner 80% safe zone.
await render('icon-maskable-512.png', 512, 64, '#0b8a5f', 0)
await render('apple-touch-icon-180.png', 180, 0, '#0b8a5f', 0)
await browser.close()
