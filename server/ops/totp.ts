import { Secret, TOTP } from 'otpauth'

/**
 * The console's second factor: RFC 6238 codes from an authenticator app (Google Authenticator,
 * Microsoft Authenticator, 1Password…), through the `otpauth` library. Six digits, 30 seconds,
 * SHA-1: what every authenticator app reads from a QR code.
 */

const issuer = 'NgernKhuen Ops'

function totpFor(secretBase32: string, label: string) {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: 30 })
}

/** A new 160-bit secret, base32 (what the authenticator app is given). */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://` URI the enrolment QR code carries. */
export function totpUri(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString()
}

/**
 * The 30-second step `code` was made for, when it is right within one step of `now` either way
 * (phone clocks drift); `undefined` when it is wrong. The caller refuses a step it has already
 * accepted, so a code seen over a shoulder cannot be used again.
 */
export function acceptedTotpStep(secretBase32: string, code: string, now: Date): number | undefined {
  const totp = totpFor(secretBase32, '')
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return undefined
  return totp.counter({ timestamp: now.getTime() }) + delta
}

/** The code an authenticator shows at `now` (tests and the demo operators' enrolment in e2e). */
export function currentTotpCode(secretBase32: string, now: Date): string {
  return totpFor(secretBase32, '').generate({ timestamp: now.getTime() })
}
