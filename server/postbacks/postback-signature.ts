import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

const signaturePattern = /^sha256=([0-9a-f]{64})$/i

/** The `X-Postback-Signature` value for a body: `sha256=<hex HMAC-SHA256 with the network's secret>`. */
export function signPostbackBody(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * Checks the header against the HMAC of the exact bytes received, before anything parses them:
 * a body re-serialised from parsed JSON would not be the bytes the network signed.
 */
export function isValidPostbackSignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  const match = signaturePattern.exec(header?.trim() ?? '')
  if (match?.[1] === undefined) return false
  const expected = createHmac('sha256', secret).update(body).digest()
  return timingSafeEqual(Buffer.from(match[1], 'hex'), expected)
}

/**
 * The GET form's shared-secret token. Both sides are hashed first so the comparison takes the
 * same time whatever the token's length (`timingSafeEqual` needs equal lengths).
 */
export function isValidPostbackToken(secret: string, token: string | undefined): boolean {
  if (token === undefined) return false
  return timingSafeEqual(sha256(token), sha256(secret))
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
