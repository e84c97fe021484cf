import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import {
  notificationListResponseSchema,
  notificationSettingsSchema,
  pushPayloadSchema,
  type PushPayload,
} from '#domain/contracts/notifications'
import { dailyPushLimit } from '#domain/notifications/notification-rules'
import { notifications, pushSubscriptions } from '#server/db/schema'
import { recordNotification } from '#server/notifications/notification-records'
import {
  createWebPushDelivery,
  maxPushAttempts,
  sendDuePushes,
  type PushRound,
} from '#server/notifications/push-sender'
import { writeDueReminders } from '#server/notifications/reminder-job'
import { resolveVapidKeys } from '#server/notifications/vapid-keys'
import { createAccountsTestApp, createTestClock, jsonRequest, signIn } from '#server/test/accounts'
import { createTestApp, readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import {
  createDeviceKeys,
  createTrustingAgent,
  decryptPushBody,
  startPushServiceStub,
  verifyVapidAuthorization,
  type DeviceKeys,
  type PushServiceStub,
} from '#server/test/push-service'
import { giveTestBalance, markTestWithdrawal, testBankRequest } from '#server/test/withdrawals'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant()

// 10:00 in Bangkok: outside quiet hours.
const clock = createTestClock(new Date('2026-11-16T03:00:00Z'))
let pushService: PushServiceStub
beforeAll(async () => {
  pushService = await startPushServiceStub()
})
afterAll(() => pushService.close())

function app() {
  return createAccountsTestApp(database(), { clock }).app
}

async function sendRound(): Promise<PushRound> {
  const keys = await resolveVapidKeys(database(), undefined)
  return sendDuePushes(database(), {
    now: clock.now(),
    deliver: createWebPushDelivery(keys, { agent: createTrustingAgent() }),
  })
}

let deviceCounter = 0

/** A signed-in shopper whose browser subscribed to pushes at the stub. */
async function subscribedShopper(locale: 'th' | 'en' = 'th') {
  const testApp = app()
  deviceCounter += 1
  const { cookie, buyer } = await signIn(testApp, `push.${deviceCounter}.${Date.now()}@example.com`)
  const device: DeviceKeys = createDeviceKeys()
  const name = `device-${deviceCounter}`
  const endpoint = pushService.endpointFor(name)
  const response = await testApp.request(
    `/api/buyers/${buyer.buyerId}/push-subscriptions`,
    jsonRequest('PUT', { endpoint, keys: { p256dh: device.p256dh, auth: device.auth }, locale }, { Cookie: cookie }),
  )
  expect(response.status).toBe(204)
  return { testApp, cookie, buyerId: buyer.buyerId, device, name, endpoint }
}

function payloadOf(body: Buffer, device: DeviceKeys): PushPayload {
  return v.parse(pushPayloadSchema, JSON.parse(decryptPushBody(body, device)))
}

async function pushesTo(name: string): Promise<number> {
  return pushService.received.filter((push) => push.name === name).length
}

describe('a push for approved cashback', () => {
  it('reaches the device encrypted to it, signed with our key, in its language, opening the transaction', async () => {
    const shopper = await subscribedShopper('en')
    const approved = await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: clock.now(),
    })

    expect(await sendRound()).toMatchObject({ sent: 1 })
    const [push] = await pushService.waitForPushes(1, { name: shopper.name })
    if (push === undefined) throw new Error('no push arrived')
    const payload = payloadOf(push.body, shopper.device)
    expect(payload).toMatchObject({
      kind: 'cashback_approved',
      locale: 'en',
      link: `/en?page=CashbackDetail&sub_page_id=${approved.id}`,
      badgeCount: 1,
      values: { transactionId: approved.id, amount: approved.cashbackAmount },
    })
    expect(payload.values.merchantName?.en).toBeTypeOf('string')
    // Money news: kept 2 days for a phone that is off, and delivered at once.
    expect(push.headers['ttl']).toBe(String(2 * 24 * 60 * 60))
    expect(push.headers['urgency']).toBe('high')
    const settings = await shopper.testApp.request(`/api/buyers/${shopper.buyerId}/notification-settings`, {
      headers: { Cookie: shopper.cookie },
    })
    const { applicationServerKey, deviceCount } = v.parse(notificationSettingsSchema, await settings.json())
    expect(deviceCount).toBe(1)
    expect(verifyVapidAuthorization(push.headers['authorization'], shopper.endpoint).publicKey).toBe(
      applicationServerKey,
    )

    // Sent once: the next round finds nothing, and the same approval again writes nothing.
    expect(await sendRound()).toMatchObject({ sent: 0 })
    await applyTestChange(database(), {
      transactionId: approved.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: clock.now(),
    })
    expect(await sendRound()).toMatchObject({ sent: 0 })
    expect(await pushesTo(shopper.name)).toBe(1)
  })

  it('is in the in-app list, unread until read, and only for its buyer', async () => {
    const shopper = await subscribedShopper()
    const other = await subscribedShopper()
    await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 50_000,
      now: clock.now(),
    })
    const list = async () => {
      const response = await shopper.testApp.request(`/api/buyers/${shopper.buyerId}/notifications`, {
        headers: { Cookie: shopper.cookie },
      })
      expect(response.status).toBe(200)
      return v.parse(notificationListResponseSchema, await response.json())
    }
    const before = await list()
    expect(before.unreadCount).toBe(1)
    expect(before.data.map((item) => item.kind)).toEqual(['cashback_approved'])

    // Another shopper can neither list nor mark them.
    const stranger = await other.testApp.request(`/api/buyers/${shopper.buyerId}/notifications`, {
      headers: { Cookie: other.cookie },
    })
    expect(stranger.status).toBe(403)
    const strangerRead = await other.testApp.request(
      `/api/buyers/${other.buyerId}/notifications/read`,
      jsonRequest('POST', { ids: [before.data[0]?._id] }, { Cookie: other.cookie }),
    )
    expect(strangerRead.status).toBe(204)
    expect((await list()).unreadCount).toBe(1)

    const read = await shopper.testApp.request(
      `/api/buyers/${shopper.buyerId}/notifications/read`,
      jsonRequest('POST', { all: true }, { Cookie: shopper.cookie }),
    )
    expect(read.status).toBe(204)
    const after = await list()
    expect(after.unreadCount).toBe(0)
    expect(after.data[0]?.readAt).not.toBeNull()
  })
})

