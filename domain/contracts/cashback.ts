import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'
import { cashbackComponentKinds } from '../cashback/cashback-amount.ts'
import { cashbackReleasePaths, type PurchaseOutcomeCounts } from '../cashback/rating.ts'
import { rejectionReasonCodes } from '../cashback/rejection-reasons.ts'
import { balanceSchema, currencies, ratingSchema } from './buyer.ts'
import { cashbackKinds, catalogueIdSchema } from './catalogue.ts'
import { appealSchema, appealStatuses, proofSchema } from './proof.ts'
import { integerQuerySchema, jsonQuerySchema } from './query-params.ts'
import { textSchema } from '../validation/text.ts'
import { cashbackTabs, unacceptedCountSearchParams, type CashbackTab } from './cashback-basics.ts'

/**
 * Cashback transactions, the wallet and the rating (issue 5; spec sections 3, 4 and 7). Every
 * path carries the buyer id and is guarded like the buyer calls (domain/contracts/buyer.ts):
 * 401 `unauthenticated`, 403 `forbidden` for another buyer's id, 403 `buyer_suspended`.
 *
 * - `GET /api/cashback/{buyerId}/transactions?select=…&filter=…&limit=…&skip=…` →
 *   `CashbackTransactionListResponse`.
 * - `GET /api/cashback/{buyerId}/transactions/{transactionId}` → `CashbackTransactionDetail`
 *   (404 `transaction_not_found` for an unknown id or another buyer's transaction).
 * - `POST /api/cashback/{buyerId}/transactions/{transactionId}/accept` and `…/archive`, no body,
 *   header `Idempotency-Key` (see `idempotencyKeySchema`) → `CashbackActionResponse`.
 *   Refusals: 409 with `not_approved`, `already_accepted`, `not_accepted`, `already_archived`.
 * - `POST /api/cashback/{buyerId}/transactions/accept` with an `AcceptCashbackRequest` body and an
 *   `Idempotency-Key` → `AcceptCashbackResponse` ("accept all": the approved cashback the shopper
 *   was shown, into the wallet in one step).
 * - `GET /api/buyers/{buyerId}/wallet` → `WalletSummary`.
 * - `GET /api/buyers/{buyerId}/rating` → `RatingDetails`.
 * - `GET /go/{merchantId}?product={productId}` (a navigation, not JSON): records a click and
 *   redirects to the merchant with the click id as the affiliate sub-id (`page={address}` instead
 *   of a product: a pasted page of the merchant's own site, domain/contracts/links.ts); anonymous visitors are
 *   sent to `/auth?redirect=/merchants/{merchantId}` (or `/en/auth…` with `locale=en`).
 */

/** ISO 8601 timestamps on the wire. */
const timestampSchema = v.string()
const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0))
const countSchema = v.pipe(v.number(), v.integer(), v.minValue(0))

