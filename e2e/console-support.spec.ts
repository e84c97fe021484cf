import { expect, test, type Page } from '@playwright/test'
import { consoleViewport, demoOperator, signInToConsole } from './support/console'
import { signInOnScreen } from './support/sign-in'

/** A new shopper signed up on the phone; their buyer id. */
async function signUpShopper(page: Page, email: string): Promise<string> {
  await page.goto('/en/auth')
  await signInOnScreen(page, email, { isNewBuyer: true })
  await expect(page).toHaveURL(/\/en\/home$/)
  const session = (await (await page.request.get('/api/auth/session')).json()) as { buyer: { buyerId: string } }
  return session.buyer.buyerId
}

/** What the shopper's chat sends (its screens have their own spec): one message, keyed once. */
async function writeAsShopper(page: Page, buyerId: string, text: string) {
  const response = await page.request.post(`/api/support/${buyerId}/messages`, {
    data: { text },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { sequence: number }
}

test('an agent answers a shopper from the console: the queue and the thread update live, a canned answer, read, closed', async ({
  page: phone,
  browser,
}) => {
  test.setTimeout(180_000)
  const email = `console-chat-${String(Date.now())}@example.com`
  const buyerId = await signUpShopper(phone, email)
  await writeAsShopper(phone, buyerId, 'ถอนเงินขั้นต่ำเท่าไรคะ')

  const context = await browser.newContext(consoleViewport)
  try {
    const agent = await context.newPage()
    await agent.goto('/ops/sign-in')
    // The admin demo operator: the other specs on this server sign in as support (codes are counted per operator).
    await signInToConsole(agent, demoOperator('admin'))
    await agent.getByRole('link', { name: 'แชตกับลูกค้า' }).click()
    await expect(agent.getByRole('heading', { name: 'แชตกับลูกค้า' })).toBeVisible()
    const entry = agent.getByRole('link', { name: new RegExp(email.replaceAll('.', '\\.')) })
    await expect(entry).toContainText('ถอนเงินขั้นต่ำเท่าไรคะ')
    await expect(entry).toContainText('รอตอบ')
    await entry.click()

    await expect(agent.getByRole('heading', { name: `แชตกับ ${email}` })).toBeVisible()
    const thread = agent.getByRole('region', { name: 'ข้อความ' })
    await expect(thread.getByText('ถอนเงินขั้นต่ำเท่าไรคะ')).toBeVisible()
    // The shopper's context beside it.
    await expect(agent.getByRole('region', { name: 'ลูกค้า', exact: true }).getByText(email)).toBeVisible()

    // A second message arrives without a reload.
    await writeAsShopper(phone, buyerId, 'ขอบคุณล่วงหน้าค่ะ')
    await expect(thread.getByText('ขอบคุณล่วงหน้าค่ะ')).toBeVisible()
    // Seen by the agent: the shopper's side says so.
    await expect
      .poll(async () => {
        const response = await phone.request.get(`/api/support/${buyerId}/conversation`)
        return ((await response.json()) as { agentReadSequence: number }).agentReadSequence
      })
      .toBe(2)

    // The FAQ's answer, with today's figures, goes into the reply box to edit.
    await agent.getByLabel('คำตอบสำเร็จรูปจากคำถามที่พบบ่อย').selectOption({ label: 'ถอนเงินขั้นต่ำเท่าไร' })
    const reply = agent.getByRole('textbox', { name: 'ตอบกลับ' })
    await expect(reply).toHaveValue(/^ถอนได้ครั้งละตั้งแต่ ฿100/)
    await reply.fill(`สวัสดีค่ะ ${await reply.inputValue()}`)
    await agent.getByRole('button', { name: 'ส่งคำตอบ' }).click()
    await expect(reply).toHaveValue('')
    const answer = thread.getByRole('article').filter({ hasText: 'สวัสดีค่ะ ถอนได้ครั้งละตั้งแต่' })
    await expect(answer).toBeVisible()

    // The shopper reads it on the phone: "read" under the answer.
    const messages = (await (await phone.request.get(`/api/support/${buyerId}/messages`)).json()) as {
      data: { sequence: number; author: string; text: string }[]
    }
    const answerSequence = messages.data.find((message) => message.author === 'agent')?.sequence ?? 0
    expect(answerSequence).toBe(3)
    const read = await phone.request.post(`/api/support/${buyerId}/read`, { data: { sequence: answerSequence } })
    expect(read.status()).toBe(200)
    await expect(answer.getByText('ลูกค้าอ่านแล้ว')).toBeVisible()

    // Answered: closed, it leaves the open queue for the closed one.
    await agent.getByRole('button', { name: 'ปิดการสนทนา' }).click()
    await expect(agent.getByRole('button', { name: 'เปิดการสนทนาอีกครั้ง' })).toBeVisible()
    await agent.getByRole('link', { name: 'แชตกับลูกค้า' }).click()
    await expect(entry).toHaveCount(0)
    await agent.getByRole('link', { name: 'ปิดแล้ว' }).click()
    await expect(entry).toBeVisible()

    // The shopper writes again: it is open again, waiting for an answer.
    await writeAsShopper(phone, buyerId, 'อีกเรื่องค่ะ')
    await agent.getByRole('link', { name: 'เปิดอยู่' }).click()
    await expect(entry).toContainText('อีกเรื่องค่ะ')
    await expect(entry).toContainText('รอตอบ')
  } finally {
    await context.close()
  }
})
