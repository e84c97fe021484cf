import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/**
 * A local stand-in for a browser vendor's push service (FCM, Mozilla autopush, Apple), so tests of
 * our Web Push sending never need the internet, plus what the browser itself does with a push:
 * its subscription keys and the decryption of the message (RFC 8291, `aes128gcm` of RFC 8188).
 *
 * `web-push` speaks only HTTPS and only takes an `https.Agent`, so the stub is an HTTPS server. Its
 * certificate (`fixtures/push-service-cert.pem`, key beside it) is self-signed for 127.0.0.1 and
 * localhost and is for tests only: nothing trusts it but tests, either in-process through
 * `createTrustingAgent()` or, for a server run as a child process, through
 * `NODE_EXTRA_CA_CERTS=<pushServiceCertificatePath>`. The private key is public by being committed;
 * it must never serve anything but this stub.
 *
 * Decryption and the VAPID check are written from the RFCs with node:crypto alone, not with
 * `web-push` or `http_ece`: a test must not trust the library it is testing to check itself.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures')

export const pushServiceCertificatePath = path.join(fixtures, 'push-service-cert.pem')
export const pushServiceCertificate = readFileSync(pushServiceCertificatePath, 'utf8')
const pushServiceKey = readFileSync(path.join(fixtures, 'push-service-key.pem'), 'utf8')

/** An agent for `web-push`'s `agent` option that trusts the stub's certificate (and only adds it). */
export function createTrustingAgent(): https.Agent {
  return new https.Agent({ ca: pushServiceCertificate })
}

export type ReceivedPush = {
  /** The `<name>` of `/push/<name>`: which subscription the push was for. */
  name: string
  /** Lowercased, as Node gives them: `ttl`, `urgency`, `topic`, `content-encoding`, `authorization`… */
  headers: Record<string, string | undefined>
  body: Buffer
  receivedAt: Date
}

export type PushServiceStub = {
  /** The subscription endpoint a browser would hand over for this name. */
  endpointFor(name: string): string
  /** Every POST to `/push/<name>` within the size limit, whatever status it was answered. */
  received: ReceivedPush[]
  /** Answers every later push to `name` with `status` (201 until told otherwise), e.g. 410 Gone. */
  respondWith(name: string, status: number): void
  /**
   * The first `count` pushes (to `name`, or to any name), as soon as they have arrived. Rejects
   * after `timeoutMilliseconds` (10 s by default) or when the stub closes.
   */
  waitForPushes(count: number, options?: { name?: string; timeoutMilliseconds?: number }): Promise<ReceivedPush[]>
  /** Stops the server, dropping kept-alive connections, and rejects any pending wait. */
  close(): Promise<void>
}

/**
 * Twice the 4 KiB that RFC 8030 lets a push service refuse beyond (RFC 8291 §4): anything bigger is
 * surely a bug, answered 413 as a real push service would, without being recorded.
 */
const maximumBodyBytes = 8 * 1024

const pushPath = /^\/push\/([^/]+)$/