export const cashbackStatuses = ['TRACKING', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const
export type CashbackStatus = (typeof cashbackStatuses)[number]

export const cashbackTransactionIdSchema = recordIdSchema

export const cashbackComponentSchema = v.object({
  kind: v.picklist(cashbackComponentKinds),
  amount: satangSchema,
})

/** What the shopper needs to recognise the purchase: the merchant as the catalogue shows it. */
export const transactionMerchantSchema = v.object({
  _id: catalogueIdSchema,
  nameTh: v.string(),
  nameEn: v.string(),
  /** Same-origin path of the merchant's logo. */
  logoUrl: v.string(),
})

/**
 * Why a rejected or cancelled purchase earns nothing (domain/cashback/rejection-reasons.ts), the
 * client words it. Optional on the wire so a client keeps reading a server (or a saved response)
 * from before it existed; a code this client does not know yet reads as `other`, so adding one
 * never breaks the list of an app that has not updated.
 */
const reasonCodeSchema = v.optional(v.nullable(v.fallback(v.picklist(rejectionReasonCodes), 'other')), null)

/**
 * Retired free text, always `null`: the network's or operator's words are for operators, and the
 * shopper is told the reason code. Kept on the wire because clients from before reason codes
 * require the field (and `select` may name it).
 */
const retiredReasonTextSchema = v.optional(v.nullable(v.string()), null)

/** Every field a list may `select`; the response items carry exactly the selected ones. */
export const cashbackTransactionSchema = v.object({
  _id: cashbackTransactionIdSchema,
  status: v.picklist(cashbackStatuses),
  /** An approved transaction must be accepted by the buyer before it can be archived (spec section 4). */
  accepted: v.boolean(),
  /** Claimed: moved out of the approved tab by the buyer after accepting. */
  archived: v.boolean(),
  /** When we first heard of the purchase (ISO 8601). */
  createdAt: timestampSchema,
  /** When the shopper bought, as the network reports it (ISO 8601). */
  orderDate: timestampSchema,
  /** The merchant's order reference, so the shopper can match it with their receipt. */
  orderId: v.string(),
  merchant: transactionMerchantSchema,
  currency: v.picklist(currencies),
  /** What the shopper paid, satang (the base of the cashback). */
  purchaseAmount: satangSchema,
  /** The cashback this purchase earns, satang: the sum of `cashbackComponents`. */
  cashbackAmount: satangSchema,
  /** Why it pays what it pays: the merchant's base and each bonus (domain/cashback/cashback-amount.ts). */
  cashbackComponents: v.array(cashbackComponentSchema),
  /**
   * Bonus recorded at the click and not paid: Special Cashback pays only on cashback approved
   * while the campaign is active (docs/decisions/013), so its part is dropped at approval when the
   * campaign ended first. Empty otherwise.
   */
  forfeitedComponents: v.array(cashbackComponentSchema),
  /** The merchant's rate as it applied to this purchase: "flat 2 % (max ฿50)" or "up to 5 %". */
  cashbackKind: v.picklist(cashbackKinds),
  rateBasisPoints: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)),
  /** Satang; `null` when the merchant has no maximum per order. */
  maxPerOrder: v.nullable(satangSchema),
  /** Set exactly when the status is `REJECTED`: why (product notes, complaint 4). */
  rejectionReasonCode: reasonCodeSchema,
  /** Set exactly when the status is `CANCELLED`: why (our daily item limit among the reasons). */
  cancellationReasonCode: reasonCodeSchema,
  /** Always `null` (see `retiredReasonTextSchema`). */
  rejectionReason: retiredReasonTextSchema,
  /** Always `null` (see `retiredReasonTextSchema`). */
  cancellationReason: retiredReasonTextSchema,
  /**
   * How approval comes (domain/cashback/rating.ts): `one_day` when the rating earned 1-day
   * cashback for this purchase, `one_day_with_proof` when it also needs an approved proof,
   * `standard` for the merchant's usual wait. `null` until the purchase is pending.
   */
  releasePath: v.nullable(v.picklist(cashbackReleasePaths)),
  /**
   * The expected date of the next step (ISO 8601): tracking → pending by the end of the
   * merchant's tracking period; pending → approved 1 day after the purchase was confirmed on the
   * 1-day path, else by the end of the merchant's confirmation period. `null` once approved,
   * rejected or cancelled.
   */
  expectedAt: v.nullable(timestampSchema),
  approvedAt: v.nullable(timestampSchema),
  acceptedAt: v.nullable(timestampSchema),
  /**
   * The appeal of a rejection (domain/contracts/proof.ts, `Appeal.status`): `pending` shows as
   * 'evidence reviewing' on the card. `null` without proofs.
   */
  appealStatus: v.nullable(v.picklist(appealStatuses)),
})
export type CashbackTransaction = v.InferOutput<typeof cashbackTransactionSchema>

export const cashbackTransactionFields = Object.keys(cashbackTransactionSchema.entries) as (keyof CashbackTransaction)[]
export type CashbackTransactionField = keyof CashbackTransaction

/**
 * One step of a transaction's timeline, oldest first. Statuses mark the status changes;
 * `ACCEPTED` and `ARCHIVED` mark the buyer's actions.
 */
export const cashbackHistoryKinds = [...cashbackStatuses, 'ACCEPTED', 'ARCHIVED'] as const
export type CashbackHistoryKind = (typeof cashbackHistoryKinds)[number]

export const cashbackHistoryEntrySchema = v.object({
  kind: v.picklist(cashbackHistoryKinds),
  at: timestampSchema,
  /** With `REJECTED`: why. */
  rejectionReasonCode: reasonCodeSchema,
  /** With `CANCELLED`: why. */
  cancellationReasonCode: reasonCodeSchema,
  /** Always `null` (see `retiredReasonTextSchema`). */
  rejectionReason: retiredReasonTextSchema,
  /** With `APPROVED`: approved early by the 1-day cashback of a high rating. */
  isEarlyRelease: v.boolean(),
  /** With `APPROVED`: approved by an operator on the shopper's appeal, after a rejection. */
  isAppealApproval: v.boolean(),
})
export type CashbackHistoryEntry = v.InferOutput<typeof cashbackHistoryEntrySchema>

