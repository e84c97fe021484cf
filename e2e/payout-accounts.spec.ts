import { expect, test, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { outboxMessages, signInForOfflineUse } from './support/sign-in'
import { reviewAndConfirmWithdrawal } from './support/withdrawal'

const demoBuyerId = '64656d6f6275796572303031'
const waitingMilliseconds = 72 * 3_600_000

/** The day a date falls on in Bangkok, as the app writes it in `locale` (Buddhist era in Thai). */
function bangkokDay(date: Date, locale: 'en-US' | 'th-TH'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    calendar: locale === 'th-TH' ? 'buddhist' : 'gregory',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date)
}

async function balanceOnServer(page: Page, origin: string): Promise<number> {
  const response = await page.request.get(`${origin}/api/buyers/${demoBuyerId}/wallet`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { balance: number }).balance
}

test('a returning shopper withdraws to the saved account, and a changed one waits 72 hours', async ({ page }) => {
  // Its own server (seeded, then operator commands through the CLI) is slow to start on a busy machine.
  test.setTimeout(300_000)
  const server = await startOwnAppServer()
  try {
    await signInForOfflineUse(page, server.url)

    // The picker says when the money arrives per method, as the review sheet does. The demo
    // buyer's rating earns 1-day cashback, which is promised 7 business days on every method.
    await page.goto(`${server.url}/en/withdrawal`)
    const methods = page.getByRole('navigation', { name: 'Where to receive the money' })
    await expect(methods.getByRole('link', { name: /Bank account or PromptPay/ })).toContainText(
      'arrives within 7 business days',
    )
    await expect(methods.getByRole('link', { name: /TrueMoney Wallet/ })).toContainText(
      'Arrives in the wallet within 7 business days',
    )
    await methods.getByRole('link', { name: /Bank account or PromptPay/ }).click()
    const tabs = page.getByRole('navigation', { name: 'How to receive the money' })
    await expect(tabs.getByRole('link', { name: /^Bank account/ })).toContainText('Arrives within 7 business days')
    await expect(tabs.getByRole('link', { name: /^PromptPay/ })).toContainText('Arrives within 7 business days')

    // First withdrawal: the account is typed in full (each field says why it is asked), and
    // "Withdraw all" fills the largest amount the rules allow: the balance in whole baht.
    await expect(page.getByRole('region', { name: 'Saved payout account' })).toHaveCount(0)
    await expect(page.getByLabel('Account name')).toHaveAccessibleDescription(
      'Must match the name on the bank account, or the bank bounces the transfer',
    )
    await expect(page.getByLabel('Phone or ID number')).toHaveAccessibleDescription(
      'The bank uses it to verify the payee',
    )
    await page.getByRole('radio', { name: 'Kasikorn (KBank)' }).check()
    await page.getByLabel('Account number').fill('123-4-56789-0')
    await page.getByLabel('Account name').fill('Somchai Jaidee')
    await page.getByLabel('Branch name').fill('Siam Square')
    await page.getByLabel('Phone or ID number').fill('0812345678')
    const balance = await balanceOnServer(page, server.url)
    await page.getByRole('button', { name: 'Withdraw all' }).click()
    await expect(page.getByLabel('Amount to withdraw (THB)')).toHaveValue(String(Math.floor(balance / 100)))
    // A smaller amount, so a later withdrawal is still possible.
    await page.getByLabel('Amount to withdraw (THB)').fill('150')
    await reviewAndConfirmWithdrawal(page)
    await expect(page).toHaveURL(/\/en\/withdraw-success\?id=/)
    const withdrawalId = new URL(page.url()).searchParams.get('id') ?? ''
    await server.runOperatorCommands(
      ['withdrawal', 'processing', withdrawalId, '--reason', 'e2e: transferring'],
      ['withdrawal', 'paid', withdrawalId, '--reason', 'e2e: transferred'],
    )

    // Returning: the saved account is offered, masked; only the amount is typed.
    await page.goto(`${server.url}/en/withdraw-bank-promptpay`)
    const saved = page.getByRole('region', { name: 'Saved payout account' })
    await expect(saved).toContainText('Kasikorn (KBank) · xxx-x-x7890')
    await expect(saved).toContainText('Somchai Jaidee')
    await expect(page.getByLabel('Account number')).toHaveCount(0)
    await page.getByLabel('Amount to withdraw (THB)').fill('100')
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    const review = page.getByRole('dialog', { name: 'Check before you withdraw' })
    await expect(
      review
        .getByRole('term')
        .filter({ hasText: /^Account$/ })
        .locator('xpath=following-sibling::dd'),
    ).toHaveText('xxx-x-x7890')
    await review.getByRole('button', { name: 'Edit' }).click()

    // The shopper changes it: saved now, usable 72 hours later, and they are told from when.
    await saved.getByRole('button', { name: 'Change account' }).click()
    await expect(
      page.getByText('For your security, a new payout account can be used 72 hours after it is saved.', {
        exact: false,
      }),
    ).toBeVisible()
    await expect(page.getByLabel('Amount to withdraw (THB)')).toHaveCount(0)
    await page.getByRole('radio', { name: 'Siam Commercial (SCB)' }).check()
    await page.getByLabel('Account number').fill('987-6-54321-0')
    await page.getByLabel('Account name').fill('Somchai Jaidee')
    await page.getByLabel('Branch name').fill('Chidlom')
    await page.getByLabel('Phone or ID number').fill('0812345678')
    const savedAt = Date.now()
    await page.getByRole('button', { name: 'Save payout account' }).click()
    const usableDay = bangkokDay(new Date(savedAt + waitingMilliseconds), 'en-US')
    await expect(page.getByRole('status')).toContainText(
      `Payout account saved. You can withdraw to it from ${usableDay}`,
    )
    await expect(saved).toContainText('xxx-x-x3210')
    await expect(saved).toContainText(`Usable from ${usableDay}`)

    // A withdrawal to it now is refused with the same date; the server refuses it too.
    await page.getByLabel('Amount to withdraw (THB)').fill('100')
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    await expect(page.getByRole('alert')).toContainText(
      `This payout account was just changed. You can withdraw to it from ${usableDay}`,
    )
    await expect(page.getByRole('dialog')).toHaveCount(0)

    // In Thai, the date is in the Buddhist era.
    await page.goto(`${server.url}/withdraw-bank-promptpay`)
    await expect(page.getByRole('region', { name: 'บัญชีรับเงินที่บันทึกไว้' })).toContainText(
      `ใช้ถอนได้ตั้งแต่ ${bangkokDay(new Date(savedAt + waitingMilliseconds), 'th-TH')}`,
    )

    // The security message, which opens the support chat.
    await page.goto(`${server.url}/en/notifications`)
    await expect(page.getByText('Your payout account changed')).toBeVisible()

    // The same notice went to the shopper's own email, where a thief holding the session does
    // not read it: the new account masked, and from when it can be used. Only the change: the
    // first account, typed with the first withdrawal, told nobody.
    const mailed = (await outboxMessages(page, 'demo@ngernkhuen.test')).filter(
      (message) => message.kind === 'payout_account_changed',
    )
    expect(mailed).toHaveLength(1)
    expect(mailed[0]?.text).toContain('Siam Commercial (SCB) account xxx-x-x3210')
    expect(mailed[0]?.text).toContain(bangkokDay(new Date(savedAt + waitingMilliseconds), 'th-TH'))
    expect(mailed[0]?.text).not.toContain('9876543210')
  } finally {
    await server.stop()
  }
})
