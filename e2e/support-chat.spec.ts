import { execFileSync } from 'node:child_process'
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { consoleViewport, demoOperator, signInToConsole } from './support/console'
import { waitUntilSavedOnDevice } from './support/saved-on-device'
import { signInForOfflineUse, signInOnScreen } from './support/sign-in'

type MessageOnServer = { sequence: number; author: 'shopper' | 'agent'; text: string }

function uniqueEmail(label: string): string {
  return `chat-${label}-${String(Date.now())}-${String(Math.floor(Math.random() * 1000))}@example.com`
}

/** Signs a new shopper up on the English sign-in screen; their buyer id. */
async function signUp(page: Page, email: string): Promise<string> {
  await page.goto('/en/auth')
  await signInOnScreen(page, email, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  const session = (await (await page.request.get('/api/auth/session')).json()) as { buyer: { buyerId: string } }
  return session.buyer.buyerId
}

/** What an operator runs: `npm run ops -- buyer suspend`, handed to the running test server. */
function suspendBuyer(email: string) {
  const dataDirectory = process.env.E2E_DATA_DIR
  if (dataDirectory === undefined) throw new Error('playwright.config.ts sets E2E_DATA_DIR')
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/ops.ts', 'buyer', 'suspend', email, '--reason', 'e2e: chargebacks'],
    { env: { ...process.env, DATA_DIR: dataDirectory, LOG_LEVEL: 'silent' }, stdio: 'pipe' },
  )
}

async function messagesOnServer(request: APIRequestContext, buyerId: string): Promise<MessageOnServer[]> {
  const response = await request.get(`/api/support/${buyerId}/messages?limit=100`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: MessageOnServer[] }).data
}

/** An agent of the console in a browser of their own (desktop), signed in as the demo support operator. */
async function signInAgent(browser: Browser) {
  const context = await browser.newContext(consoleViewport)
  const page = await context.newPage()
  await page.goto('/ops/sign-in')
  await signInToConsole(page, demoOperator('support'))
  await expect(page).not.toHaveURL(/sign-in/)
  return { context, page }
}

test('a suspended shopper writes from the ban screen, and sees the agent’s reply live, the unread count clearing', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = uniqueEmail('suspended')
  const buyerId = await signUp(page, email)
  suspendBuyer(email)

  // Suspended: member pages send them to /ban, where the spec's text points at the bubble below.
  await page.goto('/en/wallet')
  await expect(page).toHaveURL(/\/en\/ban$/)
  await expect(page.getByText('Unable to access! Please contact our chat bubble down below.')).toBeVisible()
  const bubble = page.getByRole('link', { name: /^Chat with support/ }).and(page.locator('a.fixed'))
  await expect(bubble).toBeVisible()
  await expect(bubble).toHaveAccessibleName('Chat with support')
  const box = await bubble.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(44)
  expect(box?.height).toBeGreaterThanOrEqual(44)

  await page.getByRole('main').getByRole('link', { name: 'Chat with support' }).click()
  await expect(page).toHaveURL(/\/en\/chat-support$/)
  await expect(page.getByRole('heading', { name: 'Chat with support' })).toBeVisible()
  await expect(page.getByText('Your account is suspended. You can still write to our team here')).toBeVisible()
  // No bubble on the chat itself.
  await expect(page.locator('a.fixed')).toHaveCount(0)
  // The purchase picker answers a suspended shopper too (the member lists refuse them).
  await page.getByRole('button', { name: 'Attach a purchase' }).click()
  const picker = page.getByRole('dialog', { name: 'Attach a purchase' })
  await expect(picker.getByText('No purchases yet')).toBeVisible()
  await picker.getByRole('button', { name: 'Close' }).click()
  await expect(picker).toBeHidden()

  const question = 'Why was my account suspended? See https://example.com/order?id=42.'
  await page.getByLabel('Message', { exact: true }).fill(question)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const log = page.getByRole('log', { name: 'Chat messages' })
  await expect(log.getByText('Why was my account suspended?')).toBeVisible()
  // Its link is a link, opening outside the app and telling the site nothing.
  const link = log.getByRole('link', { name: 'https://example.com/order?id=42' })
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(link).toHaveAttribute('target', '_blank')
  await expect(page.getByText('Waiting to send')).toHaveCount(0)
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('')
  await expect
    .poll(async () => (await messagesOnServer(page.request, buyerId)).map((m) => m.text))
    .toEqual(['Why was my account suspended? See https://example.com/order?id=42.'])

  // The shopper goes back to the ban screen; an agent answers from the console.
  await page.goBack()
  await expect(page).toHaveURL(/\/en\/ban$/)
  const answer = 'We are looking at it now <b>and</b> will answer today.'
  const agent = await signInAgent(browser)
  try {
    // The agent finds the conversation in the console's queue, sees the message and answers it,
    // attaching nothing.
    await agent.page.getByRole('link', { name: 'แชตกับลูกค้า' }).click()
    await agent.page.getByRole('link', { name: new RegExp(email.replaceAll('.', '\\.')) }).click()
    const agentThread = agent.page.getByRole('region', { name: 'ข้อความ' })
    await expect(agentThread.getByText('Why was my account suspended?')).toBeVisible()
    await agent.page.getByRole('textbox', { name: 'ตอบกลับ' }).fill(answer)
    await agent.page.getByRole('button', { name: 'ส่งคำตอบ' }).click()
    const sentAnswer = agentThread.getByRole('article').filter({ hasText: 'We are looking at it now' })
    await expect(sentAnswer).toBeVisible()

    // Live, without a reload: the bubble counts it.
    await expect(bubble).toHaveAccessibleName('Chat with support, 1 new message')
    await bubble.click()
    await expect(page).toHaveURL(/\/en\/chat-support$/)
    // Text, never markup.
    await expect(log.getByText(answer)).toBeVisible()
    await expect(log.getByText(/· NgernKhuen team$/)).toBeVisible()
    // Answering read the shopper's question: "Read" under it.
    await expect(log.getByText('Read', { exact: true })).toBeVisible()
    // Read on screen: the count clears, and the agent sees it was read.
    await expect(sentAnswer.getByText('ลูกค้าอ่านแล้ว')).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/en\/ban$/)
    await expect(bubble).toHaveAccessibleName('Chat with support')
  } finally {
    await agent.context.close()
  }
})