export const cashbackTransactionDetailSchema = v.object({
  ...cashbackTransactionSchema.entries,
  history: v.array(cashbackHistoryEntrySchema),
  /** The proofs sent for an appeal, oldest first; deleted ones are gone. */
  proofs: v.array(proofSchema),
  appeal: appealSchema,
})
export type CashbackTransactionDetail = v.InferOutput<typeof cashbackTransactionDetailSchema>

export const cashbackTransactionFilterSchema = v.strictObject({
  status: v.optional(v.picklist(cashbackStatuses)),
  accepted: v.optional(v.boolean()),
  archived: v.optional(v.boolean()),
})
export type CashbackTransactionFilter = v.InferOutput<typeof cashbackTransactionFilterSchema>

/** The tabs of /cashback (spec section 2) and the list filter each one sends. */
export { cashbackTabs, type CashbackTab }

export const cashbackTabFilters: Readonly<Record<CashbackTab, CashbackTransactionFilter>> = {
  pending: { status: 'PENDING' },
  // Archived (claimed) transactions leave the approved tab for their own.
  approved: { status: 'APPROVED', archived: false },
  rejected: { status: 'REJECTED' },
  cancelled: { status: 'CANCELLED' },
  tracking: { status: 'TRACKING' },
  archived: { archived: true },
}

export const cashbackTransactionDefaultLimit = 12
export const cashbackTransactionMaxLimit = 100

/** `select=_id status accepted`: space-separated (`+` in a URL), known fields only, no repeats. */
const selectQuerySchema = v.optional(
  v.pipe(
    textSchema(),
    v.maxLength(400),
    v.description(`Space-separated fields out of: ${cashbackTransactionFields.join(' ')} (default: all)`),
    v.transform((value) => value.split(/[\s,]+/).filter((field) => field !== '')),
    v.check(
      (fields) => fields.every((field) => (cashbackTransactionFields as readonly string[]).includes(field)),
      `Expected fields out of: ${cashbackTransactionFields.join(' ')}`,
    ),
    v.transform((fields) => [...new Set(fields)] as CashbackTransactionField[]),
  ),
)

/** `filter={"status":"APPROVED","accepted":false}`: a JSON object of known fields. */
const filterQuerySchema = jsonQuerySchema(
  cashbackTransactionFilterSchema,
  'JSON object: `{ "status"?: "TRACKING"|"PENDING"|"APPROVED"|"REJECTED"|"CANCELLED", "accepted"?: boolean, "archived"?: boolean }`',
)

export const cashbackTransactionListQuerySchema = v.object({
  select: selectQuerySchema,
  filter: filterQuerySchema,
  limit: v.optional(integerQuerySchema(0, cashbackTransactionMaxLimit), String(cashbackTransactionDefaultLimit)),
  skip: v.optional(integerQuerySchema(0, 1_000_000_000), '0'),
})
export type CashbackTransactionListQuery = v.InferOutput<typeof cashbackTransactionListQuerySchema>

/** The query the client sends for the spec's unaccepted count (`limit=0`: only `total` is needed). */
export { unacceptedCountSearchParams }

export const cashbackTransactionListResponseSchema = v.object({
  /** Newest first (by `createdAt`, then `_id`); each item has only the selected fields. */
  data: v.array(v.partial(cashbackTransactionSchema)),
  total: countSchema,
})
export type CashbackTransactionListResponse = v.InferOutput<typeof cashbackTransactionListResponseSchema>

/**
 * `Idempotency-Key` header of every buyer write (accept, archive; later withdrawals and proofs):
 * a client-made random id, e.g. `crypto.randomUUID()`. A replay of a key answers the first
 * result and changes nothing; the same key on a different request is 422
 * `idempotency_key_reused`. A missing or malformed key is 400 `idempotency_key_required`.
 */
export const idempotencyKeyHeader = 'Idempotency-Key'
export const idempotencyKeySchema = v.pipe(
  textSchema(),
  v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'Expected 16 to 128 letters, digits, "-" or "_"'),
)

