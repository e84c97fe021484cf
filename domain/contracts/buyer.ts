import * as v from 'valibot'
import { integerQuerySchema, jsonQuerySchema } from './query-params'

/**
 * The buyer and the buyer-state calls of spec section 7. Every path carries the buyer id, but
 * the server never trusts it: a signed-in buyer asking for another buyer's id gets 403
 * `forbidden`; anonymous callers get 401 `unauthenticated`; a suspended buyer gets 403
 * `buyer_suspended` (only `GET /api/auth/session` still answers, so the client can show /ban).
 *
 * - `GET /api/buyers/{buyerId}` → `Buyer`.
 * - `GET /api/buyers/{buyerId}/sync/balance?currency=THB` → `BalanceSyncResponse`.
 * - `GET /api/buyers/{buyerId}/profile` → `StoredProfile` (what the profile form starts from).
 * - `PUT /api/buyers/{buyerId}/profile` (domain/contracts/profile.ts) → `Buyer`.
 * - `GET /api/cashback/{buyerId}/transactions?select=…&filter=…&limit=…&skip=…` →
 *   `CashbackTransactionListResponse`.
 */

export const currencies = ['THB'] as const
export type Currency = (typeof currencies)[number]
export const defaultCurrency = 'THB' satisfies Currency

/** Buyer ids: 24 lowercase hex characters, like the other `_id`s of spec section 3. */
export const buyerIdSchema = v.pipe(v.string(), v.regex(/^[0-9a-f]{24}$/, 'Expected a 24-character hex id'))

export const balanceEntrySchema = v.object({
  currency: v.picklist(currencies),
  /** Integer satang. May be negative: rejections after a payout can leave a wallet below zero (spec section 4). */
  amount: v.pipe(v.number(), v.integer()),
})
export type BalanceEntry = v.InferOutput<typeof balanceEntrySchema>

/** Spec section 3: "a list whose first item has currency and amount". Always one THB entry today. */
export const balanceSchema = v.array(balanceEntrySchema)

/** Percent, 0..100 (spec section 9: 95 or above earns 1-day cashback). */
export const ratingSchema = v.pipe(v.number(), v.minValue(0), v.maxValue(100))

export const buyerStatuses = ['active', 'suspended'] as const
export type BuyerStatus = (typeof buyerStatuses)[number]

export const buyerSchema = v.object({
  buyerId: buyerIdSchema,
  balance: balanceSchema,
  rating: ratingSchema,
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  /** Lowercased. */
  email: v.nullable(v.string()),
  /** 10-digit local form, e.g. `0812345678`. */
  phone: v.nullable(v.string()),
  status: v.picklist(buyerStatuses),
  /** The operator's reason, shown to support staff; `null` when active. */
  suspendedReason: v.nullable(v.string()),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type Buyer = v.InferOutput<typeof buyerSchema>

export const balanceSyncQuerySchema = v.object({
  currency: v.optional(v.picklist(currencies), defaultCurrency),
})

/**
 * "Response data has rating and balance": `balance` is the same list form as `Buyer.balance`,
 * so the client can put it straight into its buyer record.
 */
export const balanceSyncResponseSchema = v.object({
  rating: ratingSchema,
  balance: balanceSchema,
})
export type BalanceSyncResponse = v.InferOutput<typeof balanceSyncResponseSchema>

// Cashback transactions (the cashback issue extends the record; the list and its count work now).

export const cashbackStatuses = ['TRACKING', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const
export type CashbackStatus = (typeof cashbackStatuses)[number]

export const cashbackTransactionIdSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{24}$/, 'Expected a 24-character hex id'),
)

/** Every field a list may `select`; the response items carry exactly the selected ones. */
export const cashbackTransactionSchema = v.object({
  _id: cashbackTransactionIdSchema,
  status: v.picklist(cashbackStatuses),
  /** An approved transaction must be accepted by the buyer before it can be archived (spec section 4). */
  accepted: v.boolean(),
  archived: v.boolean(),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type CashbackTransaction = v.InferOutput<typeof cashbackTransactionSchema>

export const cashbackTransactionFields = ['_id', 'status', 'accepted', 'archived', 'createdAt'] as const
export type CashbackTransactionField = (typeof cashbackTransactionFields)[number]

export const cashbackTransactionFilterSchema = v.strictObject({
  status: v.optional(v.picklist(cashbackStatuses)),
  accepted: v.optional(v.boolean()),
  archived: v.optional(v.boolean()),
})
export type CashbackTransactionFilter = v.InferOutput<typeof cashbackTransactionFilterSchema>

export const cashbackTransactionDefaultLimit = 12
export const cashbackTransactionMaxLimit = 100

/** `select=_id status accepted`: space-separated (`+` in a URL), known fields only, no repeats. */
const selectQuerySchema = v.optional(
  v.pipe(
    v.string(),
    v.maxLength(200),
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
export const unacceptedCountSearchParams = {
  select: '_id status accepted',
  filter: JSON.stringify({ status: 'APPROVED', accepted: false }),
  limit: '0',
} as const

export const cashbackTransactionListResponseSchema = v.object({
  /** Newest first; each item has only the selected fields. */
  data: v.array(v.partial(cashbackTransactionSchema)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type CashbackTransactionListResponse = v.InferOutput<typeof cashbackTransactionListResponseSchema>
