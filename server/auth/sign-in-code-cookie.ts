import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { signInCodeCookieName } from '#domain/contracts/auth'
import { isHttpsRequest } from '#server/http/request-origin'

/** Only the sign-in routes read it. */
const path = '/api/auth'

/**
 * Kept a little past the code's own end, so that a code typed late is answered `code_expired`
 * (ask for a new one) rather than `code_requested_elsewhere` (which would send the shopper
 * looking for another browser). The nonce of a dead code opens nothing.
 */
const graceSeconds = 10 * 60

/**
 * Names the code this browser asked for by its nonce. The nonce alone does not give the code
 * (the code is an HMAC of it under AUTH_SECRET), so the cookie is no secret to the device; it
 * binds the code to the browser: only a request carrying it may try the code or have it sent
 * again. httpOnly, SameSite=Lax and Secure over https, like the session cookie.
 */
export function setSignInCodeCookie(c: Context, nonce: string, expiresAt: Date, now: Date): void {
  setCookie(c, signInCodeCookieName, nonce, {
    path,
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttpsRequest(c),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) + graceSeconds,
  })
}

export function clearSignInCodeCookie(c: Context): void {
  deleteCookie(c, signInCodeCookieName, { path, httpOnly: true, sameSite: 'Lax', secure: isHttpsRequest(c) })
}

export function readSignInCodeCookie(c: Context): string | undefined {
  const value = getCookie(c, signInCodeCookieName)
  // Nonces are 16 random bytes in hex; anything else is not ours and not worth a query.
  return value !== undefined && /^[0-9a-f]{32}$/.test(value) ? value : undefined
}
