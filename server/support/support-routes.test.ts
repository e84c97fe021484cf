import { count, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { maxSupportMessageLength, supportAttachmentSchema, supportMessageSchema } from '#domain/support/chat'
import { setBuyerStatus } from '#server/buyers/buyer-records'
import { supportConversations, supportMessages } from '#server/db/schema'
import { jsonRequest, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { recordTestPurchase, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'
import { smallJpeg } from '#server/test/proofs'
import { newIdempotencyKey, supportShopper } from '#server/test/support'

const { database, merchant } = useTestDatabaseWithMerchant()

let shopperCounter = 0

/** A console test app (agents too) and a freshly signed-in shopper on it. */
async function setUp(options: Parameters<typeof createConsoleTestApp>[1] = {}) {
  const consoleApp = createConsoleTestApp(database(), options)
  const shopper = await newShopper(consoleApp.app)
  return { ...consoleApp, shopper }
}

async function newShopper(app: ReturnType<typeof createConsoleTestApp>['app']) {
  shopperCounter += 1
  const { cookie, buyer } = await signIn(app, `chat.${shopperCounter}.${process.pid}@example.co.th`)
  return { cookie, buyerId: buyer.buyerId, ...supportShopper(app, { cookie, buyerId: buyer.buyerId }) }
}

describe('the support chat, shopper side', () => {
  it('has no conversation before the first message, and makes one with it', async () => {
    const { shopper } = await setUp()
    expect(await shopper.conversation()).toEqual({
      id: null,
      status: null,
      lastSequence: 0,
      unreadCount: 0,
      agentReadSequence: 0,
    })
    expect(await shopper.messages()).toEqual({ data: [], hasOlder: false })

    const first = await shopper.write('  สวัสดีค่ะ ยอดเงินคืนยังไม่เข้าค่ะ  ')
    expect(first).toMatchObject({ sequence: 1, author: 'shopper', agentName: null, text: 'สวัสดีค่ะ ยอดเงินคืนยังไม่เข้าค่ะ' })
    expect(first.id).toMatch(/^[0-9a-f]{24}$/)
    const conversation = await shopper.conversation()
    expect(conversation).toMatchObject({ status: 'open', lastSequence: 1, unreadCount: 0, agentReadSequence: 0 })
    expect(conversation.id).toMatch(/^[0-9a-f]{24}$/)
  })

  it('pages messages oldest first with before, after and hasOlder', async () => {
    const { shopper } = await setUp()
    for (let index = 1; index <= 7; index += 1) await shopper.write(`ข้อความ ${index}`)
    const sequences = (page: { data: { sequence: number }[] }) => page.data.map((message) => message.sequence)

    const latest = await shopper.messages('?limit=3')
    expect(sequences(latest)).toEqual([5, 6, 7])
    expect(latest.hasOlder).toBe(true)
    const older = await shopper.messages('?limit=3&before=5')
    expect(sequences(older)).toEqual([2, 3, 4])
    expect(older.hasOlder).toBe(true)
    const oldest = await shopper.messages('?limit=3&before=2')
    expect(sequences(oldest)).toEqual([1])
    expect(oldest.hasOlder).toBe(false)
    const catchingUp = await shopper.messages('?limit=2&after=3')
    expect(sequences(catchingUp)).toEqual([4, 5])
    expect(catchingUp.hasOlder).toBe(true)
    expect(await shopper.messages('?after=7')).toEqual({ data: [], hasOlder: true })
    expect(sequences(await shopper.messages())).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect((await shopper.messages('?after=0&limit=1')).hasOlder).toBe(false)

    for (const bad of ['?limit=0', '?limit=101', '?before=x', '?after=-1']) {
      const response = await shopper.get(`/messages${bad}`)
      expect(response.status).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
  })

  it('keeps strangers out and every shopper to their own conversation', async () => {
    const { app, shopper } = await setUp()
    const other = await newShopper(app)
    const message = await shopper.write('ของฉันเท่านั้น')
    const uploaded = await shopper.upload(smallJpeg)
    const picture = v.parse(supportAttachmentSchema, await uploaded.json())

    const paths = [
      ['GET', 'conversation'],
      ['GET', 'messages'],
      ['POST', 'messages'],
      ['POST', 'attachments'],
      ['GET', `attachments/${picture.id}/image`],
      ['POST', 'read'],
      ['GET', 'events'],
      ['GET', 'purchases'],
    ] as const
    for (const [method, path] of paths) {
      const url = `/api/support/${shopper.buyerId}/${path}`
      const body = path === 'read' ? { sequence: 1 } : { text: 'แอบเขียน' }
      const headers = { 'Idempotency-Key': newIdempotencyKey() }
      const anonymous = await app.request(url, method === 'GET' ? {} : jsonRequest(method, body, headers))
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401)
      expect((await readErrorBody(anonymous)).error.code).toBe('unauthenticated')
      const stranger = await app.request(
        url,
        method === 'GET'
          ? { headers: { Cookie: other.cookie } }
          : jsonRequest(method, body, { ...headers, Cookie: other.cookie }),
      )
      expect(stranger.status, `${method} ${path} as another buyer`).toBe(403)
      expect((await readErrorBody(stranger)).error.code).toBe('forbidden')
    }
    // Their own path never reaches someone else's picture or conversation.
    const foreignPicture = await other.get(`/attachments/${picture.id}/image`)
    expect(foreignPicture.status).toBe(404)
    expect((await readErrorBody(foreignPicture)).error.code).toBe('attachment_not_found')
    expect(await other.messages()).toEqual({ data: [], hasOlder: false })
    expect((await other.conversation()).id).toBeNull()
    const usingForeignPicture = await other.send({ text: '', attachmentIds: [picture.id] })
    expect(usingForeignPicture.status).toBe(400)
    expect((await readErrorBody(usingForeignPicture)).error.code).toBe('attachment_not_found')
    expect((await shopper.messages()).data.map((found) => found.id)).toEqual([message.id])
  })

  it('lets a suspended shopper write (the ban screen sends them here)', async () => {
    const { app, shopper } = await setUp()
    await setBuyerStatus(database(), {
      buyerId: shopper.buyerId,
      status: 'suspended',
      reason: 'test',
      actor: 'test',
    })
    const member = await app.request(`/api/buyers/${shopper.buyerId}`, { headers: { Cookie: shopper.cookie } })
    expect((await readErrorBody(member)).error.code).toBe('buyer_suspended')
    const message = await shopper.write('ทำไมบัญชีถูกระงับคะ')
    expect(message.sequence).toBe(1)
    expect((await shopper.messages()).data).toHaveLength(1)
  })

  it('answers a replayed key with the first result and writes once', async () => {
    const { shopper } = await setUp()
    const key = newIdempotencyKey()
    const first = await shopper.send({ text: 'ส่งครั้งเดียว' }, key)
    expect(first.status).toBe(201)
    const replay = await shopper.send({ text: 'ส่งครั้งเดียว' }, key)
    expect(replay.status).toBe(201)
    expect(await replay.json()).toEqual(await first.json())
    expect((await shopper.messages()).data).toHaveLength(1)
    const reused = await shopper.send({ text: 'อีกข้อความ' }, key)
    expect(reused.status).toBe(422)
    expect((await readErrorBody(reused)).error.code).toBe('idempotency_key_reused')
    const withoutKey = await shopper.get('/messages')
    expect(withoutKey.status).toBe(200)
  })

  it('refuses empty and too long text, and stores text as given (never as HTML)', async () => {
    const { app, shopper } = await setUp()
    for (const text of ['', '   \n ', 'ก'.repeat(maxSupportMessageLength + 1)]) {
      const response = await shopper.send({ text })
      expect(response.status).toBe(400)
      expect((await readErrorBody(response)).error.code).toBe('invalid_request')
    }
    const noKey = await app.request(
      `${shopper.base}/messages`,
      jsonRequest('POST', { text: 'ไม่มีคีย์' }, { Cookie: shopper.cookie }),
    )
    expect(noKey.status).toBe(400)
    expect((await readErrorBody(noKey)).error.code).toBe('idempotency_key_required')
    const longest = await shopper.write('ข'.repeat(maxSupportMessageLength))
    expect(longest.text).toHaveLength(maxSupportMessageLength)
    const markup = '<img src=x onerror=alert(1)> <b>ตัวหนา</b> https://example.com/?a=1&b=2'
    expect((await shopper.write(markup)).text).toBe(markup)
    expect((await shopper.messages()).data.at(-1)?.text).toBe(markup)
  })

  it('attaches a purchase of the shopper only', async () => {
    const { app, shopper } = await setUp()
    const other = await newShopper(app)
    const now = new Date('2026-11-01T03:00:00Z')
    const own = await recordTestPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now,
    })
    const foreign = await recordTestPurchase(database(), {
      buyerId: other.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now,
    })
    const response = await shopper.send({ text: '', transactionId: own.id })
    expect(response.status).toBe(201)
    const message = v.parse(supportMessageSchema, await response.json())
    expect(message.transaction).toMatchObject({
      id: own.id,
      orderId: own.orderId,
      orderDate: now.toISOString(),
      status: 'TRACKING',
      cashbackAmount: own.cashbackAmount,
    })
    expect(message.transaction?.merchantNameTh).toContain('ร้านทดสอบ')
    for (const transactionId of [foreign.id, 'ffffffffffffffffffffffff']) {
      const refused = await shopper.send({ text: 'อันนี้', transactionId })
      expect(refused.status).toBe(404)
      expect((await readErrorBody(refused)).error.code).toBe('transaction_not_found')
    }
    expect((await shopper.conversation()).lastSequence).toBe(1)
  })

  it('takes pictures like proofs, each in one message of its owner', async () => {
    const { proofStorage, shopper } = await setUp()
    const key = newIdempotencyKey()
    const uploaded = await shopper.upload(smallJpeg, 'image/jpeg', key)
    expect(uploaded.status).toBe(201)
    const picture = v.parse(supportAttachmentSchema, await uploaded.json())
    expect(picture).toMatchObject({ width: 3, height: 2, imageUrl: `${shopper.base}/attachments/${picture.id}/image` })
    expect(proofStorage.objects.has(`${shopper.buyerId}/${picture.id}`)).toBe(true)
    const replayed = await shopper.upload(smallJpeg, 'image/jpeg', key)
    expect(await replayed.json()).toEqual(picture)

    const notPicture = await shopper.upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'image/png')
    expect(notPicture.status).toBe(415)
    expect((await readErrorBody(notPicture)).error.code).toBe('proof_not_image')
    const tooLarge = await shopper.upload(new Uint8Array(4 * 1024 * 1024 + 1), 'image/jpeg')
    expect(tooLarge.status).toBe(413)
    expect((await readErrorBody(tooLarge)).error.code).toBe('proof_too_large')

    // A refused message leaves nothing behind: the picture stays unused, no number is taken.
    const withUnknown = await shopper.send({ text: 'สองรูป', attachmentIds: [picture.id, 'aaaaaaaaaaaaaaaaaaaaaaaa'] })
    expect(withUnknown.status).toBe(400)
    expect((await readErrorBody(withUnknown)).error.code).toBe('attachment_not_found')
    const twice = await shopper.send({ text: '', attachmentIds: [picture.id, picture.id] })
    expect(twice.status).toBe(400)
    expect((await shopper.conversation()).lastSequence).toBe(0)

    const sent = await shopper.send({ text: 'รูปหลักฐานค่ะ', attachmentIds: [picture.id] })
    expect(sent.status).toBe(201)
    expect(v.parse(supportMessageSchema, await sent.json()).attachments).toEqual([picture])
    const reused = await shopper.send({ text: 'ส่งซ้ำ', attachmentIds: [picture.id] })
    expect(reused.status).toBe(400)
    expect((await readErrorBody(reused)).error.code).toBe('attachment_not_found')

    const image = await shopper.get(`/attachments/${picture.id}/image`)
    expect(image.status).toBe(200)
    expect(image.headers.get('Content-Type')).toBe('image/jpeg')
    expect(image.headers.get('Cache-Control')).toMatch(/^private/)
    expect(image.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(
      proofStorage.objects.get(`${shopper.buyerId}/${picture.id}`),
    )
    expect((await shopper.get('/attachments/not-an-id/image')).status).toBe(404)
  })

  it('limits messages per shopper, in the database, with Retry-After', async () => {
    const { clock, shopper } = await setUp({ supportMessageRateLimit: { messages: 3, windowSeconds: 60 } })
    const firstKey = newIdempotencyKey()
    expect((await shopper.send({ text: 'หนึ่ง' }, firstKey)).status).toBe(201)
    await shopper.write('สอง')
    await shopper.write('สาม')
    const refused = await shopper.send({ text: 'สี่' })
    expect(refused.status).toBe(429)
    const body = await readErrorBody(refused)
    expect(body.error.code).toBe('too_many_messages')
    const retryAfter = Number(refused.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(body.error.details?.retryAfterSeconds).toBe(retryAfter)
    // The outbox resending a message that went through gets its answer, limit or not.
    const replay = await shopper.send({ text: 'หนึ่ง' }, firstKey)
    expect(replay.status).toBe(201)
    expect((await shopper.conversation()).lastSequence).toBe(3)
    clock.advance(61_000)
    expect((await shopper.send({ text: 'สี่' })).status).toBe(201)
  })

  it('limits the pictures a shopper uploads in a day, beside the per-minute limit', async () => {
    const { clock, shopper } = await setUp({ supportPictureDailyLimit: { messages: 2, windowSeconds: 24 * 60 * 60 } })
    expect((await shopper.upload(smallJpeg)).status).toBe(201)
    expect((await shopper.upload(smallJpeg)).status).toBe(201)
    clock.advance(2 * 60_000)
    const refused = await shopper.upload(smallJpeg)
    expect(refused.status).toBe(429)
    const body = await readErrorBody(refused)
    expect(body.error.code).toBe('too_many_messages')
    expect(body.error.details?.retryAfterSeconds).toBeGreaterThan(23 * 60 * 60)
    clock.advance(24 * 60 * 60 * 1000)
    expect((await shopper.upload(smallJpeg)).status).toBe(201)
  })

  it('numbers parallel messages 1..N without a gap or a repeat', async () => {
    const { shopper } = await setUp({ supportMessageRateLimit: { messages: 1_000, windowSeconds: 60 } })
    const total = 12
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) => shopper.send({ text: `พร้อมกัน ${index}` })),
    )
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: total }, () => 201))
    const sequences = await Promise.all(
      responses.map(async (response) => v.parse(supportMessageSchema, await response.json()).sequence),
    )
    expect([...sequences].sort((left, right) => left - right)).toEqual(
      Array.from({ length: total }, (_, index) => index + 1),
    )
    expect((await shopper.messages('?limit=100')).data.map((message) => message.sequence)).toEqual(
      Array.from({ length: total }, (_, index) => index + 1),
    )
  })

  it('makes one conversation of two first messages sent at once', async () => {
    const { shopper } = await setUp()
    const [left, right] = await Promise.all([shopper.send({ text: 'จากมือถือ' }), shopper.send({ text: 'จากแท็บเล็ต' })])
    expect([left.status, right.status]).toEqual([201, 201])
    const [conversations] = await database()
      .select({ total: count() })
      .from(supportConversations)
      .where(eq(supportConversations.buyerId, shopper.buyerId))
    expect(conversations?.total).toBe(1)
    expect((await shopper.messages()).data.map((message) => message.sequence)).toEqual([1, 2])
  })

  it('keeps messages for ever: the table refuses changes and deletions', async () => {
    const { shopper } = await setUp()
    const message = await shopper.write('อยู่ตลอดไป')
    await expect(database().delete(supportMessages).where(eq(supportMessages.id, message.id))).rejects.toThrow()
    await expect(
      database().update(supportMessages).set({ text: 'แก้แล้ว' }).where(eq(supportMessages.id, message.id)),
    ).rejects.toThrow()
    expect((await shopper.messages()).data[0]?.text).toBe('อยู่ตลอดไป')
  })
})