type Waiter = {
  count: number
  name: string | undefined
  resolve: (pushes: ReceivedPush[]) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

export async function startPushServiceStub(): Promise<PushServiceStub> {
  const received: ReceivedPush[] = []
  const statuses = new Map<string, number>()
  const waiters = new Set<Waiter>()
  let messageCount = 0

  function matching(name: string | undefined): ReceivedPush[] {
    return name === undefined ? received : received.filter((push) => push.name === name)
  }

  function settleWaiters(): void {
    for (const waiter of waiters) {
      const pushes = matching(waiter.name)
      if (pushes.length < waiter.count) continue
      waiters.delete(waiter)
      clearTimeout(waiter.timer)
      waiter.resolve(pushes.slice(0, waiter.count))
    }
  }

  function answer(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers })
    response.end(status >= 200 && status <= 299 ? '' : `push service stub: ${status}\n`)
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const match = pushPath.exec(new URL(request.url ?? '/', 'https://127.0.0.1').pathname)
    if (request.method !== 'POST' || match?.[1] === undefined) {
      request.resume()
      answer(response, 404)
      return
    }
    let name: string
    try {
      name = decodeURIComponent(match[1])
    } catch {
      request.resume()
      answer(response, 404)
      return
    }
    // The whole body is read even when too big, so the client gets the 413 rather than a reset.
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maximumBodyBytes) chunks.push(chunk)
    })
    request.on('end', () => {
      if (size > maximumBodyBytes) {
        answer(response, 413)
        return
      }
      const headers: Record<string, string | undefined> = {}
      for (const [header, value] of Object.entries(request.headers)) {
        headers[header] = Array.isArray(value) ? value.join(', ') : value
      }
      // Recorded before answering: once `sendNotification` resolves, the push is in `received`.
      received.push({ name, headers, body: Buffer.concat(chunks), receivedAt: new Date() })
      const status = statuses.get(name) ?? 201
      messageCount += 1
      // RFC 8030 §5: a push service answers 201 Created with the message's location.
      answer(response, status, status === 201 ? { Location: `/message/${messageCount}` } : {})
      settleWaiters()
    })
  }

  const server = https.createServer({ cert: pushServiceCertificate, key: pushServiceKey }, handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  return {
    endpointFor: (name) => `https://127.0.0.1:${port}/push/${encodeURIComponent(name)}`,
    received,
    respondWith: (name, status) => {
      statuses.set(name, status)
    },
    waitForPushes: (count, options = {}) => {
      const { name, timeoutMilliseconds = 10_000 } = options
      const already = matching(name)
      if (already.length >= count) return Promise.resolve(already.slice(0, count))
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          count,
          name,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter)
            const target = name === undefined ? 'the push service stub' : `"${name}"`
            reject(
              new Error(
                `Expected ${count} push(es) to ${target} within ${timeoutMilliseconds} ms, ` +
                  `but ${matching(name).length} arrived`,
              ),
            )
          }, timeoutMilliseconds),
        }
        waiters.add(waiter)
      })
    },
    close: () => {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer)
        waiter.reject(new Error('The push service stub closed while pushes were awaited'))
      }
      waiters.clear()
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}

/** What a browser keeps when it subscribes: `p256dh` and `auth` go to the server, `ecdh` stays. */
export type DeviceKeys = {
  /** base64url of the 65-byte uncompressed P-256 public key. */
  p256dh: string
  /** base64url of the 16-byte authentication secret. */
  auth: string
  ecdh: ECDH
}

export function createDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    ecdh,
  }
}

function hmacSha256(key: Buffer, ...data: Buffer[]): Buffer {
  const hmac = createHmac('sha256', key)
  for (const part of data) hmac.update(part)
  return hmac.digest()
}

const tagBytes = 16

/**
 * The push message as the browser reads it (RFC 8291 with RFC 8188 `aes128gcm`). Throws on anything
 * a browser would drop: a header that is not `aes128gcm`, keys that do not fit, a failed tag, bad
 * padding, text that is not UTF-8.
 */
