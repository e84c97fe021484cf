import * as v from 'valibot'

/**
 * The closed set of error codes the API answers with. The client maps each code to a
 * localized message; never match on the English `message`, it is for developers and logs.
 */
export const errorCodes = [
  'invalid_request',
  'not_found',
  'merchant_not_found',
  'product_not_found',
  'method_not_allowed',
  'payload_too_large',
  'forbidden_origin',
  'maintenance',
  'unavailable',
  /** 503 from `GET /api/health`: the database answers but cannot write (full disk, read-only). */
  'database_unwritable',
  /**
   * 503 with `Retry-After`: the database cannot be reached right now (a failover, a restart); the
   * same request sent again later is expected to succeed.
   */
  'database_unavailable',
  /**
   * 503 from `GET /api/health` once the process has been told to stop: load balancers take it out
   * of rotation while it still serves what they send during the pre-stop window.
   */
  'shutting_down',
  'internal_error',
  // Accounts (domain/contracts/auth.ts, buyer.ts, profile.ts).
  /** 401: no session, or an expired or signed-out one. */
  'unauthenticated',
  /** 403: signed in, but the resource belongs to another buyer. */
  'forbidden',
  /** 400: the sign-in identifier is neither an email address nor a Thai mobile number. */
  'invalid_identifier',
  /** 400: wrong code, or no code was requested for this identifier. */
  'invalid_code',
  /** 400: the code was right but is older than 10 minutes; request a new one. */
  'code_expired',
  /**
   * 400: the request does not carry the cookie of a code for this identifier: it was asked for in
   * another browser (or the cookie was lost). Nothing is counted against any code; type the code
   * where it was asked for, or ask for a new one here.
   */
  'code_requested_elsewhere',
  /** 429: 5 wrong tries on this code; it is dead, request a new one. */
  'too_many_attempts',
  /**
   * 429: too many codes for this identifier (from this address, or in all) or, for an identifier
   * change, for this buyer in the last hour; `Retry-After` and `details.retryAfterSeconds` say when.
   */
  'too_many_codes',
  /** 400: first sign-in of a new identifier without `acceptTerms: true`; the code stays valid. */
  'terms_not_accepted',
  /**
   * 429: too many requests from this network address, or from everyone at once (sign-in codes,
   * sign-in tries, identifier-change codes); `Retry-After` and `details.retryAfterSeconds` say when.
   */
  'too_many_requests',
  /** 409: another buyer already signs in with this email address or phone number. */
  'identifier_taken',
  /** 400: an identifier change to the email address or phone number the buyer already has. */
  'identifier_unchanged',
  /** 403: the buyer is suspended (spec section 4); member endpoints refuse, the client shows /ban. */
  'buyer_suspended',
  /** 404. */
  'buyer_not_found',
  /**
   * 503: sign-in by phone is not available because no SMS provider is configured (production
   * only; elsewhere codes go to the dev outbox). Email sign-in still works.
   */
  'phone_sign_in_unavailable',
  // Cashback (domain/contracts/cashback.ts, domain/contracts/postback.ts).
  /** 404: no such transaction, or it belongs to another buyer (the two are not told apart). */
  'transaction_not_found',
  /** 409: accept or archive on a transaction that is not approved. */
  'not_approved',
  /** 409: accept on a transaction whose cashback is already in the wallet (it is credited once). */
  'already_accepted',
  /** 409: archive before accept. */
  'not_accepted',
  /** 409: archive twice. */
  'already_archived',
  /** 409: an appeal approved on a transaction that is not rejected. */
  'not_rejected',
  /** 409: a status change the state machine refuses (domain/cashback/transaction-state.ts). */
  'invalid_transition',
  /** 400: a rejection without a reason; the shopper is always told why. */
  'rejection_reason_required',
  /** 400: a write without a valid `Idempotency-Key` header. */
  'idempotency_key_required',
  /** 422: an `Idempotency-Key` already used for a different request. */
  'idempotency_key_reused',
  /** 404: a postback for a network we have no secret for. */
  'unknown_network',
  /** 401: a postback whose signature or token does not match the network's secret. */
  'invalid_signature',
  /** 401: a signed postback whose timestamp is more than 5 minutes away from our clock. */
  'stale_timestamp',
  // Withdrawals (domain/contracts/withdrawal.ts, domain/wallet/withdrawal-rules.ts), all 409 but the 404.
  /** 'Unable to withdraw below THB {amount}' (`minWithdrawal`). */
  'below_minimum_withdrawal',
  /** 'Unable to withdraw above' the balance. */
  'above_balance',
  /** 'You must have accumulated cashback more than THB {amount}'. */
  'accumulated_cashback_too_low',
  /** 'There is pending transaction.': a withdrawal or exchange is still being processed. */
  'pending_withdrawal',
  /** An exchange below `minPointsExchange`. */
  'below_minimum_exchange',
  /** 404: no such withdrawal, or another buyer's. */
  'withdrawal_not_found',
  // Saved payout accounts (domain/contracts/payout-account.ts, docs/decisions/024).
  /** 409: the account was saved less than 72 hours ago (`details.usableFrom` says until when). */
  'payout_account_waiting',
  /** 404: no such payout account, another buyer's, or one a later change replaced. */
  'payout_account_not_found',
  /** 429: more than `payoutAccountChangesPerDay` new accounts in 24 hours (`details.retryAfterSeconds`). */
  'too_many_payout_account_changes',
  // Proofs (domain/contracts/proof.ts).
  /** 413: a picture larger than `maxProofImageBytes`. */
  'proof_too_large',
  /** 413: a picture with more than `maxProofImagePixels` pixels (refused before decoding). */
  'proof_too_many_pixels',
  /** 415: the bytes are not a whole picture of the declared type, or it is too large on a side. */
  'proof_not_image',
  /** 409: the transaction is not rejected, or its appeal was already approved. */
  'proof_not_allowed',
  /** 409: the transaction already has `maxProofImages` proofs. */
  'proof_limit_reached',
  /** 404: no such proof on this transaction (or it was deleted). */
  'proof_not_found',
  /** 409: an approved proof stays: it is the record of the decision. */
  'proof_not_deletable',
  /**
   * 400: an operator refused proofs without a `reasonCode` of the closed set
   * (domain/cashback/proof-rejection-reasons.ts), missing or unknown: the shopper is always told why.
   */
  'proof_reason_code_required',
  // Promotions and referral (domain/contracts/promotion.ts, domain/promotions/), 409 but the 400 and 404.
  /** 'You already join premium membership.': one premium join per buyer, ever. */
  'premium_already_joined',
  /** 'Join Failed': premium while Special Cashback is active (spec section 4, mutually exclusive). */
  'not_combinable_with_special_cashback',
  /** 'Join Failed': the wallet balance cannot pay premium's price (`details.minimum`). */
  'balance_below_premium_price',
  /** 'Join Failed': one Special Cashback join per buyer, ever, whichever level and however it ended. */
  'special_cashback_already_joined',
  /** 'Join Failed': Special Cashback while premium is active. */
  'not_combinable_with_premium',
  /** 'You must have accumulated cashback more than THB {amount}' with the level's amount (`details.minimum`). */
  'balance_below_tier',
  /**
   * 'Please wait for the approval before processing.': the balance is not above the level yet, but
   * would be once the shopper's tracked and pending cashback is approved and accepted.
   */
  'special_cashback_awaiting_approval',
  /** 400: the text cannot be a referral code (8 characters of `referralCodeAlphabet`). */
  'invalid_referral_code',
  /** 404: no buyer has this referral code. */
  'referral_code_not_found',
  /** More than 24 hours after the redeeming member signed up. */
  'referral_window_closed',
  /** The member already redeemed a code (the same or another). */
  'referral_already_redeemed',
  /** The code is the member's own, or an account of the same person's. */
  'own_referral_code',
  // The operator console (domain/ops/operator.ts, issue 14).
  /** 401: no operator session, an idle or expired one, or one still waiting for its second factor. */
  'operator_unauthenticated',
  /** 403: signed in as an operator whose role may not do this. */
  'operator_forbidden',
  /** 400: the authenticator code is wrong (or was already used in its 30-second window). */
  'invalid_second_factor',
  /** 400: the second-factor step was not started, expired, or ran out of tries: sign in again. */
  'second_factor_expired',
  /** 409: another operator changed the record first; reload it and decide again. */
  'operator_conflict',
  /** 409: an operator with this email address exists already. */
  'operator_exists',
  /** 404: no such operator, buyer, transaction or conversion in the console. */
  'record_not_found',
  /** 409: an admin tried to disable or demote their own account (another admin must do it). */
  'operator_self_change',
  // The support chat (domain/support/chat.ts, issue 15).
  /** 429: more than `supportMessageRateLimit` messages; `details.retryAfterSeconds` says when. */
  'too_many_messages',
  /**
   * 400: a message names a picture that is not the shopper's, or is already in another message; 404
   * from a picture's address that is not the shopper's.
   */
  'attachment_not_found',
  /** 400: a push subscription names an endpoint that is not a browser push service (production). */
  'push_endpoint_not_allowed',
] as const