describe('what the push worker does with each answer', () => {
  it('removes a subscription the push service says is gone (410)', async () => {
    const shopper = await subscribedShopper()
    pushService.respondWith(shopper.name, 410)
    await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: clock.now(),
    })
    expect(await sendRound()).toMatchObject({ skipped: 1 })
    const left = await database().select().from(pushSubscriptions).where(eq(pushSubscriptions.buyerId, shopper.buyerId))
    expect(left).toEqual([])
  })

  it('tries again later when the push service fails', async () => {
    const shopper = await subscribedShopper()
    pushService.respondWith(shopper.name, 503)
    await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: clock.now(),
    })
    expect(await sendRound()).toMatchObject({ retrying: 1 })
    // Not due again before its backoff.
    expect(await sendRound()).toMatchObject({ retrying: 0, sent: 0 })
    pushService.respondWith(shopper.name, 201)
    clock.advance(31_000)
    expect(await sendRound()).toMatchObject({ sent: 1 })
    expect(await pushesTo(shopper.name)).toBe(2)
  })

  it('gives up after the last attempt, leaving the notification in the in-app list', async () => {
    const shopper = await subscribedShopper()
    pushService.respondWith(shopper.name, 500)
    await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: clock.now(),
    })
    const saved = clock.now()
    try {
      for (let attempt = 1; attempt < maxPushAttempts; attempt += 1) {
        expect(await sendRound()).toMatchObject({ retrying: 1 })
        clock.advance(24 * 60 * 60 * 1000)
      }
      expect(await sendRound()).toMatchObject({ failed: 1 })
    } finally {
      clock.set(saved)
    }
    expect(await pushesTo(shopper.name)).toBe(maxPushAttempts)
    const [row] = await database().select().from(notifications).where(eq(notifications.buyerId, shopper.buyerId))
    expect(row).toMatchObject({ pushStatus: 'failed', pushAttempts: maxPushAttempts, readAt: null })
  })

  it('holds reminders in quiet hours but not money news, and sends them at 08:00 Bangkok time', async () => {
    const shopper = await subscribedShopper()
    const saved = clock.now()
    // 22:00 in Bangkok.
    clock.set(new Date('2026-11-16T15:00:00Z'))
    try {
      const purchase = await recordApprovedPurchase(database(), {
        buyerId: shopper.buyerId,
        merchantId: merchant().id,
        purchaseAmount: 40_000,
        now: clock.now(),
      })
      await database().transaction((tx) =>
        recordNotification(tx, {
          buyerId: shopper.buyerId,
          kind: 'cashback_waiting',
          reasonKey: `waiting:${purchase.id}`,
          values: { transactionId: purchase.id, amount: purchase.cashbackAmount },
          now: clock.now(),
        }),
      )
      expect(await sendRound()).toMatchObject({ sent: 1 })
      const [money] = await pushService.waitForPushes(1, { name: shopper.name })
      if (money === undefined) throw new Error('no push arrived')
      expect(payloadOf(money.body, shopper.device).kind).toBe('cashback_approved')

      clock.set(new Date('2026-11-17T00:59:00Z'))
      expect(await sendRound()).toMatchObject({ sent: 0 })
      clock.set(new Date('2026-11-17T01:00:00Z'))
      expect(await sendRound()).toMatchObject({ sent: 1 })
      const pushes = await pushService.waitForPushes(2, { name: shopper.name })
      const reminder = pushes[1]
      if (reminder === undefined) throw new Error('no reminder arrived')
      expect(payloadOf(reminder.body, shopper.device).kind).toBe('cashback_waiting')
      expect(reminder.headers['urgency']).toBe('low')
    } finally {
      clock.set(saved)
    }
  })

  it('skips a topic the shopper turned off, and reminders beyond the daily limit', async () => {
    const shopper = await subscribedShopper()
    const turnOff = await shopper.testApp.request(
      `/api/buyers/${shopper.buyerId}/notification-settings`,
      jsonRequest('PATCH', { topics: { cashback_approved: false } }, { Cookie: shopper.cookie }),
    )
    expect(turnOff.status).toBe(200)
    expect(v.parse(notificationSettingsSchema, await turnOff.json()).topics).toMatchObject({
      cashback_approved: false,
      withdrawal: true,
    })
    await recordApprovedPurchase(database(), {
      buyerId: shopper.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: clock.now(),
    })
    expect(await sendRound()).toMatchObject({ sent: 0, skipped: 1 })

    for (let index = 0; index <= dailyPushLimit; index += 1) {
      await database().transaction((tx) =>
        recordNotification(tx, {
          buyerId: shopper.buyerId,
          kind: 'cashback_waiting',
          reasonKey: `limit-test:${index}`,
          values: {},
          now: clock.now(),
        }),
      )
    }
    expect(await sendRound()).toMatchObject({ sent: dailyPushLimit, skipped: 1 })
  })

  it('tells a paid withdrawal, with the amount that reaches the account', async () => {
    const shopper = await subscribedShopper()
    await giveTestBalance(database(), {
      buyerId: shopper.buyerId,
      merchant: merchant(),
      amount: 50_000,
      now: clock.now(),
    })
    const withdrawal = await database().transaction((tx) =>
      requestWithdrawal(tx, {
        buyerId: shopper.buyerId,
        request: { ...testBankRequest, amount: 20_000 },
        now: clock.now(),
        fixedRates: defaultFixedRates,
      }),
    )
    await markTestWithdrawal(database(), withdrawal.id, { status: 'processing' }, clock.now())
    await markTestWithdrawal(database(), withdrawal.id, { status: 'paid' }, clock.now())
    // The buyer's balance came from an approval, told first.
    expect(await sendRound()).toMatchObject({ sent: 2 })
    const pushes = await pushService.waitForPushes(2, { name: shopper.name })
    const paid = pushes.map((push) => payloadOf(push.body, shopper.device)).find((p) => p.kind === 'withdrawal_paid')
    expect(paid).toMatchObject({
      link: '/?page=Withdrawal',
      values: { withdrawalId: withdrawal.id, amount: withdrawal.netAmount },
    })
  })
})