export function decryptPushBody(body: Buffer, device: DeviceKeys): string {
  // RFC 8188 §2.1 header: salt(16) | rs(4) | idlen(1) | keyid(idlen).
  if (body.length < 21) {
    throw new Error(`Push body of ${body.length} bytes is shorter than an aes128gcm header (21 bytes)`)
  }
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyIdLength = body.readUInt8(20)
  // RFC 8291 §4: the keyid is the sender's ephemeral public key, uncompressed.
  if (keyIdLength !== 65 || body.length < 21 + 65 || body[21] !== 0x04) {
    throw new Error(
      `Push body is not aes128gcm for Web Push: its keyid must be the sender's 65-byte uncompressed ` +
        `P-256 key, but idlen is ${keyIdLength} (legacy "aesgcm" bodies carry no such header)`,
    )
  }
  if (recordSize <= tagBytes + 1) throw new Error(`Push body's record size ${recordSize} is below the minimum of 18`)
  const senderPublicKey = body.subarray(21, 21 + 65)
  const content = body.subarray(21 + 65)
  if (content.length === 0) throw new Error('Push body has a header but no encrypted record')

  const authSecret = Buffer.from(device.auth, 'base64url')
  if (authSecret.length !== 16) throw new Error(`Device auth secret is ${authSecret.length} bytes, not 16`)
  const devicePublicKey = device.ecdh.getPublicKey()
  let ecdhSecret: Buffer
  try {
    ecdhSecret = device.ecdh.computeSecret(senderPublicKey)
  } catch (error) {
    throw new Error("Push body's sender key is not a valid P-256 point", { cause: error })
  }

  // RFC 8291 §3.3–3.4, then RFC 8188 §2.2–2.3 (HKDF with one output block, so one HMAC each).
  const prkKey = hmacSha256(authSecret, ecdhSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), devicePublicKey, senderPublicKey])
  const inputKeyingMaterial = hmacSha256(prkKey, keyInfo, Buffer.from([0x01]))
  const prk = hmacSha256(salt, inputKeyingMaterial)
  const contentEncryptionKey = hmacSha256(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(
    0,
    16,
  )
  const baseNonce = hmacSha256(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12)

  const plaintexts: Buffer[] = []
  const recordCount = Math.ceil(content.length / recordSize)
  for (let index = 0; index < recordCount; index += 1) {
    const record = content.subarray(index * recordSize, (index + 1) * recordSize)
    const isLast = index === recordCount - 1
    if (record.length <= tagBytes) {
      throw new Error(`Push body record ${index} is ${record.length} bytes, too short for its 16-byte tag`)
    }
    // RFC 8188 §2.3: the record sequence number is XORed into the nonce's last 6 bytes.
    const nonce = Buffer.from(baseNonce)
    const sequence = Buffer.alloc(6)
    sequence.writeUIntBE(index, 0, 6)
    for (let byte = 0; byte < 6; byte += 1) {
      nonce.writeUInt8(nonce.readUInt8(6 + byte) ^ sequence.readUInt8(byte), 6 + byte)
    }
    const decipher = createDecipheriv('aes-128-gcm', contentEncryptionKey, nonce)
    decipher.setAuthTag(record.subarray(record.length - tagBytes))
    let padded: Buffer
    try {
      padded = Buffer.concat([decipher.update(record.subarray(0, record.length - tagBytes)), decipher.final()])
    } catch (error) {
      throw new Error(`Push body record ${index} failed authentication: encrypted for other device keys, or altered`, {
        cause: error,
      })
    }
    // RFC 8188 §2: data | delimiter (0x02 last record, 0x01 others) | zero padding.
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end -= 1
    const delimiter = padded[end]
    if (delimiter !== (isLast ? 0x02 : 0x01)) {
      throw new Error(
        `Push body record ${index} ends with delimiter ${delimiter ?? 'none'}, ` +
          `expected ${isLast ? '2 (last record)' : '1 (not the last record: truncated?)'}`,
      )
    }
    plaintexts.push(padded.subarray(0, end))
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(plaintexts))
  } catch (error) {
    throw new Error('Push body decrypted, but is not UTF-8 text', { cause: error })
  }
}

/** Longest `exp` ahead of now that RFC 8292 §2 lets a push service accept. */
const maximumVapidLifetimeMilliseconds = 24 * 60 * 60 * 1000

function publicKeyFromUncompressedPoint(point: Buffer): KeyObject {
  if (point.length !== 65 || point[0] !== 0x04) {
    throw new Error(`VAPID key k is ${point.length} bytes; expected an uncompressed 65-byte P-256 point`)
  }
  try {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    })
  } catch (error) {
    throw new Error('VAPID key k is not a point on P-256', { cause: error })
  }
}