export type ErrorCode = (typeof errorCodes)[number]

/**
 * Optional machine-readable detail:
 * - `fields`: per-field reason codes of a rejected form (`{ email: 'invalid_email' }`), see
 *   `ProfileFieldErrorCode` in domain/contracts/profile.ts;
 * - `retryAfterSeconds`: with `too_many_codes`, `too_many_requests`, `too_many_messages` and
 *   `database_unavailable`, the
 *   same value as the `Retry-After` header;
 * - `minimum`: with `below_minimum_withdrawal`, `below_minimum_exchange` and
 *   `accumulated_cashback_too_low`, the threshold in satang the server checked against (the
 *   client's cached fixed rates may be older);
 * - `balance`: with `above_balance`, the wallet balance in satang when the request was checked;
 * - `usableFrom`: with `payout_account_waiting`, when the account may receive withdrawals (ISO 8601).
 */
export const errorDetailsSchema = v.object({
  fields: v.optional(v.record(v.string(), v.string())),
  retryAfterSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  minimum: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  balance: v.optional(v.pipe(v.number(), v.integer())),
  usableFrom: v.optional(v.pipe(v.string(), v.isoTimestamp())),
})

export type ErrorDetails = v.InferOutput<typeof errorDetailsSchema>

export const errorBodySchema = v.object({
  error: v.object({
    code: v.picklist(errorCodes),
    message: v.string(),
    details: v.optional(errorDetailsSchema),
  }),
})

export type ErrorBody = v.InferOutput<typeof errorBodySchema>

export function isErrorBody(value: unknown): value is ErrorBody {
  return v.is(errorBodySchema, value)
}
