import { expect, test } from '@playwright/test'
import { consoleViewport, demoOperator, signInToConsole } from './support/console'

test.use(consoleViewport)

test('an operator signs in to the console with an emailed code and the authenticator, in Thai and English', async ({
  page,
}) => {
  // Up to one authenticator step (30 s) more when another spec signed in as support just now.
  test.setTimeout(90_000)
  const support = demoOperator('support')
  await page.goto('/ops')
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
  await signInToConsole(page, support)

  await expect(page.getByRole('heading', { name: 'งานที่รอคนดูแล' })).toBeVisible()
  await expect(page.getByText('คำขอถอนเงินรอดำเนินการ')).toBeVisible()
  await expect(page.getByText(support.email)).toBeVisible()
  await page.getByRole('link', { name: 'ต้องตรวจสอบ' }).click()
  await expect(page.getByRole('heading', { name: 'ผู้ซื้อที่ต้องตรวจสอบ' })).toBeVisible()
  await page.getByRole('link', { name: 'วันนี้' }).click()
  // Overdue purchases open as the purchases list, filtered to them.
  await page.getByRole('link', { name: /รายการซื้อที่เลยกำหนดยืนยัน/ }).click()
  await expect(page).toHaveURL(/\/ops\/transactions\?overdue=true$/)
  await expect(page.getByRole('checkbox', { name: 'เฉพาะที่เลยกำหนดยืนยัน' })).toBeChecked()
  await page.getByRole('link', { name: 'วันนี้' }).click()

  await page.getByRole('button', { name: 'EN, English' }).click()
  await expect(page.getByRole('heading', { name: 'Waiting for a person' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // The choice is remembered on this computer.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Waiting for a person' })).toBeVisible()
  await page.getByRole('button', { name: 'ไทย, ภาษาไทย' }).click()

  await page.getByRole('button', { name: 'ออกจากระบบ' }).click()
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
  await page.goto('/ops')
  await expect(page).toHaveURL(/\/ops\/sign-in$/)
})

test("the console is not the shopper app's: no service worker page, no shopper session", async ({ page }) => {
  const response = await page.goto('/ops/anything/deep')
  expect(response?.status()).toBe(200)
  await expect(page.getByText('ไม่มีหน้านี้ในคอนโซล')).toBeVisible()
  await page.getByRole('link', { name: 'ไปหน้าวันนี้' }).click()
  await expect(page.getByRole('heading', { name: 'เข้าสู่คอนโซลผู้ดูแล' })).toBeVisible()
  const html = await (await page.request.get('/ops')).text()
  expect(html).not.toContain('manifest.webmanifest')
  const precache = await (await page.request.get('/sw.js')).text()
  expect(precache).not.toMatch(/["']\/?ops\/assets/)
})
