import { expect, test, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { signInForOfflineUse, signInOnScreen } from './support/sign-in'
import { reviewAndConfirmWithdrawal } from './support/withdrawal'

const demoBuyerId = '64656d6f6275796572303031'

type WithdrawalList = {
  data: { _id: string; target: string; status: string; amount: number; expectedBy: string | null }[]
  total: number
}

async function withdrawalsOnServer(page: Page, origin: string): Promise<WithdrawalList> {
  const response = await page.request.get(`${origin}/api/wallet/${demoBuyerId}/withdrawals?limit=50`)
  expect(response.status()).toBe(200)
  return (await response.json()) as WithdrawalList
}

async function fillTrueMoneyForm(page: Page, amount: string) {
  await page.getByLabel('TrueMoney Wallet mobile number').fill('081-234-5678')
  await page.getByLabel('Account name').fill('Somchai Jaidee')
  await page.getByLabel('Amount to withdraw (THB)').fill(amount)
}

test('withdrawals confirmed offline wait on the phone and are sent exactly once', async ({ page, context }) => {
  test.setTimeout(180_000)
  const server = await startOwnAppServer()
  try {
    await signInForOfflineUse(page, server.url)
    // Load what the form needs while online (wallet, history, rates), as a shopper would have.
    await page.goto(`${server.url}/en/withdrawal`)
    await expect(page.getByText('No withdrawal history')).toBeVisible()
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await expect(page.getByText(/^Balance THB/)).toBeVisible()
    // The demo buyer's 96 % rating over 25 purchases earns 1-day cashback, and faster payouts.
    await expect(page.getByText(/^Arrives within 7 business days \(by /)).toBeVisible()
    await expect(
      page.getByText('1-day cashback members are paid sooner: within 7 business days instead of 14'),
    ).toBeVisible()

    // 1. Offline: two withdrawals are kept on the phone, through a reload.
    await context.setOffline(true)
    await fillTrueMoneyForm(page, '200')
    await expect(page.getByText('You receive')).toBeVisible()
    await reviewAndConfirmWithdrawal(page)
    await expect(page.getByRole('heading', { name: "Waiting to send when you're back online" })).toBeVisible()
    // A second one before the first could be sent: the server will refuse it (one at a time).
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await fillTrueMoneyForm(page, '150')
    await reviewAndConfirmWithdrawal(page)
    await expect(page.getByRole('heading', { name: "Waiting to send when you're back online" })).toBeVisible()
    await page.reload()
    await page.goto(`${server.url}/en/withdrawal`)
    const queued = page.getByRole('region', { name: 'Waiting on this phone' })
    await expect(queued.getByText('TrueMoney Wallet, THB 200.00')).toBeVisible()
    await expect(queued.getByText('TrueMoney Wallet, THB 150.00')).toBeVisible()
    await expect(page.getByRole('banner').getByRole('link', { name: '2 waiting to send' })).toBeVisible()

    // Back online: the first is sent once and the history shows it; the second is refused, and
    // the shopper is told why in their language and can discard it or try again later.
    await context.setOffline(false)
    await expect(queued.getByRole('alert')).toHaveText('There is pending transaction.')
    await expect(queued.getByText('TrueMoney Wallet, THB 200.00')).toHaveCount(0)
    await expect(page.getByRole('list').getByText('TrueMoney Wallet, THB 200.00')).toBeVisible()
    await expect(queued.getByRole('button', { name: 'Discard it' })).toBeVisible()
    const afterFirst = await withdrawalsOnServer(page, server.url)
    expect(afterFirst.total).toBe(1)
    const [first] = afterFirst.data
    expect(first).toMatchObject({ target: 'truemoney', status: 'requested', amount: 20_000 })
    // While it is being paid, the form says why another cannot be made, and until when, before
    // anything is typed.
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await expect(page.getByText('There is pending transaction.')).toBeVisible()
    await expect(
      page.getByText(
        /^One withdrawal at a time: you can withdraw again once the last one has been paid, by \w+ \d+, \d{4}\.$/,
      ),
    ).toBeVisible()
    await expect(page.getByLabel('Amount to withdraw (THB)')).toHaveCount(0)
    await page.goto(`${server.url}/en/withdrawal`)

    // An operator pays the first one; the refused second, tried again, now goes through (as a new
    // request: the server keeps its refusal under the old key).
    const firstId = first?._id ?? ''
    await server.runOperatorCommands(
      ['withdrawal', 'processing', firstId, '--reason', 'e2e: transferring'],
      ['withdrawal', 'paid', firstId, '--reason', 'e2e: transferred'],
    )
    await page.reload()
    await expect(queued.getByRole('alert')).toHaveText('There is pending transaction.')
    await queued.getByRole('button', { name: 'Try again' }).click()
    await expect(queued).toHaveCount(0)
    await expect(page.getByRole('list').getByText('TrueMoney Wallet, THB 150.00')).toBeVisible()
    const afterRetry = await withdrawalsOnServer(page, server.url)
    expect(afterRetry.total).toBe(2)
    expect(afterRetry.data.filter((withdrawal) => withdrawal.amount === 15_000)).toHaveLength(1)
    const second = afterRetry.data.find((withdrawal) => withdrawal.amount === 15_000)
    await server.runOperatorCommands(
      ['withdrawal', 'processing', second?._id ?? '', '--reason', 'e2e: transferring'],
      ['withdrawal', 'paid', second?._id ?? '', '--reason', 'e2e: transferred'],
    )

    // 3. The network drops after the server has the request: the retry carries the same key, so
    // the server answers the first result and nothing is paid twice.
    let droppedAnswers = 0
    await page.route('**/api/wallet/*/withdrawals', async (route) => {
      if (route.request().method() !== 'POST' || droppedAnswers > 0) return route.fallback()
      droppedAnswers += 1
      await route.fetch()
      await route.abort('connectionreset')
    })
    // The wallet of the first withdrawal is saved now: only the amount is typed.
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await expect(page.getByRole('region', { name: 'Saved payout account' })).toContainText('081-xxx-5678')
    await page.getByLabel('Amount to withdraw (THB)').fill('100')
    await reviewAndConfirmWithdrawal(page)
    await expect(page).toHaveURL(/\/en\/withdraw-success\?(id|queued)=/, { timeout: 30_000 })
    await page.goto(`${server.url}/en/withdrawal`)
    await expect(page.getByRole('list').getByText('TrueMoney Wallet, THB 100.00')).toBeVisible({ timeout: 30_000 })
    expect(droppedAnswers).toBe(1)
    const afterDrop = await withdrawalsOnServer(page, server.url)
    expect(afterDrop.data.filter((withdrawal) => withdrawal.amount === 10_000)).toHaveLength(1)
    expect(afterDrop.total).toBe(3)
  } finally {
    await server.stop()
  }
})

test('the promised date leaves out the bank holidays an operator adds, and is the date the server stores', async ({
  page,
}) => {
  test.setTimeout(180_000)
  // Tuesday 1 December 2026, 10:00 in Bangkok, on the server and on the phone.
  const now = new Date('2026-12-01T03:00:00Z')
  const server = await startOwnAppServer({}, { serverNow: now })
  try {
    await page.clock.setFixedTime(now)
    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, 'demo@ngernkhuen.test')
    await expect(page).toHaveURL(/\/en\/home$/)
    // A 1-day cashback member is promised 7 business days: 2 to 10 December, with no holidays.
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    const promise = page.getByTestId('payout-promise')
    await expect(promise).toContainText('Arrives within 7 business days (by December 10, 2026)')

    // Father's Day falls on a Saturday in 2026, so Monday the 7th is its substitution day.
    await server.runOperatorCommands(
      ['holidays', 'add', '2026-12-07', '--name', 'Substitution for Father’s Day'],
      ['holidays', 'add', '2026-12-10', '--name', 'Constitution Day'],
    )
    await page.reload()
    await expect(promise).toContainText('Arrives within 7 business days (by December 14, 2026)')

    await fillTrueMoneyForm(page, '200')
    await page.getByRole('button', { name: 'Review withdrawal' }).click()
    const review = page.getByRole('dialog', { name: 'Check before you withdraw' })
    await expect(
      review
        .getByRole('term')
        .filter({ hasText: /^Arrives by$/ })
        .locator('xpath=following-sibling::dd'),
    ).toHaveText('December 14, 2026')
    await review.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(page).toHaveURL(/\/en\/withdraw-success\?id=/, { timeout: 30_000 })
    const stored = (await withdrawalsOnServer(page, server.url)).data
    // 10:00 in Bangkok on 14 December, give or take the seconds the test took.
    expect(stored.map((withdrawal) => withdrawal.expectedBy?.slice(0, 13))).toEqual(['2026-12-14T03'])
  } finally {
    await server.stop()
  }
})

test('the withdrawal form keeps what was typed and says what is wrong, in Thai', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, 'demo@ngernkhuen.test')
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.goto('/withdraw-bank-promptpay')
  await page.getByLabel('เลขที่บัญชี').fill('12345')
  await page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('50')
  await page.getByRole('button', { name: 'ตรวจสอบรายการถอน' }).click()
  await expect(page.getByText('กรุณาเลือกธนาคาร')).toBeVisible()
  await expect(page.getByText('กรุณากรอกเลขบัญชีให้ถูกต้อง')).toBeVisible()
  await expect(page.getByLabel('เลขที่บัญชี')).toHaveValue('12345')

  await page.goto('/en/withdraw-bank-promptpay')
  await page.getByRole('radio', { name: 'Kasikorn (KBank)' }).check()
  await page.getByLabel('Account number').fill('123-4-56789-0')
  await page.getByLabel('Account name').fill('Somchai Jaidee')
  await page.getByLabel('Branch name').fill('Siam Square')
  await page.getByLabel('Phone or ID number').fill('0812345678')
  await page.getByLabel('Amount to withdraw (THB)').fill('50')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  // The rules are checked before the review sheet: the spec's minimum, from the fixed rates.
  await expect(page.getByRole('alert')).toHaveText(/^Unable to withdraw below THB\s100$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The review sheet: where the money goes (masked), the fee and what it is, what arrives and by when.
  await page.getByLabel('Amount to withdraw (THB)').fill('150')
  await page.getByRole('button', { name: 'Review withdrawal' }).click()
  const review = page.getByRole('dialog', { name: 'Check before you withdraw' })
  const fact = (term: string) =>
    review
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd')
  await expect(fact('Bank')).toHaveText('Kasikorn (KBank)')
  await expect(fact('Account')).toHaveText('xxx-x-x7890')
  await expect(fact('Amount')).toHaveText('THB 150.00')
  await expect(fact('System fee')).toHaveText('THB 15.00')
  await expect(fact('You receive')).toHaveText('THB 135.00')
  await expect(fact('Arrives by')).toHaveText(/\d{4}$/)
  await expect(
    review.getByText('The 10% system fee comes out of the amount you withdraw.', { exact: false }),
  ).toBeVisible()
  // Editing goes back to the form with everything kept; nothing was sent.
  await review.getByRole('button', { name: 'Edit' }).click()
  await expect(review).toBeHidden()
  await expect(page.getByLabel('Account number')).toHaveValue('123-4-56789-0')
  await expect(page.getByLabel('Amount to withdraw (THB)')).toHaveValue('150')
})

test('a new member is told before typing anything why they cannot withdraw yet, and where cashback comes from', async ({
  page,
}) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, `withdraw-new-${Date.now()}@ngernkhuen.test`, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.goto('/en/withdraw-truemoney')
  await expect(page.getByText(/^You must have accumulated cashback more than THB\s100$/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find a shop' })).toBeVisible()
  await expect(page.getByLabel('Amount to withdraw (THB)')).toHaveCount(0)
})
