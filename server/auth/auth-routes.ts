import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  devOutboxQuerySchema,
  devOutboxResponseSchema,
  signInCodeRequestSchema,
  signInCodeResendAfterSeconds,
  signInCodeResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  type DevOutboxResponse,
  type SignInCodeResponse,
  type SignInResponse,
} from '#domain/contracts/auth'
import { sessionResponseSchema, type SessionResponse } from '#domain/contracts/session'
import type { AccountsConfig } from '#server/auth/accounts-config'
import { canonicalIdentifier, identifierErrorCode } from '#server/auth/identifier-input'
import { createAccountLimiters } from '#server/auth/rate-limits'
import { clearSessionCookie, setSessionCookie } from '#server/auth/session-cookie'
import { signedInBuyer } from '#server/auth/session-middleware'
import { shopperSignInCodeCookie } from '#server/auth/sign-in-code-cookie'
import { createSession, deleteBuyerSessions, deleteSession } from '#server/auth/sessions'
import { checkSignInCode, issueSignInCode, refuseUnlessCodeIsValid, spendSignInCode } from '#server/auth/sign-in-codes'
import { createBuyer, findBuyerByIdentifier, readBuyerView } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateFormRequest } from '#server/http/validation'

const csrfResponse = errorResponseDescription('Sent from another origin (`forbidden_origin`)')

export function authRoutes(database: Database, config: AccountsConfig) {
  const { authSecret, delivery, now } = config
  const limiters = createAccountLimiters(database, config)

  return new Hono<AppEnvironment>()
    .post(
      '/auth/codes',
      describeRoute({
        summary: 'Send a sign-in code',
        description:
          'Sends a 6-digit code to the email address or Thai mobile number, valid 10 minutes, and sets the ' +
          '`ngernkhuen_sign_in` cookie (httpOnly, path `/api/auth`) naming it: the code can only be typed in ' +
          'this browser. Asking again from this browser while the code has at least 3 minutes left sends the ' +
          'same code; a request without that cookie (another browser, a stranger) makes a new code and leaves ' +
          'every other code as it was. Limits (server/auth/rate-limits.ts), counted once the body is valid: per ' +
          'client address, per identifier from one address (5 an hour, so a stranger elsewhere cannot use up ' +
          "the owner's), per identifier (20 an hour, identifier-change codes included) and, last, for " +
          'everyone together. The client address is the socket peer, or with `TRUSTED_PROXY_HOPS` the ' +
          '`X-Forwarded-For` entry that many places from the right. The answer is the same whether or not a ' +
          'buyer has this identifier.',
        tags: ['Accounts'],
        responses: {
          202: jsonResponse('The code is on its way', signInCodeResponseSchema),
          400: errorResponseDescription(
            'Empty (`invalid_request`, `details.fields.identifier = "required"`) or malformed ' +
              '(`invalid_identifier`) identifier',
          ),
          403: csrfResponse,
          429: errorResponseDescription(
            'Too many codes for this identifier (`too_many_codes`), or from this address or everyone ' +
              '(`too_many_requests`); `Retry-After` and `details.retryAfterSeconds` say when to retry',
          ),
          ...commonErrorResponses,
          503: errorResponseDescription(
            'No SMS provider for a phone number (`phone_sign_in_unavailable`), the mail server refused ' +
              '(`unavailable`), or maintenance (`maintenance`)',
          ),
        },
      }),
      validateFormRequest('json', signInCodeRequestSchema, identifierErrorCode),
      limiters.signInCodes,
      async (c) => {
        const identifier = canonicalIdentifier(c.req.valid('json').identifier)
        if (!delivery.canDeliverTo(identifier.kind)) {
          throw new ApiError(503, 'phone_sign_in_unavailable', 'Sign-in by phone is not available; use your email')
        }
        await limiters.countSignInCode(c, identifier.value)
        const time = now()
        const issued = await issueSignInCode(database, {
          secret: authSecret,
          identifier,
          nonce: shopperSignInCodeCookie.read(c),
          now: time,
        })
        shopperSignInCodeCookie.set(c, issued.nonce, issued.expiresAt, time)
        try {
          await delivery.deliver({ to: identifier, code: issued.code, expiresAt: issued.expiresAt })
        } catch (error) {
          c.get('logger').error({ err: error, kind: identifier.kind }, 'sign-in code delivery failed')
          throw new ApiError(503, 'unavailable', 'The code could not be sent; try again shortly')
        }
        return c.json(
          {
            identifierKind: identifier.kind,
            expiresAt: issued.expiresAt.toISOString(),
            resendAfterSeconds: signInCodeResendAfterSeconds,
          } satisfies SignInCodeResponse,
          202,
        )
      },
    )
    .post(
      '/auth/sessions',
      describeRoute({
        summary: 'Sign in with a code',
        description:
          'Checks the code against the one the `ngernkhuen_sign_in` cookie names (the code this browser asked ' +
          'for) and opens a new session (a new `ngernkhuen_session` cookie, 30 days, rolling). A try without ' +
          'that cookie is refused and counts against no code, so nobody else can use up its 5 tries. Signing ' +
          'in spends every open code of the identifier. ' +
          'The first sign-in of an unknown identifier registers the buyer and needs `acceptTerms: true` ' +
          '(18 or older, living in Thailand). A suspended buyer signs in too, with `status: "suspended"`.',
        tags: ['Accounts'],
        responses: {
          200: jsonResponse('Signed in; see `Set-Cookie`', signInResponseSchema),
          400: errorResponseDescription(
            'No `ngernkhuen_sign_in` cookie for a code of this identifier (`code_requested_elsewhere`: the code ' +
              'was asked for in another browser; nothing is counted), wrong or already used code (`invalid_code`), ' +
              'expired (`code_expired`), new buyer without `acceptTerms` ' +
              '(`terms_not_accepted`, the code stays valid), malformed body (`invalid_request`, `invalid_identifier`)',
          ),
          403: csrfResponse,
          429: errorResponseDescription(
            '5 wrong tries killed the code (`too_many_attempts`), or too many tries from this address ' +
              '(`too_many_requests`, with `Retry-After` and `details.retryAfterSeconds`)',
          ),
          ...commonErrorResponses,
        },
      }),
      validateFormRequest('json', signInRequestSchema, identifierErrorCode),
      limiters.signInAttempts,
      async (c) => {
        const body = c.req.valid('json')
        const identifier = canonicalIdentifier(body.identifier)
        const time = now()
        const check = await checkSignInCode(database, {
          secret: authSecret,
          identifier,
          code: body.code,
          nonce: shopperSignInCodeCookie.read(c),
          now: time,
        })
        refuseUnlessCodeIsValid(check.result)

        let record = await findBuyerByIdentifier(database, identifier)
        let isNewBuyer = false
        if (record === undefined) {
          if (body.acceptTerms !== true) {
            throw new ApiError(
              400,
              'terms_not_accepted',
              'A new account needs the terms accepted: 18 or older and living in Thailand',
            )
          }
          const created = await createBuyer(database, identifier, time)
          record = created.record
          isNewBuyer = created.isNew
        }
        if (check.codeId === undefined || !(await spendSignInCode(database, check.codeId, time))) {
          throw new ApiError(400, 'invalid_code', 'This code was already used')
        }

        // Never reuse the session the request came with: sign-in always gets a fresh id.
        const previousToken = c.get('sessionToken')
        if (previousToken !== undefined) await deleteSession(database, previousToken)
        const session = await createSession(database, {
          buyerId: record.id,
          userAgent: c.req.header('User-Agent'),
          now: time,
        })
        c.set('sessionToken', session.token)
        setSessionCookie(c, session.token, session.expiresAt, time)
        shopperSignInCodeCookie.clear(c)
        return c.json({ buyer: await readBuyerView(database, record), isNewBuyer } satisfies SignInResponse)
      },
    )
    .get(
      '/auth/session',
      describeRoute({
        summary: 'The signed-in buyer',
        description: 'Answers for suspended buyers too (with `status: "suspended"`), so the client can show /ban.',
        tags: ['Accounts'],
        responses: {
          200: jsonResponse('The session is live', sessionResponseSchema),
          401: errorResponseDescription('Not signed in, or the session expired (`unauthenticated`)'),
          ...commonErrorResponses,
        },
      }),
      async (c) =>
        c.json({ buyer: await readBuyerView(database, signedInBuyer(c.get('buyer'))) } satisfies SessionResponse),
    )
    .delete(
      '/auth/sessions/current',
      describeRoute({
        summary: 'Sign out',
        description: 'Ends this session and clears the cookie. Idempotent: 204 even when not signed in.',
        tags: ['Accounts'],
        responses: { 204: { description: 'Signed out' }, 403: csrfResponse, ...commonErrorResponses },
      }),
      async (c) => {
        const token = c.get('sessionToken')
        if (token !== undefined) await deleteSession(database, token)
        c.set('sessionToken', undefined)
        clearSessionCookie(c)
        return c.body(null, 204)
      },
    )
    .delete(
      '/auth/sessions',
      describeRoute({
        summary: 'Sign out of every device',
        description: "Ends all of the buyer's sessions, this one included.",
        tags: ['Accounts'],
        responses: {
          204: { description: 'Every session ended' },
          401: errorResponseDescription('Not signed in (`unauthenticated`)'),
          403: csrfResponse,
          ...commonErrorResponses,
        },
      }),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const ended = await deleteBuyerSessions(database, buyer.id)
        c.get('logger').info({ buyerId: buyer.id, sessions: ended }, 'signed out everywhere')
        c.set('sessionToken', undefined)
        clearSessionCookie(c)
        return c.body(null, 204)
      },
    )
}

