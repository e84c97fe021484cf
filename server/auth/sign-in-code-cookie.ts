import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { signInCodeCookieName } from '#domain/contracts/auth'
import { isHttpsRequest } from '#server/http/request-origin'

/**
 * Kept a little past the code's own end, so that a code typed late is answered `code_expired`
 * (ask for a new one) rather than `code_requested_elsewhere` (which would send the user looking
 * for another browser). The nonce of a dead code opens nothing.
 */
const graceSeconds = 10 * 60

export type SignInCodeCookie = {
  set(c: Context, nonce: string, expiresAt: Date, now: Date): void
  clear(c: Context): void
  read(c: Context): string | undefined
}

/**
 * The cookie that names the code a browser asked for by its nonce. The nonce alone does not give
 * the code (the code is an HMAC of it under AUTH_SECRET), so the cookie is no secret to the
 * device; it binds the code to the browser: only a request carrying it may try the code or have
 * it sent again. httpOnly and Secure over https; only the sign-in routes under `path` read it.
 * Shoppers and operators each have one, with the SameSite of their session cookie.
 */
export function createSignInCodeCookie(options: {
  name: string
  path: string
  sameSite: 'Lax' | 'Strict'
}): SignInCodeCookie {
  const { name, path, sameSite } = options
  return {
    set(c, nonce, expiresAt, now) {
      setCookie(c, name, nonce, {
        path,
        httpOnly: true,
        sameSite,
        secure: isHttpsRequest(c),
        maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)) + graceSeconds,
      })
    },
    clear(c) {
      deleteCookie(c, name, { path, httpOnly: true, sameSite, secure: isHttpsRequest(c) })
    },
    read(c) {
      const value = getCookie(c, name)
      // Nonces are 16 random bytes in hex; anything else is not ours and not worth a query.
      return value !== undefined && /^[0-9a-f]{32}$/.test(value) ? value : undefined
    },
  }
}

export const shopperSignInCodeCookie = createSignInCodeCookie({
  name: signInCodeCookieName,
  path: '/api/auth',
  sameSite: 'Lax',
})