export const cashbackActionResponseSchema = v.object({
  transaction: cashbackTransactionSchema,
  /** The wallet after the action, the same list form as `Buyer.balance`. */
  balance: balanceSchema,
})
export type CashbackActionResponse = v.InferOutput<typeof cashbackActionResponseSchema>

/** How many approved purchases one "accept all" takes at most: a page of them, one database transaction. */
export const acceptAtOnceLimit = 50

/**
 * "Accept all": the ids of the approved cashback the shopper saw and accepts together. Only those
 * (never "whatever is approved now"): the total the shopper read is the total that moves.
 */
export const acceptCashbackRequestSchema = v.object({
  transactionIds: v.pipe(
    v.array(cashbackTransactionIdSchema),
    v.minLength(1, 'Expected at least one transaction id'),
    v.maxLength(acceptAtOnceLimit, `Expected at most ${acceptAtOnceLimit} transaction ids`),
    v.check((ids) => new Set(ids).size === ids.length, 'Expected each transaction id once'),
  ),
})
export type AcceptCashbackRequest = v.InferOutput<typeof acceptCashbackRequestSchema>

export const acceptCashbackResponseSchema = v.object({
  /**
   * The purchases this request moved into the wallet. One accepted meanwhile (another tap, another
   * device) or no longer approved is left out, not an error: the shopper has what is theirs.
   */
  accepted: v.array(cashbackTransactionSchema),
  /** The wallet after it, the same list form as `Buyer.balance`. */
  balance: balanceSchema,
})
export type AcceptCashbackResponse = v.InferOutput<typeof acceptCashbackResponseSchema>

/** Cashback credited in one calendar month (Asia/Bangkok), for the wallet chart. */
export const monthlyCashbackSchema = v.object({
  /** `YYYY-MM` in Bangkok time. */
  month: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}$/)),
  /** Credits minus reversals booked that month, satang; may be negative. */
  cashback: v.pipe(v.number(), v.integer()),
})

/**
 * Spec section 3's wallet summary, derived from the ledger and the transactions in the database.
 * Amounts in satang.
 */
export const walletSummarySchema = v.object({
  /** Total purchase amount of approved purchases. */
  spent: satangSchema,
  /** Cashback credited to the wallet minus reversals. May be negative after late rejections. */
  cashback: v.pipe(v.number(), v.integer()),
  /** Transactions whose cashback is in the wallet (accepted and not reversed). */
  cashbackItems: countSchema,
  /** Bonuses credited (promotions, referrals). */
  bonus: v.pipe(v.number(), v.integer()),
  /** Paid out or reserved by withdrawals and point exchanges, fees included, as a positive amount. */
  withdrawn: v.pipe(v.number(), v.integer()),
  /** The sum of every ledger entry. May be negative (spec section 4). */
  balance: v.pipe(v.number(), v.integer()),
  currency: v.picklist(currencies),
  rating: ratingSchema,
  /** Approved cashback waiting for the buyer's Accept, satang. */
  awaitingAcceptance: satangSchema,
  /** Cashback of tracking and pending purchases, satang: what may come. */
  upcoming: satangSchema,
  /** The last 12 months, oldest first, months without cashback included as 0. */
  monthly: v.array(monthlyCashbackSchema),
})
export type WalletSummary = v.InferOutput<typeof walletSummarySchema>

export const ratingDetailsSchema = v.object({
  rating: ratingSchema,
  /**
   * Purchases per outcome (domain/cashback/rating.ts). `cancelled_by_shopper` never counts; it
   * holds the shopper's own cancellations and those whose side is unknown (a network's
   * `cancelled`), so a client should label it "cancelled (not counted)", not "cancelled by you".
   */
  counts: v.object({
    approved: countSchema,
    returned: countSchema,
    cancelled_by_merchant: countSchema,
    flagged: countSchema,
    cancelled_by_shopper: countSchema,
  }) satisfies v.GenericSchema<unknown, PurchaseOutcomeCounts>,
  /** Approved, returned, cancelled by the merchant and flagged purchases. */
  decidedPurchases: countSchema,
  /** `isEligibleForOneDayCashback` of domain/cashback/rating.ts. */
  isEligibleForOneDayCashback: v.boolean(),
})
export type RatingDetails = v.InferOutput<typeof ratingDetailsSchema>
