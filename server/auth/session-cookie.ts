import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { sessionCookieName } from '#domain/contracts/auth'
import { isHttpsRequest } from '#server/http/request-origin'

/** httpOnly (scripts never see it), SameSite=Lax (no cross-site POSTs carry it), Secure over https. */
export function setSessionCookie(c: Context, token: string, expiresAt: Date, now: Date): void {
  setCookie(c, sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttpsRequest(c),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookieName, { path: '/', httpOnly: true, sameSite: 'Lax', secure: isHttpsRequest(c) })
}

export function readSessionCookie(c: Context): string | undefined {
  const value = getCookie(c, sessionCookieName)
  // 32 bytes in base64url are 43 characters; anything else is not ours and not worth a query.
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined
}
