import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'

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
 * - `GET /api/buyers/{buyerId}/wallet` → `WalletSummary` (domain/contracts/cashback.ts).
 * - `GET /api/buyers/{buyerId}/rating` → `RatingDetails` (domain/contracts/cashback.ts).
 * Transactions are in domain/contracts/cashback.ts.
 */

export const currencies = ['THB'] as const
export type Currency = (typeof currencies)[number]
export const defaultCurrency = 'THB' satisfies Currency

/** Buyer ids: 24 lowercase hex characters, like the other `_id`s of spec section 3. */
export const buyerIdSchema = recordIdSchema

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
