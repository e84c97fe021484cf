import { expect, test, type Page } from '@playwright/test'
import { signInOnScreen } from './support/sign-in'

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    }
  })
}

test.describe('help: FAQ, tutorials, how-to and terms', () => {
  test('the FAQ search finds a Thai word in the middle of a question', async ({ page }) => {
    await page.goto('/support')
    await expect(page.getByRole('heading', { level: 1, name: 'ช่วยเหลือ' })).toBeVisible()
    await expect(page.getByText('เรตติ้งคำนวณอย่างไร')).toBeVisible()

    // "ขั้นต่ำ" sits inside "ถอนเงินขั้นต่ำเท่าไร", with no space around it.
    await page.getByRole('searchbox', { name: 'ค้นหาคำถาม' }).fill('ขั้นต่ำ')
    const question = page.getByText('ถอนเงินขั้นต่ำเท่าไร')
    await expect(question).toBeVisible()
    await expect(page.getByText('เรตติ้งคำนวณอย่างไร')).toBeHidden()
    await expect(page.getByRole('status').filter({ hasText: /^พบ \d+ คำถาม$/ })).toBeVisible()
    await expect(page).toHaveURL(/\/support\?q=/)

    // The answer opens under its question, its figures filled in.
    const faq = page.getByRole('region', { name: 'คำถามที่พบบ่อย' })
    const answer = faq.getByText(/^ถอนได้ครั้งละตั้งแต่ ฿[\d,]+ และเงินคืนสะสม/)
    await expect(answer).toBeHidden()
    await question.click()
    await expect(answer).toBeVisible()

    await page.getByRole('searchbox', { name: 'ค้นหาคำถาม' }).fill('ไม่มีคำนี้ในคำถาม')
    await expect(page.getByText('ไม่พบคำถามที่มีคำว่า “ไม่มีคำนี้ในคำถาม”')).toBeVisible()
    await expect(page.getByRole('link', { name: 'แชทกับทีมงาน' }).first()).toHaveAttribute('href', '/chat-support')
  })

  test('shows the terms and the way into the chat', async ({ page }) => {
    await page.goto('/support')
    const terms = page.getByRole('region', { name: 'เงื่อนไขการใช้งาน' })
    await expect(terms.getByText('สมาชิกต้องมีอายุ 18 ปีขึ้นไป และอาศัยอยู่ในประเทศไทย')).toBeVisible()
    await expect(terms.getByText(/สินค้าชิ้นเดียวกันไม่เกิน 5 ชิ้นต่อวัน/)).toBeVisible()
    await expect(terms.getByText(/ห้ามซื้อเพื่อนำไปขายต่อ/)).toBeVisible()
    await expect(terms.getByRole('heading', { name: 'การระงับบัญชี' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'เริ่มแชท' })).toHaveAttribute('href', '/chat-support')
  })

  test('a member reaches help, the chat and the terms from the profile', async ({ page }) => {
    await page.goto('/en/auth')
    await signInOnScreen(page, 'demo@ngernkhuen.test')
    await expect(page).toHaveURL(/\/en\/home$/)
    await page.goto('/en/profile')
    const help = page.getByRole('navigation', { name: 'Help' })
    await help.getByRole('link', { name: 'Terms of use' }).click()
    await expect(page).toHaveURL(/\/en\/support#terms$/)
    await expect(page.getByRole('heading', { name: 'Terms of use' })).toBeInViewport()
    await page.goBack()
    await help.getByRole('link', { name: 'Chat with our team' }).click()
    await expect(page).toHaveURL(/\/en\/chat-support$/)
  })

  test('opens a tutorial from the list, step by step, with links to the real screens', async ({ page }) => {
    await page.goto('/tutorial')
    await expect(page.getByRole('heading', { level: 1, name: 'คู่มือการใช้งาน' })).toBeVisible()
    await page.getByRole('link', { name: /^ถอนเงินเข้าธนาคาร พร้อมเพย์ หรือทรูมันนี่/ }).click()
    await expect(page).toHaveURL(/\/tutorial\/detail\/withdraw$/)
    await expect(page.getByRole('heading', { level: 1, name: 'ถอนเงินเข้าธนาคาร พร้อมเพย์ หรือทรูมันนี่' })).toBeVisible()
    await expect(page.getByRole('listitem').filter({ hasText: 'ขั้นตอนที่ 1' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'ดูค่าธรรมเนียมแล้วยืนยัน' })).toBeVisible()
    await expect(page.getByText(/ค่าธรรมเนียมระบบ 10% ของยอดที่ถอน/)).toBeVisible()
    await expect(page.getByRole('link', { name: 'ไปที่หน้าถอนเงิน' }).first()).toHaveAttribute('href', '/withdrawal')

    await page.getByRole('link', { name: /^คู่มือถัดไป/ }).click()
    await expect(page).toHaveURL(/\/tutorial\/detail\/rating-and-one-day-cashback$/)
    await expect(page.getByRole('heading', { level: 1, name: 'เรตติ้งและเงินคืนภายใน 1 วัน' })).toBeVisible()
  })

  test('/tutorial/detail with no id shows the first tutorial; an unknown id says so', async ({ page }) => {
    await page.goto('/tutorial/detail')
    await expect(page.getByRole('heading', { level: 1, name: 'เงินคืนทำงานอย่างไร ตั้งแต่กดลิงก์จนเข้ากระเป๋า' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'ดูร้านค้าทั้งหมด' })).toHaveAttribute('href', '/merchants')

    await page.goto('/tutorial/detail/no-such-guide')
    await expect(page.getByRole('heading', { name: 'ไม่พบคู่มือนี้' })).toBeVisible()
    await page.getByRole('link', { name: 'ดูคู่มือทั้งหมด' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'คู่มือการใช้งาน' })).toBeVisible()
  })

  test('the how-to shows the three steps and leads to the merchants', async ({ page }) => {
    await page.goto('/howto')
    await expect(page.getByRole('heading', { level: 1, name: 'รับเงินคืนใน 3 ขั้นตอน' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['หาร้านค้า', 'ช้อปผ่านลิงก์ของเรา', 'รับเงินคืน'])
    await page.getByRole('link', { name: 'เลือกร้านค้าแล้วเริ่มช้อป' }).click()
    await expect(page).toHaveURL(/\/merchants$/)
  })

  test('English under /en', async ({ page }) => {
    await page.goto('/en/support')
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('MINIMUM')
    await expect(page.getByText('What is the minimum withdrawal?')).toBeVisible()
    await expect(page.getByText('How is my rating worked out?')).toBeHidden()
    await expect(page.getByRole('link', { name: 'Start a chat' })).toHaveAttribute('href', '/en/chat-support')
    await expect(page.getByText('Members must be 18 or older and live in Thailand.')).toBeVisible()

    await page.goto('/en/tutorial/detail')
    await expect(page.getByRole('heading', { level: 1, name: 'How cashback works, from tap to wallet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'See all merchants' })).toHaveAttribute('href', '/en/merchants')

    await page.goto('/en/howto')
    await expect(page.getByRole('heading', { level: 1, name: 'Cashback in 3 steps' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Pick a shop and start shopping' })).toHaveAttribute(
      'href',
      '/en/merchants',
    )
  })

  test('help is readable offline after a visit', async ({ page, context }) => {
    await page.goto('/support')
    await waitForServiceWorkerControl(page)
    await context.setOffline(true)

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'ช่วยเหลือ' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'ค้นหาคำถาม' }).fill('ค่าธรรมเนียม')
    await expect(page.getByText('ถอนเงินมีค่าธรรมเนียมไหม')).toBeVisible()

    // The other help pages, in both languages, were never opened online.
    await page.goto('/tutorial/detail/missing-cashback')
    await expect(page.getByRole('heading', { level: 1, name: 'ทำไมเงินคืนไม่เข้า และวิธีป้องกัน' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'ปิดตัวบล็อกโฆษณาก่อนช้อป' })).toBeVisible()
    await page.goto('/en/tutorial')
    await expect(page.getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible()
    await page.goto('/en/howto')
    await expect(page.getByRole('heading', { level: 1, name: 'Cashback in 3 steps' })).toBeVisible()
    await context.setOffline(false)
  })
})