describe('push subscriptions', () => {
  it('end when the shopper signs out on that device', async () => {
    const shopper = await subscribedShopper()
    const signOut = await shopper.testApp.request('/api/auth/sessions/current', {
      method: 'DELETE',
      headers: { Cookie: shopper.cookie },
    })
    expect(signOut.status).toBe(204)
    const left = await database().select().from(pushSubscriptions).where(eq(pushSubscriptions.buyerId, shopper.buyerId))
    expect(left).toEqual([])
  })

  it('refuse a malformed subscription, and in production an endpoint that is not a push service', async () => {
    const shopper = await subscribedShopper()
    const malformed = await shopper.testApp.request(
      `/api/buyers/${shopper.buyerId}/push-subscriptions`,
      jsonRequest(
        'PUT',
        { endpoint: 'http://127.0.0.1/push', keys: { p256dh: 'x', auth: 'y' }, locale: 'th' },
        { Cookie: shopper.cookie },
      ),
    )
    expect(malformed.status).toBe(400)
    expect((await readErrorBody(malformed)).error.code).toBe('invalid_request')

    // The production policy: only browsers' push services, never an address a stranger chose.
    const { accounts } = createAccountsTestApp(database(), { clock })
    const production = createTestApp(database(), {
      accounts,
      push: { vapidKeys: undefined, endpoints: 'known-push-services' },
    })
    const subscribe = (endpoint: string) =>
      production.request(
        `/api/buyers/${shopper.buyerId}/push-subscriptions`,
        jsonRequest(
          'PUT',
          { endpoint, keys: { p256dh: shopper.device.p256dh, auth: shopper.device.auth }, locale: 'th' },
          { Cookie: shopper.cookie },
        ),
      )
    for (const endpoint of [shopper.endpoint, 'https://169.254.169.254/latest', 'https://fcm.googleapis.com:8443/x']) {
      const refused = await subscribe(endpoint)
      expect(refused.status).toBe(400)
      expect((await readErrorBody(refused)).error.code).toBe('push_endpoint_not_allowed')
    }
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc:def')).status).toBe(204)
    expect((await subscribe('https://web.push.apple.com/QGx1')).status).toBe(204)
  })

  it('leave nothing pending for a shopper with no device', async () => {
    const buyer = await signIn(app(), `nodevice.${Date.now()}@example.com`)
    const purchase = await recordTestPurchase(database(), {
      buyerId: buyer.buyer.buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: purchase.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: purchase.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: clock.now(),
    })
    await sendRound()
    const [row] = await database().select().from(notifications).where(eq(notifications.buyerId, buyer.buyer.buyerId))
    expect(row?.pushStatus).toBe('skipped')
  })
})