test('messages written with no signal wait in the thread and arrive once, in order, when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const buyerId = await signUp(page, uniqueEmail('offline'))
  // The service worker serves the app with no network once it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.goto('/en/chat-support')
  await expect(page.getByText('No messages yet')).toBeVisible()
  await waitUntilSavedOnDevice(page, '"thread"')

  await context.setOffline(true)
  const composer = page.getByLabel('Message', { exact: true })
  await composer.fill('First, written on the train')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await composer.fill('Second, still no signal')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const waiting = page.getByRole('list', { name: 'Waiting on this phone' })
  await expect(waiting.getByText('First, written on the train')).toBeVisible()
  await expect(waiting.getByText('Second, still no signal')).toBeVisible()
  await expect(
    waiting.getByText("Waiting to send. It will be sent automatically when you're back online."),
  ).toHaveCount(2)
  await expect(page.getByRole('banner').getByRole('link', { name: '2 waiting to send' })).toBeVisible()

  // A reload with no signal keeps them (IndexedDB), still waiting.
  await page.reload()
  await expect(waiting.getByText('Second, still no signal')).toBeVisible()

  await context.setOffline(false)
  const log = page.getByRole('log', { name: 'Chat messages' })
  await expect(waiting).toHaveCount(0)
  await expect(log.getByText('First, written on the train')).toHaveCount(1)
  await expect(log.getByText('Second, still no signal')).toHaveCount(1)
  const onServer = await messagesOnServer(page.request, buyerId)
  expect(onServer.map((message) => message.text)).toEqual(['First, written on the train', 'Second, still no signal'])
  // Once more after a reload: the thread saved on the phone and the server's agree.
  await page.reload()
  await expect(log.getByText('First, written on the train')).toHaveCount(1)
  expect(await messagesOnServer(page.request, buyerId)).toHaveLength(2)
})

test('a shopper attaches one of their purchases to a message, and it shows with the message', async ({ page }) => {
  test.setTimeout(120_000)
  await signInForOfflineUse(page, '')
  await page.goto('/en/chat-support')
  await page.getByRole('button', { name: 'Attach a purchase' }).click()
  const picker = page.getByRole('dialog', { name: 'Attach a purchase' })
  const purchase = picker
    .getByRole('button')
    .filter({ hasText: /Order DEMO-\d{6}/ })
    .first()
  const orderId = /DEMO-\d{6}/.exec((await purchase.textContent()) ?? '')?.[0] ?? ''
  expect(orderId).not.toBe('')
  await purchase.click()
  await expect(picker).toBeHidden()
  await page.getByLabel('Message', { exact: true }).fill('Is this order tracked?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const log = page.getByRole('log', { name: 'Chat messages' })
  const sent = log.getByRole('listitem').filter({ hasText: 'Is this order tracked?' })
  await expect(sent.getByRole('link', { name: /^Attached purchase: / })).toContainText(`Order ${orderId}`)
})
