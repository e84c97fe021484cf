import { expect, test, type Page } from '@playwright/test'
import { startOwnAppServer } from './support/app-server'
import { signInForOfflineUse, signInOnScreen } from './support/sign-in'

const demoBuyerId = '64656d6f6275796572303031'

type WithdrawalList = { data: { _id: string; target: string; status: string; amount: number }[]; total: number }

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
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await expect(page.getByRole('heading', { name: "Waiting to send when you're back online" })).toBeVisible()
    // A second one before the first could be sent: the server will refuse it (one at a time).
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await fillTrueMoneyForm(page, '150')
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
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
    await page.goto(`${server.url}/en/withdraw-truemoney`)
    await fillTrueMoneyForm(page, '100')
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
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

test('the withdrawal form keeps what was typed and says what is wrong, in Thai', async ({ page }) => {
  await page.goto('/en/auth')
  await signInOnScreen(page, `withdraw-form-${Date.now()}@ngernkhuen.test`, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  await page.goto('/withdraw-bank-promptpay')
  await page.getByLabel('เลขที่บัญชี').fill('12345')
  await page.getByLabel('จำนวนเงินที่ต้องการถอน (บาท)').fill('50')
  await page.getByRole('button', { name: 'ยืนยันการถอนเงิน' }).click()
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
  // A new member is promised the standard time: no record yet to earn 1-day cashback.
  await expect(page.getByText(/^Arrives within 30 business days \(by /)).toBeVisible()
  await expect(page.getByText(/paid sooner/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click()
  // A new member has no cashback yet: the spec's rule, with the minimum from the fixed rates.
  await expect(page.getByRole('alert')).toHaveText('You must have accumulated cashback more than THB 100')
  await expect(page.getByLabel('Account number')).toHaveValue('123-4-56789-0')
})
