import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import * as v from 'valibot'
import { pushPayloadSchema, type PushPayload } from '#domain/contracts/notifications'
import {
  createDeviceKeys,
  decryptPushBody,
  pushServiceCertificatePath,
  startPushServiceStub,
  type DeviceKeys,
  type PushServiceStub,
} from '#server/test/push-service'
import { startOwnAppServer } from './support/app-server'
import { signInOnScreen } from './support/sign-in'

/**
 * Issue 16, end to end: the server encrypts and sends a real Web Push to a push service, and the
 * app's service worker shows it. Chromium's own push service (Google's) is out of reach here, so
 * two seams stand in for it: the page's `PushManager` hands out a subscription at a local push
 * service (`startPushServiceStub`, with keys the test made), and what that service received is
 * decrypted with those keys and delivered to the service worker through the DevTools protocol, as
 * Chromium delivers a push. Everything between (subscribing, the outbox, encryption, VAPID, the
 * worker's notification) is the product's.
 */

/** Replaces the browser's subscription with one at the local push service (kept across reloads). */
async function useLocalPushService(page: Page, endpoint: string, device: DeviceKeys) {
  await page.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const storageKey = 'e2e.push-subscription-key'
      const subscription = {
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          get applicationServerKey(): ArrayBuffer | null {
            const stored = localStorage.getItem(storageKey)
            return stored === null ? null : Uint8Array.from(JSON.parse(stored) as number[]).buffer
          },
        },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          localStorage.removeItem(storageKey)
          return Promise.resolve(true)
        },
      }
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        // The app passes the server's key as bytes (src/features/notifications/push-device.ts).
        const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer)
        localStorage.setItem(storageKey, JSON.stringify(Array.from(bytes)))
        return Promise.resolve(subscription as unknown as PushSubscription)
      }
      PushManager.prototype.getSubscription = function () {
        const isSubscribed = localStorage.getItem(storageKey) !== null
        return Promise.resolve(isSubscribed ? (subscription as unknown as PushSubscription) : null)
      }
    },
    { endpoint, p256dh: device.p256dh, auth: device.auth },
  )
}

/** Delivers `data` to the page's service worker as Chromium delivers a push message. */
async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string) {
  const devtools = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find(
        (candidate) => candidate.scopeURL === `${origin}/` && !candidate.isDeleted,
      )
      if (registration !== undefined) resolve(registration.registrationId)
    })
  })
  await devtools.send('ServiceWorker.enable')
  await devtools.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data })
}

/** The worker's own view of the notification API, for `tapNotification`. */
type NotificationWorkerScope = {
  registration: { getNotifications(): Promise<Notification[]> }
  dispatchEvent(event: Event): boolean
}
type NotificationEventConstructor = new (type: string, init: { notification: Notification }) => Event

/**
 * Dispatches `notificationclick` for the notification the app's service worker shows, in the
 * worker, as a tap on it would (see where it is called for what a synthetic event cannot do).
 */
async function tapNotification(context: BrowserContext, origin: string) {
  const worker = context.serviceWorkers().find((candidate) => candidate.url().startsWith(`${origin}/`))
  if (worker === undefined) throw new Error('no service worker of the app')
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as NotificationWorkerScope
    const [notification] = await scope.registration.getNotifications()
    if (notification === undefined) throw new Error('no notification is shown')
    const NotificationEventOfWorker = (globalThis as unknown as { NotificationEvent: NotificationEventConstructor })
      .NotificationEvent
    scope.dispatchEvent(new NotificationEventOfWorker('notificationclick', { notification }))
  })
}

/** The pushes the local push service took for `name`, each decrypted with the device's keys. */
function pushesTo(pushService: PushServiceStub, name: string, device: DeviceKeys) {
  return pushService.received
    .filter((push) => push.name === name)
    .map((push) => ({ push, payload: v.parse(pushPayloadSchema, JSON.parse(decryptPushBody(push.body, device))) }))
}

