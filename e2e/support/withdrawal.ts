import type { Page } from '@playwright/test'

const words = {
  en: { review: 'Review withdrawal', sheet: 'Check before you withdraw', confirm: 'Confirm withdrawal' },
  th: { review: 'ตรวจสอบรายการถอน', sheet: 'ตรวจสอบก่อนถอนเงิน', confirm: 'ยืนยันการถอนเงิน' },
} as const

/** Sends the filled withdrawal form as a shopper does: review it, then confirm in the review sheet. */
export async function reviewAndConfirmWithdrawal(page: Page, language: keyof typeof words = 'en') {
  await page.getByRole('button', { name: words[language].review }).click()
  await page
    .getByRole('dialog', { name: words[language].sheet })
    .getByRole('button', { name: words[language].confirm })
    .click()
}
