import type { MiddlewareHandler } from 'hono'
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '#server/auth/session-cookie'
import { loadSession } from '#server/auth/sessions'
import type { BuyerRecord } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'

/**
 * Loads the session's buyer (one query, and only when the cookie is there) for every API
 * request. A cookie that no longer opens a session is cleared so the browser stops sending it.
 */
export function sessionMiddleware(database: Database, now: () => Date): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const token = readSessionCookie(c)
    c.set('buyer', undefined)
    c.set('sessionToken', undefined)
    if (token === undefined) {
      if (c.req.header('Cookie')?.includes('ngernkhuen_session=')) clearSessionCookie(c)
      await next()
      return
    }
    const time = now()
    const loaded = await loadSession(database, token, time)
    if (loaded === undefined) {
      await next()
      clearSessionCookie(c)
      return
    }
    c.set('buyer', loaded.buyer)
    c.set('sessionToken', token)
    await next()
    // Sign-out and sign-in set their own cookie; only extend one that is still this session.
    if (loaded.refreshedExpiresAt !== undefined && c.get('sessionToken') === token) {
      setSessionCookie(c, token, loaded.refreshedExpiresAt, time)
    }
  }
}

/** The signed-in buyer, or 401 `unauthenticated`. Suspended buyers pass (see `requireActiveBuyer`). */
export function signedInBuyer(buyer: BuyerRecord | undefined): BuyerRecord {
  if (buyer === undefined) throw new ApiError(401, 'unauthenticated', 'Sign in first')
  return buyer
}

/** Member endpoints: signed in and not suspended (403 `buyer_suspended`, the client shows /ban). */
export function requireBuyer(): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const buyer = signedInBuyer(c.get('buyer'))
    if (buyer.status === 'suspended') {
      throw new ApiError(403, 'buyer_suspended', 'This account is suspended; contact support in the chat')
    }
    await next()
  }
}

/** 403 `forbidden` unless the id in the URL is the signed-in buyer's (401 `unauthenticated` without one). */
function requireOwnId(parameterName: string): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const buyer = signedInBuyer(c.get('buyer'))
    if (c.req.param(parameterName) !== buyer.id) {
      throw new ApiError(403, 'forbidden', 'This belongs to another buyer')
    }
    await next()
  }
}

/**
 * Buyer-scoped paths (`/buyers/:buyerId/...`): the id in the URL must be the session's buyer.
 * Anyone else's id, or a malformed one, is 403 `forbidden`; the URL never chooses whose data
 * is read.
 */
export function requireOwnBuyer(parameterName = 'buyerId'): MiddlewareHandler<AppEnvironment> {
  const guard = requireBuyer()
  const ownId = requireOwnId(parameterName)
  return async (c, next) =>
    guard(c, async () => {
      await ownId(c, next)
    })
}

/**
 * Like `requireOwnBuyer`, but a suspended buyer passes: for what /ban and /unauthorized send them
 * to (the support chat), where they ask why and how to get back.
 */
export function requireOwnBuyerEvenSuspended(parameterName = 'buyerId'): MiddlewareHandler<AppEnvironment> {
  return requireOwnId(parameterName)
}