test('a shopper turns on notifications after shopping: the approval and a paid withdrawal arrive as pushes, and a gone subscription is forgotten', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const pushService = await startPushServiceStub()
  // The server trusts the local push service's certificate, as it trusts a real one's.
  const server = await startOwnAppServer({ NODE_EXTRA_CA_CERTS: pushServiceCertificatePath })
  try {
    const device = createDeviceKeys()
    await useLocalPushService(page, pushService.endpointFor('phone'), device)
    await context.grantPermissions(['notifications'], { origin: server.url })

    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, 'demo@ngernkhuen.test')
    await expect(page).toHaveURL(/\/en\/home$/)
    await page.evaluate(() => navigator.serviceWorker.ready)

    // Shopping through a tracked link is the moment to ask, in our words first.
    const merchants = await page.request.get(`${server.url}/cws-api/merchants?limit=1`)
    const [merchant] = ((await merchants.json()) as { data: { _id: string; name: { th: string; en: string } }[] }).data
    if (merchant === undefined) throw new Error('the demo catalogue has no merchant')
    await page.goto(`${server.url}/en/merchants/${merchant._id}`)
    await page.getByRole('button', { name: 'Shop now' }).click()
    await page.getByRole('link', { name: 'Go to the shop' }).click()
    await page.getByRole('button', { name: /Buy/ }).first().click()
    const orderPage = page.url()
    // The demo store sends the shopper back to the Thai app.
    await page.getByRole('link', { name: /Back to NgernKhuen/ }).click()
    const offer = page.getByRole('dialog', { name: 'รู้ทันทีเมื่อเงินคืนเข้า' })
    await expect(offer).toBeVisible()
    const subscribed = page.waitForResponse(
      (response) => response.url().endsWith('/push-subscriptions') && response.request().method() === 'PUT',
    )
    await offer.getByRole('button', { name: 'เปิดการแจ้งเตือน' }).click()
    expect((await subscribed).status()).toBe(204)
    await expect(offer).toBeHidden()

    // The merchant confirms: an operator approves the purchase.
    await page.goto(`${server.url}/cashback?tab=pending`)
    const purchase = page.getByRole('article', { name: merchant.name.th }).first()
    const transactionId = (await purchase.getByRole('link').first().getAttribute('href'))?.split('/').pop() ?? ''
    expect(transactionId).toMatch(/^[0-9a-f]{24}$/)
    // The merchant confirms: the demo store's network sends its approval.
    await page.goto(orderPage)
    await page.getByRole('button', { name: /Merchant confirms/ }).click()
    await expect(page.getByText(/NgernKhuen moved the transaction to the new status/)).toBeVisible()

    // The phone may also get reminders of the demo history: find each push by what it is about.
    const pushOf = (matches: (payload: PushPayload) => boolean) =>
      pushesTo(pushService, 'phone', device).find(({ payload }) => matches(payload))
    const isApproval = (payload: PushPayload) =>
      payload.kind === 'cashback_approved' && payload.values.transactionId === transactionId
    await expect.poll(() => pushOf(isApproval), { timeout: 30_000 }).toBeDefined()
    const approval = pushOf(isApproval)
    if (approval === undefined) throw new Error('no push for the approval')
    const { payload } = approval
    // Worded in the language the shopper subscribed in, opening the purchase.
    expect(payload).toMatchObject({ locale: 'th', link: `/?page=CashbackDetail&sub_page_id=${transactionId}` })
    expect(approval.push.headers['urgency']).toBe('high')

    await deliverPush(context, page, server.url, JSON.stringify(payload))
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return (await registration.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          link: (notification.data as { link: string }).link,
        }))
      })
    await expect.poll(shown).toEqual([
      {
        title: 'เงินคืนได้รับการอนุมัติแล้ว',
        body: expect.stringMatching(new RegExp(`^฿[\\d,.]+ จาก ${merchant.name.th} พร้อมให้กดรับเข้ากระเป๋าเงินแล้ว$`)),
        link: payload.link,
      },
    ])

    // A tap on it, with the app open on another screen: the worker's notificationclick handler sends
    // that window to the notification's re-engagement link, which lands on the purchase. Headless
    // Chromium cannot tap a system notification, so the click event is dispatched in the worker
    // itself; such an event may not focus a window (a real tap may), which the handler allows for.
    await page.goto(`${server.url}/wallet`)
    await expect(page.getByRole('heading', { name: 'กระเป๋าเงิน', level: 1 })).toBeVisible()
    await tapNotification(context, server.url)
    await expect(page).toHaveURL(new RegExp(`/cashback/${transactionId}$`))
    await expect(page.getByRole('button', { name: 'รับเงินคืน' })).toBeVisible()

    // The same news is in the app, behind the bell, whether or not pushes are on.
    await page.getByRole('link', { name: /^การแจ้งเตือน/ }).click()
    await expect(page).toHaveURL(/\/notifications$/)
    const approvedNews = page
      .getByRole('link', { name: new RegExp(`เงินคืนได้รับการอนุมัติแล้ว.*${merchant.name.th}`) })
      .first()
    // Its cashback is coloured as the cashback screens colour approved money.
    await expect(approvedNews.locator('[data-money-state="to_accept"]')).toHaveText(/^฿[\d,.]+$/)
    await approvedNews.click()
    await expect(page).toHaveURL(new RegExp(`/cashback/${transactionId}$`))

    // A withdrawal the operator marks paid is pushed too, with what reaches the account.
    const session = await page.request.get(`${server.url}/api/auth/session`)
    const { buyerId } = ((await session.json()) as { buyer: { buyerId: string } }).buyer
    const withdrawAndPay = async (key: string) => {
      const response = await page.request.post(`${server.url}/api/wallet/${buyerId}/withdrawals`, {
        headers: { 'Idempotency-Key': key, Origin: server.url },
        data: { target: 'truemoney', amount: 10_000, mobileNumber: '0812345678', accountName: 'สมชาย ใจดี' },
      })
      expect(response.status()).toBe(201)
      const { _id: id, netAmount } = (await response.json()) as { _id: string; netAmount: number }
      await server.runOperatorCommands(['withdrawal', 'processing', id], ['withdrawal', 'paid', id])
      return { id, netAmount }
    }
    const paid = await withdrawAndPay('e2e-push-withdrawal-1')
    const isPaid = (payload: PushPayload) =>
      payload.kind === 'withdrawal_paid' && payload.values.withdrawalId === paid.id
    await expect.poll(() => pushOf(isPaid), { timeout: 30_000 }).toBeDefined()
    expect(pushOf(isPaid)?.payload).toMatchObject({ link: '/?page=Withdrawal', values: { amount: paid.netAmount } })

    // The push service says the phone's subscription is gone (410): the server forgets the device.
    const deviceCount = async () => {
      const response = await page.request.get(`${server.url}/api/buyers/${buyerId}/notification-settings`)
      return ((await response.json()) as { deviceCount: number }).deviceCount
    }
    expect(await deviceCount()).toBe(1)
    pushService.respondWith('phone', 410)
    await withdrawAndPay('e2e-push-withdrawal-2')
    await expect.poll(deviceCount, { timeout: 30_000 }).toBe(0)
  } finally {
    await server.stop()
    await pushService.close()
  }
})

