import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { auditPageSchema } from '#domain/ops/audit'
import { consoleTodaySchema } from '#domain/ops/operator'
import {
  consoleSupportConversationDetailSchema,
  consoleSupportConversationPageSchema,
  consoleSupportConversationSchema,
  type ConsoleSupportConversationPage,
} from '#domain/ops/support'
import { supportAttachmentSchema, supportMessagePageSchema, supportMessageSchema } from '#domain/support/chat'
import { buyers, supportConversations } from '#server/db/schema'
import { signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { applyTestChange, recordTestPurchase, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'
import { smallJpeg } from '#server/test/proofs'
import { newIdempotencyKey, supportShopper } from '#server/test/support'

const { database, merchant } = useTestDatabaseWithMerchant()

let shopperCounter = 0

async function newShopper(app: ReturnType<typeof createConsoleTestApp>['app'], firstName?: string) {
  shopperCounter += 1
  const { cookie, buyer } = await signIn(app, `agent.side.${shopperCounter}.${process.pid}@example.co.th`)
  if (firstName !== undefined) {
    await database().update(buyers).set({ firstName, lastName: 'ทดสอบ' }).where(eq(buyers.id, buyer.buyerId))
  }
  return { cookie, buyerId: buyer.buyerId, ...supportShopper(app, { cookie, buyerId: buyer.buyerId }) }
}

describe('the support chat, agent side', () => {
  it('lists open conversations waiting longest first, then answered ones, and closed ones newest first, in pages', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { app, clock, get, post } = consoleApp
    const first = await newShopper(app)
    const second = await newShopper(app)
    const third = await newShopper(app)
    await first.write('คนแรก')
    clock.advance(60_000)
    await second.write('คนที่สอง')
    clock.advance(60_000)
    await third.write('คนที่สาม')
    clock.advance(60_000)
    // The first is answered: they wait no more, and go after the others.
    const firstConversation = (await first.conversation()).id
    const secondConversation = (await second.conversation()).id
    const thirdConversation = (await third.conversation()).id
    expect(
      (await post(`/api/ops/support/conversations/${firstConversation}/messages`, { text: 'รับเรื่องแล้วค่ะ' })).status,
    ).toBe(201)
    clock.advance(60_000)
    // A shopper writing again keeps their place (waiting since their first unanswered message).
    await second.write('ยังรออยู่นะคะ')

    const ids = (page: ConsoleSupportConversationPage) => page.data.map((conversation) => conversation.id)
    async function queue(query: string) {
      const response = await get(`/api/ops/support/conversations${query}`)
      expect(response.status).toBe(200)
      return v.parse(consoleSupportConversationPageSchema, await response.json())
    }
    const ours = new Set([firstConversation, secondConversation, thirdConversation])
    const open = await queue('?status=open&limit=100')
    expect(ids(open).filter((id) => ours.has(id))).toEqual([secondConversation, thirdConversation, firstConversation])
    const second_ = open.data.find((conversation) => conversation.id === secondConversation)
    expect(second_).toMatchObject({
      buyerId: second.buyerId,
      status: 'open',
      lastSequence: 2,
      lastMessagePreview: 'ยังรออยู่นะคะ',
      lastMessageAuthor: 'shopper',
      unreadByAgentCount: 2,
      buyerSuspended: false,
    })
    expect(second_?.buyerLabel).toContain('@example.co.th')
    expect(open.data.find((conversation) => conversation.id === firstConversation)).toMatchObject({
      lastMessageAuthor: 'agent',
      unreadByAgentCount: 0,
    })

    // Page by page, the same order.
    const paged: string[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const page = await queue(`?status=open&limit=1${cursor === '' ? '' : `&before=${encodeURIComponent(cursor)}`}`)
      expect(page.data.length).toBeLessThanOrEqual(1)
      paged.push(...ids(page))
      cursor = page.nextBefore
    }
    expect(paged).toEqual(ids(open))

    for (const conversationId of [firstConversation, thirdConversation]) {
      clock.advance(60_000)
      const closed = await post(`/api/ops/support/conversations/${conversationId}/status`, { status: 'closed' })
      expect(closed.status).toBe(200)
    }
    // Newest message first: the answer to the first came after the third's question.
    const closed = await queue('?status=closed&limit=100')
    expect(ids(closed).filter((id) => ours.has(id))).toEqual([firstConversation, thirdConversation])
    const closedPage = await queue('?status=closed&limit=1')
    expect(closedPage.nextBefore).not.toBeNull()
    expect(ids(await queue(`?status=closed&limit=1&before=${closedPage.nextBefore ?? ''}`))).toEqual(
      ids(closed).slice(1, 2),
    )
    // Not a cursor, or a time past year 9999 (no date PostgreSQL takes): 400, never 500.
    for (const before of ['nonsense', `999999999999999.${'a'.repeat(24)}`]) {
      const badCursor = await get(`/api/ops/support/conversations?status=closed&before=${before}`)
      expect(badCursor.status).toBe(400)
      expect((await readErrorBody(badCursor)).error.code).toBe('invalid_request')
    }
  })

  it("shows the shopper's context beside the conversation", async () => {
    const { app, clock, get } = createConsoleTestApp(database())
    const shopper = await newShopper(app, 'มานี')
    const purchase = await recordTestPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 50_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: purchase.id,
      event: {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: 'Item returned',
      },
      now: clock.now(),
    })
    const proof = await app.request(`/api/cashback/${shopper.buyerId}/transactions/${purchase.id}/proofs`, {
      method: 'POST',
      body: smallJpeg,
      headers: { 'Content-Type': 'image/jpeg', 'Idempotency-Key': newIdempotencyKey(), Cookie: shopper.cookie },
    })
    expect(proof.status).toBe(201)
    await shopper.send({ text: 'คำสั่งซื้อนี้ค่ะ', transactionId: purchase.id })
    const conversationId = (await shopper.conversation()).id
    const response = await get(`/api/ops/support/conversations/${conversationId}`)
    expect(response.status).toBe(200)
    const detail = v.parse(consoleSupportConversationDetailSchema, await response.json())
    expect(detail.conversation).toMatchObject({ id: conversationId, buyerId: shopper.buyerId, lastSequence: 1 })
    expect(detail.conversation.buyerLabel).toBe('มานี ทดสอบ')
    expect(detail.buyer).toMatchObject({ id: shopper.buyerId, status: 'active', suspendedReason: null })
    expect(detail.recentTransactions.map((transaction) => transaction.id)).toEqual([purchase.id])
    expect(detail.recentWithdrawals).toEqual([])
    expect(detail.recentProofs.map((found) => [found.transactionId, found.status])).toEqual([[purchase.id, 'pending']])

    const messages = await get(`/api/ops/support/conversations/${conversationId}/messages`)
    const page = v.parse(supportMessagePageSchema, await messages.json())
    expect(page.data[0]?.transaction?.id).toBe(purchase.id)

    for (const path of [
      '/api/ops/support/conversations/ffffffffffffffffffffffff',
      '/api/ops/support/conversations/ffffffffffffffffffffffff/messages',
      '/api/ops/support/conversations/not-an-id',
    ]) {
      const unknown = await get(path)
      expect(unknown.status).toBe(404)
      expect((await readErrorBody(unknown)).error.code).toBe('record_not_found')
    }
  })

  it('answers with the first word of the agent name, marks what the agent read, and logs the answer', async () => {
    const { app, get, post } = createConsoleTestApp(database())
    const shopper = await newShopper(app)
    await shopper.write('ถามหน่อยค่ะ')
    await shopper.write('เงินคืนเข้าเมื่อไหร่')
    const conversationId = (await shopper.conversation()).id ?? ''

    const read = await post(`/api/ops/support/conversations/${conversationId}/read`, { sequence: 1 })
    expect(read.status).toBe(200)
    expect(v.parse(consoleSupportConversationSchema, await read.json()).unreadByAgentCount).toBe(1)
    expect((await shopper.conversation()).agentReadSequence).toBe(1)

    const replied = await post(`/api/ops/support/conversations/${conversationId}/messages`, {
      text: 'ภายใน 30 วันหลังร้านยืนยันค่ะ',
    })
    expect(replied.status).toBe(201)
    const answer = v.parse(supportMessageSchema, await replied.json())
    // Test operators are named "Test support N".
    expect(answer).toMatchObject({ sequence: 3, author: 'agent', agentName: 'Test', transaction: null })
    expect((await shopper.conversation()).agentReadSequence).toBe(3)
    const shopperView = await shopper.messages()
    expect(shopperView.data.at(-1)).toEqual(answer)

    const empty = await post(`/api/ops/support/conversations/${conversationId}/messages`, { text: '   ' })
    expect(empty.status).toBe(400)
    const unknown = await post('/api/ops/support/conversations/ffffffffffffffffffffffff/messages', { text: 'ไม่มี' })
    expect(unknown.status).toBe(404)
    expect((await readErrorBody(unknown)).error.code).toBe('record_not_found')

    const audit = await get(`/api/ops/audit?subjectType=support_conversation&subjectId=${conversationId}`)
    const entries = v.parse(auditPageSchema, await audit.json()).data
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      action: 'support_conversation.replied',
      subjectId: conversationId,
      after: { messageId: answer.id, sequence: 3 },
    })
  })

  it("counts the shopper's unread answers and lets them mark them read, forward only", async () => {
    const { app, post } = createConsoleTestApp(database())
    const shopper = await newShopper(app)
    await shopper.write('สวัสดีค่ะ')
    const conversationId = (await shopper.conversation()).id ?? ''
    for (const text of ['สวัสดีค่ะ', 'ขอเลขคำสั่งซื้อด้วยค่ะ']) {
      expect((await post(`/api/ops/support/conversations/${conversationId}/messages`, { text })).status).toBe(201)
    }
    expect(await shopper.conversation()).toMatchObject({ lastSequence: 3, unreadCount: 2 })

    const read = await shopper.read(2)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ unreadCount: 1 })
    // Backwards changes nothing; beyond the last stops at the last.
    expect(await (await shopper.read(1)).json()).toMatchObject({ unreadCount: 1 })
    expect(await (await shopper.read(99)).json()).toMatchObject({ unreadCount: 0 })
    const agentView = await post(`/api/ops/support/conversations/${conversationId}/read`, { sequence: 1 })
    expect(v.parse(consoleSupportConversationSchema, await agentView.json()).shopperReadSequence).toBe(3)
    expect((await shopper.read(0)).status).toBe(400)

    // A shopper who writes has read what came before.
    expect(
      (await post(`/api/ops/support/conversations/${conversationId}/messages`, { text: 'ได้รับแล้วค่ะ' })).status,
    ).toBe(201)
    expect((await shopper.conversation()).unreadCount).toBe(1)
    await shopper.write('123-456')
    expect((await shopper.conversation()).unreadCount).toBe(0)
  })

  it('closes and reopens with an audit entry each, refuses the same status twice, and reopens when the shopper writes', async () => {
    const { app, clock, get, post } = createConsoleTestApp(database())
    const shopper = await newShopper(app)
    await shopper.write('ขอบคุณค่ะ')
    clock.advance(60_000)
    const conversationId = (await shopper.conversation()).id ?? ''
    const statusPath = `/api/ops/support/conversations/${conversationId}/status`

    const closed = await post(statusPath, { status: 'closed' })
    expect(closed.status).toBe(200)
    expect(v.parse(consoleSupportConversationSchema, await closed.json()).status).toBe('closed')
    expect((await shopper.conversation()).status).toBe('closed')
    const again = await post(statusPath, { status: 'closed' })
    expect(again.status).toBe(409)
    expect((await readErrorBody(again)).error.code).toBe('operator_conflict')
    expect((await post(statusPath, { status: 'open' })).status).toBe(200)
    expect((await post(statusPath, { status: 'closed' })).status).toBe(200)

    const reopening = await shopper.write('มีอีกเรื่องค่ะ')
    expect((await shopper.conversation()).status).toBe('open')
    // Closing settled the old wait: the new message starts the wait, for the queue's order.
    const [stored] = await database()
      .select({ awaitingAnswerSince: supportConversations.awaitingAnswerSince })
      .from(supportConversations)
      .where(eq(supportConversations.id, conversationId))
    expect(stored?.awaitingAnswerSince?.toISOString()).toBe(reopening.createdAt)

    const audit = await get(`/api/ops/audit?subjectType=support_conversation&subjectId=${conversationId}`)
    const entries = v.parse(auditPageSchema, await audit.json()).data
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['support_conversation.closed', { status: 'open' }, { status: 'closed' }],
      ['support_conversation.reopened', { status: 'closed' }, { status: 'open' }],
      ['support_conversation.closed', { status: 'open' }, { status: 'closed' }],
    ])
    expect(entries[0]?.actor.kind).toBe('operator')
    expect(
      (await post('/api/ops/support/conversations/ffffffffffffffffffffffff/status', { status: 'closed' })).status,
    ).toBe(404)
  })

  it("counts on Today the open conversations whose last word is the shopper's", async () => {
    const { app, get, post } = createConsoleTestApp(database())
    async function awaitingAnswer() {
      return v.parse(consoleTodaySchema, await (await get('/api/ops/today')).json()).conversationsAwaitingAnswer
    }
    const before = await awaitingAnswer()
    const shopper = await newShopper(app)
    await shopper.write('รอคำตอบอยู่ค่ะ')
    expect(await awaitingAnswer()).toBe(before + 1)
    const conversationId = (await shopper.conversation()).id ?? ''
    expect((await post(`/api/ops/support/conversations/${conversationId}/messages`, { text: 'ได้ค่ะ' })).status).toBe(201)
    expect(await awaitingAnswer()).toBe(before)
  })

  it('shows agents the pictures of sent messages only', async () => {
    const { app, get, proofStorage } = createConsoleTestApp(database())
    const shopper = await newShopper(app)
    const sentPicture = v.parse(supportAttachmentSchema, await (await shopper.upload(smallJpeg)).json())
    const draftPicture = v.parse(supportAttachmentSchema, await (await shopper.upload(smallJpeg)).json())
    await shopper.send({ text: '', attachmentIds: [sentPicture.id] })
    const conversationId = (await shopper.conversation()).id ?? ''
    const page = v.parse(
      supportMessagePageSchema,
      await (await get(`/api/ops/support/conversations/${conversationId}/messages`)).json(),
    )
    const imageUrl = page.data[0]?.attachments[0]?.imageUrl
    expect(imageUrl).toBe(`/api/ops/support/attachments/${sentPicture.id}/image`)
    const image = await get(imageUrl ?? '')
    expect(image.status).toBe(200)
    expect(image.headers.get('Cache-Control')).toBe('private, no-store')
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(
      proofStorage.objects.get(`${shopper.buyerId}/${sentPicture.id}`),
    )
    for (const id of [draftPicture.id, 'ffffffffffffffffffffffff', 'nope']) {
      const missing = await get(`/api/ops/support/attachments/${id}/image`)
      expect(missing.status).toBe(404)
      expect((await readErrorBody(missing)).error.code).toBe('record_not_found')
    }
  })

  it('is for support and admins only', async () => {
    const { expectSupportOnly } = createConsoleTestApp(database())
    await expectSupportOnly('GET', '/api/ops/support/conversations')
    await expectSupportOnly('POST', '/api/ops/support/conversations/ffffffffffffffffffffffff/status', {
      status: 'closed',
    })
  })
})