describe('reminders', () => {
  const dayMilliseconds = 24 * 60 * 60 * 1000

  async function kindsOf(buyerId: string) {
    const rows = await database()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.buyerId, buyerId))
    return rows.map((row) => row.kind).sort()
  }

  it('tell of cashback not accepted 3 days after approval, once', async () => {
    const start = new Date('2026-12-01T03:00:00Z')
    const buyer = await signIn(app(), `waiting.${Date.now()}@example.com`)
    const buyerId = buyer.buyer.buyerId
    await recordApprovedPurchase(database(), { buyerId, merchantId: merchant().id, purchaseAmount: 20_000, now: start })
    const accepted = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: start,
    })
    await applyTestChange(database(), { transactionId: accepted.id, event: { kind: 'accept' }, now: start })

    await writeDueReminders(database(), new Date(start.getTime() + 2 * dayMilliseconds))
    expect(await kindsOf(buyerId)).toEqual(['cashback_approved', 'cashback_approved'])
    await writeDueReminders(database(), new Date(start.getTime() + 3 * dayMilliseconds))
    await writeDueReminders(database(), new Date(start.getTime() + 4 * dayMilliseconds))
    expect(await kindsOf(buyerId)).toEqual(['cashback_approved', 'cashback_approved', 'cashback_waiting'])
  })

  it('tell of a purchase and a withdrawal later than expected', async () => {
    const start = new Date('2026-12-05T03:00:00Z')
    const buyer = await signIn(app(), `overdue.${Date.now()}@example.com`)
    const buyerId = buyer.buyer.buyerId
    const purchase = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: start,
    })
    await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 50_000, now: start })
    const withdrawal = await database().transaction((tx) =>
      requestWithdrawal(tx, { buyerId, request: testBankRequest, now: start, fixedRates: defaultFixedRates }),
    )
    for (const due of [purchase.expectedAt, withdrawal.expectedBy]) {
      if (due === null) throw new Error('no expected date')
      const justAfter = new Date(due.getTime() + 60_000)
      await writeDueReminders(database(), justAfter)
      await writeDueReminders(database(), justAfter)
    }
    expect((await kindsOf(buyerId)).filter((kind) => kind.endsWith('_overdue'))).toEqual([
      'purchase_overdue',
      'withdrawal_overdue',
    ])
  })
})