function parseJsonPart(part: string, what: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
  } catch (error) {
    throw new Error(`VAPID JWT ${what} is not base64url JSON`, { cause: error })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`VAPID JWT ${what} is not a JSON object`)
  }
  return value as Record<string, unknown>
}

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<key>` header as a push service does (RFC 8292): the
 * ES256 signature under `k`, `aud` the endpoint's origin, `exp` in the next 24 hours, `sub` a
 * `mailto:` or `https:` contact. Returns what the push service would learn of the sender.
 */
export function verifyVapidAuthorization(
  authorization: string | undefined,
  endpoint: string,
): { subject: string; publicKey: string; expiresAt: Date } {
  if (authorization === undefined) throw new Error('Push has no Authorization header (VAPID is required)')
  const scheme = /^vapid\s+(.*)$/is.exec(authorization.trim())
  if (scheme?.[1] === undefined) {
    throw new Error(`Authorization header is not the "vapid" scheme of RFC 8292: ${authorization.slice(0, 40)}`)
  }
  const parameters = new Map<string, string>()
  for (const parameter of scheme[1].split(',')) {
    const separator = parameter.indexOf('=')
    if (separator > 0)
      parameters.set(parameter.slice(0, separator).trim().toLowerCase(), parameter.slice(separator + 1).trim())
  }
  const token = parameters.get('t')
  const publicKey = parameters.get('k')
  if (token === undefined || publicKey === undefined) {
    throw new Error('VAPID Authorization header lacks its t (token) or k (public key) parameter')
  }

  const parts = token.split('.')
  const [encodedHeader, encodedPayload, encodedSignature] = parts
  if (
    parts.length !== 3 ||
    encodedHeader === undefined ||
    encodedPayload === undefined ||
    encodedSignature === undefined
  ) {
    throw new Error(`VAPID token is not a JWT of three parts (it has ${parts.length})`)
  }
  const header = parseJsonPart(encodedHeader, 'header')
  if (header.alg !== 'ES256') throw new Error(`VAPID JWT alg is ${String(header.alg)}; RFC 8292 requires ES256`)
  const signature = Buffer.from(encodedSignature, 'base64url')
  if (signature.length !== 64) throw new Error(`VAPID JWT signature is ${signature.length} bytes, not ES256's 64`)
  const key = publicKeyFromUncompressedPoint(Buffer.from(publicKey, 'base64url'))
  const signed = Buffer.from(`${encodedHeader}.${encodedPayload}`, 'ascii')
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new Error('VAPID JWT signature does not verify with key k')
  }

  const claims = parseJsonPart(encodedPayload, 'payload')
  const audience = new URL(endpoint).origin
  if (claims.aud !== audience) {
    throw new Error(`VAPID JWT aud is ${JSON.stringify(claims.aud)}, expected the endpoint's origin ${audience}`)
  }
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) {
    throw new Error(`VAPID JWT exp is ${JSON.stringify(claims.exp)}, not a number of seconds`)
  }
  const expiresAt = new Date(claims.exp * 1000)
  const now = Date.now()
  if (expiresAt.getTime() <= now) throw new Error(`VAPID JWT expired at ${expiresAt.toISOString()}`)
  if (expiresAt.getTime() - now > maximumVapidLifetimeMilliseconds) {
    throw new Error(`VAPID JWT exp ${expiresAt.toISOString()} is more than 24 hours ahead`)
  }
  const subject = claims.sub
  let subjectProtocol: string | undefined
  try {
    subjectProtocol = typeof subject === 'string' ? new URL(subject).protocol : undefined
  } catch {
    subjectProtocol = undefined
  }
  if (typeof subject !== 'string' || (subjectProtocol !== 'mailto:' && subjectProtocol !== 'https:')) {
    throw new Error(`VAPID JWT sub is ${JSON.stringify(subject)}; expected a mailto: or https: URL`)
  }
  return { subject, publicKey, expiresAt }
}
