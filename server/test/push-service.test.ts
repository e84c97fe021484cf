import https from 'node:https'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import webpush from 'web-push'
import {
  createDeviceKeys,
  createTrustingAgent,
  decryptPushBody,
  startPushServiceStub,
  verifyVapidAuthorization,
  type DeviceKeys,
  type PushServiceStub,
  type ReceivedPush,
} from '#server/test/push-service'

/** The stub itself is proven here with the real `web-push`, so other tests can rely on it. */

let stub: PushServiceStub
beforeAll(async () => {
  stub = await startPushServiceStub()
})
afterAll(() => stub.close())

const vapidKeys = webpush.generateVAPIDKeys()
const vapidSubject = 'mailto:push@example.test'

function send(endpoint: string, device: DeviceKeys, payload: string): Promise<webpush.SendResult> {
  return webpush.sendNotification({ endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
    vapidDetails: { subject: vapidSubject, publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey },
    TTL: 3600,
    urgency: 'high',
    agent: createTrustingAgent(),
    contentEncoding: 'aes128gcm',
  })
}

/** The one push sent to `name`; `waitForPushes` resolves with exactly as many as asked for. */
async function pushTo(name: string): Promise<ReceivedPush> {
  const [push] = await stub.waitForPushes(1, { name })
  if (push === undefined) throw new Error(`waitForPushes resolved without a push to "${name}"`)
  return push
}

/** A request `web-push` would never make, for the stub's refusals. */
function rawRequest(url: string, options: { method: string; body?: Buffer }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: options.method, agent: createTrustingAgent() }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(options.body)
  })
}

describe('push service stub', () => {
  it('receives what web-push sends, which the device decrypts and whose VAPID signature verifies', async () => {
    const device = createDeviceKeys()
    const endpoint = stub.endpointFor('delivered')
    const payload = JSON.stringify({ title: 'ได้รับเงินคืนแล้ว', body: '฿120.50 จาก Lazada', url: '/wallet' })

    const result = await send(endpoint, device, payload)
    expect(result.statusCode).toBe(201)

    const push = await pushTo('delivered')
    expect(push.name).toBe('delivered')
    expect(push.headers).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    })
    expect(decryptPushBody(push.body, device)).toBe(payload)
    expect(verifyVapidAuthorization(push.headers.authorization, endpoint)).toMatchObject({
      subject: vapidSubject,
      publicKey: vapidKeys.publicKey,
    })
  })

  it('answers a name told to with that status, which web-push rejects as a WebPushError', async () => {
    stub.respondWith('gone', 410)

    const sending = send(stub.endpointFor('gone'), createDeviceKeys(), '{"title":"gone"}')

    await expect(sending).rejects.toBeInstanceOf(webpush.WebPushError)
    await expect(sending).rejects.toMatchObject({ statusCode: 410 })
    expect(await stub.waitForPushes(1, { name: 'gone' })).toHaveLength(1)
  })

  it("refuses to decrypt with another device's keys", async () => {
    await send(stub.endpointFor('intercepted'), createDeviceKeys(), '{"title":"secret"}')

    const push = await pushTo('intercepted')

    expect(() => decryptPushBody(push.body, createDeviceKeys())).toThrow(/failed authentication/)
  })

  it('refuses a VAPID token signed for another push service', async () => {
    await send(stub.endpointFor('audience'), createDeviceKeys(), '{}')

    const push = await pushTo('audience')

    expect(() => verifyVapidAuthorization(push.headers.authorization, 'https://push.example.test/x')).toThrow(/aud/)
  })

  it('answers 404 off the push path and 413 beyond 8 KiB, recording neither', async () => {
    const before = stub.received.length

    expect(await rawRequest(stub.endpointFor('read'), { method: 'GET' })).toBe(404)
    expect(await rawRequest(stub.endpointFor('a/b'), { method: 'POST' })).toBe(201)
    expect(await rawRequest(stub.endpointFor('a').replace('/push/', '/other/'), { method: 'POST' })).toBe(404)
    expect(await rawRequest(stub.endpointFor('big'), { method: 'POST', body: Buffer.alloc(8 * 1024 + 1) })).toBe(413)

    expect(stub.received.slice(before).map((push) => push.name)).toEqual(['a/b'])
  })

  it('rejects a wait that times out, saying how many pushes arrived', async () => {
    await expect(stub.waitForPushes(1, { name: 'nobody', timeoutMilliseconds: 20 })).rejects.toThrow(
      'Expected 1 push(es) to "nobody" within 20 ms, but 0 arrived',
    )
  })
})