/**
 * `GET /api/dev/outbox?to=<identifier>`: the codes sent to an identifier, newest first, from
 * whichever process sent them (the outbox is in the database). Only mounted when the delivery has
 * an outbox (demo and test mode), so production answers 404.
 */
export function devOutboxRoutes(config: AccountsConfig) {
  const outbox = config.delivery.outbox
  const routes = new Hono<AppEnvironment>()
  if (outbox === undefined) return routes
  return routes.get(
    '/dev/outbox',
    describeRoute({
      summary: 'Account messages sent (demo and test only)',
      description:
        'Absent in production (404). Lets tests and developers sign in without a mailbox or phone: sign-in ' +
        'codes, codes confirming a new email or phone, and notices of a changed identifier (`kind`).',
      tags: ['Development'],
      responses: {
        200: jsonResponse('Newest first', devOutboxResponseSchema),
        400: errorResponseDescription('`to` is not an email address or Thai mobile number'),
        ...commonErrorResponses,
      },
    }),
    validateFormRequest('query', devOutboxQuerySchema, (fields) =>
      fields['to'] === 'invalid_identifier' ? 'invalid_identifier' : 'invalid_request',
    ),
    async (c) => {
      const identifier = canonicalIdentifier(c.req.valid('query').to)
      const data = (await outbox.messagesTo(identifier.value)).map((entry) => ({
        to: entry.to,
        kind: entry.kind,
        code: entry.code,
        text: entry.text,
        sentAt: entry.sentAt.toISOString(),
      }))
      return c.json({ data } satisfies DevOutboxResponse)
    },
  )
}