/** The next 22:30 in Bangkok (UTC+7 all year): inside quiet hours, 21:00–08:00. */
function nextBangkokEvening(): Date {
  const evening = new Date()
  evening.setUTCHours(22 - 7, 30, 0, 0)
  if (evening.getTime() <= Date.now()) evening.setUTCDate(evening.getUTCDate() + 1)
  return evening
}

test('ตอนสี่ทุ่มครึ่ง: the end of a promotion waits for the morning, the withdrawal paid with it is pushed at once', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const pushService = await startPushServiceStub()
  const server = await startOwnAppServer(
    { NODE_EXTRA_CA_CERTS: pushServiceCertificatePath },
    { serverNow: nextBangkokEvening() },
  )
  try {
    const device = createDeviceKeys()
    await useLocalPushService(page, pushService.endpointFor('stair-phone'), device)
    await context.grantPermissions(['notifications'], { origin: server.url })
    await page.goto(`${server.url}/en/auth`)
    await signInOnScreen(page, 'stair@ngernkhuen.test')
    await expect(page).toHaveURL(/\/en\/home$/)
    await page.evaluate(() => navigator.serviceWorker.ready)

    // Turned on from the profile, where every shopper can.
    await page.goto(`${server.url}/profile`)
    const subscribed = page.waitForResponse(
      (response) => response.url().endsWith('/push-subscriptions') && response.request().method() === 'PUT',
    )
    const deviceSwitch = page.getByRole('switch', { name: 'รับการแจ้งเตือนบนอุปกรณ์นี้' })
    // Busy (taps ignored) until the settings with the push service's key have loaded.
    await expect(deviceSwitch).not.toHaveAttribute('aria-busy', 'true')
    await deviceSwitch.click()
    expect((await subscribed).status()).toBe(204)

    // In Special Cashback level 1 (฿1,000 or more kept in the wallet) with ฿1,250.
    await page.goto(`${server.url}/promotions/special-cashback`)
    await page.getByRole('radio', { name: /ระดับ 1/ }).check()
    await page.getByRole('button', { name: /^เข้าร่วม/ }).click()
    await page
      .getByRole('dialog', { name: 'ยืนยันเข้าร่วม Special Cashback' })
      .getByRole('button', { name: 'ยืนยันเข้าร่วม' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: /สำเร็จ/ })).toBeVisible()

    // ฿300 out leaves ฿950: the withdrawal ends Special Cashback (a promotions notification), and
    // the operator pays it (a money notification), both at 22:30.
    const session = await page.request.get(`${server.url}/api/auth/session`)
    const { buyerId } = ((await session.json()) as { buyer: { buyerId: string } }).buyer
    const response = await page.request.post(`${server.url}/api/wallet/${buyerId}/withdrawals`, {
      headers: { 'Idempotency-Key': 'e2e-quiet-hours-withdrawal', Origin: server.url },
      data: { target: 'truemoney', amount: 30_000, mobileNumber: '0812345678', accountName: 'ชูใจ ขั้นบันได' },
    })
    expect(response.status()).toBe(201)
    const { _id: withdrawalId } = (await response.json()) as { _id: string }
    await server.runOperatorCommands(['withdrawal', 'processing', withdrawalId], ['withdrawal', 'paid', withdrawalId])

    const kindsPushed = () => pushesTo(pushService, 'stair-phone', device).map(({ payload }) => payload.kind)
    await expect.poll(kindsPushed, { timeout: 30_000 }).toContain('withdrawal_paid')
    // The end was written first, in the withdrawal's own transaction: sent at once, it would be
    // here before the payment.
    expect(kindsPushed()).not.toContain('special_cashback_ended')

    // It is in the app all the same, behind the bell.
    await page.goto(`${server.url}/notifications`)
    await expect(page.getByRole('link', { name: /Special Cashback ของคุณสิ้นสุดแล้ว/ })).toBeVisible()
  } finally {
    await server.stop()
    await pushService.close()
  }
})
