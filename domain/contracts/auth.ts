import * as v from 'valibot'
import { buyerSchema } from './buyer.ts'
import { normalizeEmailAddress, normalizeThaiMobileNumber } from '../validation/thai-identifiers.ts'
import { textSchema } from '../validation/text.ts'

/**
 * Sign-in with a one-time code (issue 4). The shopper gives the email address or Thai mobile
 * number they use; the server sends a 6-digit code there; the code opens a session.
 *
 * - `POST /api/auth/codes` `{ identifier }` → 202 `SignInCodeResponse`.
 *   Errors: 400 `invalid_request` (`details.fields.identifier = 'required'`), 400
 *   `invalid_identifier` (`details.fields.identifier = 'invalid_identifier'`), 429
 *   `too_many_codes` (`Retry-After` header and `details.retryAfterSeconds`), 429
 *   `too_many_requests` (too many from this network address or from everyone; the same two),
 *   503 `phone_sign_in_unavailable` (production without an SMS provider).
 *   The answer sets the `ngernkhuen_sign_in` cookie naming the code. Asking again from the same
 *   browser while the code has life left sends the same code; from anywhere else it makes a new
 *   one and leaves the first alone.
 * - `POST /api/auth/sessions` `{ identifier, code, acceptTerms? }` → 200 `SignInResponse` and the
 *   session cookie (`ngernkhuen_session`, httpOnly). Only the code named by the request's
 *   `ngernkhuen_sign_in` cookie is checked. Errors: 400 `code_requested_elsewhere` (no such cookie
 *   for this identifier; nothing counted), 400 `invalid_code` (wrong, or already used), 400
 *   `code_expired`, 429 `too_many_attempts` (5 wrong tries killed the code), 400
 *   `terms_not_accepted` (unknown identifier without `acceptTerms: true`; the code stays valid, so
 *   the client can show the terms and send the same code again).
 *   A suspended buyer still signs in (the answer has `status: 'suspended'`; the client shows /ban).
 * - `DELETE /api/auth/sessions/current` → 204: sign out (clears the cookie).
 * - `DELETE /api/auth/sessions` → 204: sign out of every device (401 when not signed in).
 * - `GET /api/auth/session` → 200 `SessionResponse` (./session.ts), or 401 `unauthenticated`.
 */

/** Codes live 10 minutes. */
export const signInCodeLifetimeSeconds = 10 * 60
/** Wrong tries a code survives; the 5th wrong try kills it. */
export const signInCodeMaxAttempts = 5
/** Codes per identifier from one network address per hour (server/auth/rate-limits.ts has the other limits). */
export const signInCodesPerHour = 5
/**
 * How long the client waits before offering "send again". A hint for the UI; the server only
 * enforces `signInCodesPerHour`.
 */
export const signInCodeResendAfterSeconds = 60
export const signInCodeLength = 6
export const sessionCookieName = 'ngernkhuen_session'
/**
 * httpOnly cookie `POST /api/auth/codes` sets (path `/api/auth`): the nonce of the code it sent,
 * so the code can only be typed, and only be sent again, in the browser that asked for it.
 */
export const signInCodeCookieName = 'ngernkhuen_sign_in'
/** Sessions last 30 days from the last use (rolling). */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60

export const identifierKinds = ['email', 'phone'] as const
export type IdentifierKind = (typeof identifierKinds)[number]

export type SignInIdentifier = { kind: IdentifierKind; value: string }

/**
 * The canonical identifier: an email address trimmed and lowercased, or a mobile number in its
 * 10-digit local form. `undefined` when it is neither.
 */
export function parseSignInIdentifier(input: string): SignInIdentifier | undefined {
  const trimmed = input.trim()
  if (trimmed.includes('@')) {
    const email = normalizeEmailAddress(trimmed)
    return email === undefined ? undefined : { kind: 'email', value: email }
  }
  const phone = normalizeThaiMobileNumber(trimmed)
  return phone === undefined ? undefined : { kind: 'phone', value: phone }
}

/**
 * Issue messages are reason codes, not texts: `required` (empty: ' * Please enter a valid phone
 * number.' / ' * invalid email address.' in the UI) and `invalid_identifier` ('your email phone
 * number is wrong please try again').
 */
export const signInIdentifierSchema = v.pipe(
  textSchema('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.maxLength(254, 'invalid_identifier'),
  v.check((value) => parseSignInIdentifier(value) !== undefined, 'invalid_identifier'),
)

/** Exactly 6 digits (spaces the shopper or the phone's autofill put in are removed). */
export const signInCodeSchema = v.pipe(
  textSchema('required'),
  v.transform((value) => value.replace(/\s/g, '')),
  v.nonEmpty('required'),
  v.regex(/^\d{6}$/, 'invalid_code'),
)

/** A missing field says `required` too. */
export const signInCodeRequestSchema = v.object(
  {
    identifier: signInIdentifierSchema,
  },
  'required',
)
export type SignInCodeRequest = v.InferInput<typeof signInCodeRequestSchema>

export const signInCodeResponseSchema = v.object({
  identifierKind: v.picklist(identifierKinds),
  /** ISO 8601: when the code stops working. */
  expiresAt: v.string(),
  resendAfterSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type SignInCodeResponse = v.InferOutput<typeof signInCodeResponseSchema>

export const signInRequestSchema = v.object(
  {
    identifier: signInIdentifierSchema,
    code: signInCodeSchema,
    /** Required `true` on the first sign-in: 18 or older and living in Thailand (spec section 1). */
    acceptTerms: v.optional(v.boolean()),
  },
  'required',
)
export type SignInRequest = v.InferInput<typeof signInRequestSchema>

export const signInResponseSchema = v.object({
  buyer: buyerSchema,
  /** True when this sign-in registered the buyer. */
  isNewBuyer: v.boolean(),
})
export type SignInResponse = v.InferOutput<typeof signInResponseSchema>

/** `GET /api/dev/outbox?to=<identifier>` (demo and test only; 404 in production). */
export const devOutboxQuerySchema = v.object({ to: signInIdentifierSchema }, 'required')

/**
 * What a message is: a sign-in code, a code confirming a new email or phone of a signed-in
 * buyer, the notice to a buyer's previous address that the identifier changed, or the notice to
 * a buyer's addresses that a payout account changed (notices carry no code).
 */
export const devOutboxMessageKinds = [
  'sign_in_code',
  'identifier_change_code',
  'identifier_changed',
  /** A new or changed payout account, and from when it is usable (docs/decisions/024). */
  'payout_account_changed',
  /** The operator console's emailed code (server/ops/operator-auth-routes.ts). */
  'operator_sign_in_code',
] as const
export type DevOutboxMessageKind = (typeof devOutboxMessageKinds)[number]

export const devOutboxMessageSchema = v.object({
  /** The canonical identifier (see `parseSignInIdentifier`). */
  to: v.string(),
  kind: v.picklist(devOutboxMessageKinds),
  /** `null` for a notice. */
  code: v.nullable(v.string()),
  /** The message as sent (email body or SMS text). */
  text: v.string(),
  /** ISO 8601. */
  sentAt: v.string(),
})
export type DevOutboxMessage = v.InferOutput<typeof devOutboxMessageSchema>

export const devOutboxResponseSchema = v.object({
  /** Newest first. */
  data: v.array(devOutboxMessageSchema),
})
export type DevOutboxResponse = v.InferOutput<typeof devOutboxResponseSchema>
