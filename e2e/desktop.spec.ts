import { expect, test } from '@playwright/test'

test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false })

test('a desktop with a mouse gets the unsupported-device screen and a QR code of the page', async ({ page }) => {
  await page.goto('/en/home')
  await expect(page.getByRole('heading', { name: 'Does not support this device!' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'QR code of this page' })).toBeVisible()
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'ไม่รองรับอุปกรณ์นี้!' })).toBeVisible()
})
