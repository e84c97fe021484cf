import * as v from 'valibot'
import { buyerStatuses, currencies } from '../contracts/buyer.ts'
import { walletSummarySchema } from '../contracts/cashback.ts'
import { withdrawalSchema } from '../contracts/withdrawal.ts'
import { ledgerEntryKinds } from '../wallet/ledger.ts'
import { textSchema } from '../validation/text.ts'
import {
  consoleLimitQuerySchema,
  consoleOffsetQuerySchema,
  consoleSatangSchema,
  consoleTimestampSchema,
} from './console-records.ts'
import { auditEntrySchema } from './audit.ts'
import { operatorReasonSchema } from './operator.ts'
import { consoleTransactionProofSchema, consoleTransactionSchema } from './transactions.ts'
import { recordIdSchema } from '../validation/record-id.ts'

/**
 * The console's buyers (issue 14), roles support and admin:
 * - `GET /api/ops/buyers?q=&limit=&offset=` → `ConsoleBuyerPage`: by email, phone, id or name
 *   (any part), newest first; without `q` the newest buyers.
 * - `GET /api/ops/buyers/{buyerId}` → `ConsoleBuyerDetail`.
 * - `POST /api/ops/buyers/{buyerId}/suspend` and `/reinstate` with `BuyerStatusChange` and an
 *   `Idempotency-Key` → `ConsoleBuyer`; 409 `operator_conflict` when the buyer already has that
 *   status (another operator was first).
 */

export const consoleBuyerSearchSchema = v.object({
  q: v.optional(v.pipe(textSchema(), v.trim(), v.maxLength(100)), ''),
  limit: consoleLimitQuerySchema,
  offset: consoleOffsetQuerySchema,
})
export type ConsoleBuyerSearch = v.InferOutput<typeof consoleBuyerSearchSchema>

export const consoleBuyerSchema = v.object({
  id: recordIdSchema,
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  /** Percent, 0–100. */
  rating: v.number(),
  status: v.picklist(buyerStatuses),
  suspendedReason: v.nullable(v.string()),
  createdAt: consoleTimestampSchema,
})
export type ConsoleBuyer = v.InferOutput<typeof consoleBuyerSchema>

export const consoleBuyerPageSchema = v.object({
  data: v.array(consoleBuyerSchema),
  total: v.number(),
})
export type ConsoleBuyerPage = v.InferOutput<typeof consoleBuyerPageSchema>

/** One wallet ledger entry and what caused it (a purchase, a withdrawal, a bonus, a membership). */
export const consoleLedgerEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(ledgerEntryKinds),
  /** Signed satang. */
  amount: consoleSatangSchema,
  currency: v.picklist(currencies),
  /** The running balance after this entry, satang. */
  balanceAfter: consoleSatangSchema,
  transactionId: v.nullable(v.string()),
  withdrawalId: v.nullable(v.string()),
  awardId: v.nullable(v.number()),
  membershipId: v.nullable(v.string()),
  createdAt: consoleTimestampSchema,
})
export type ConsoleLedgerEntry = v.InferOutput<typeof consoleLedgerEntrySchema>

export const consoleBuyerStatusEventSchema = v.object({
  status: v.picklist(buyerStatuses),
  reason: v.string(),
  actor: v.string(),
  createdAt: consoleTimestampSchema,
})

export const consoleBuyerProofSchema = v.object({
  ...consoleTransactionProofSchema.entries,
  transactionId: v.string(),
})
export type ConsoleBuyerProof = v.InferOutput<typeof consoleBuyerProofSchema>

export const consoleBuyerDetailSchema = v.object({
  buyer: consoleBuyerSchema,
  wallet: walletSummarySchema,
  /** Every entry, oldest first. */
  ledger: v.array(consoleLedgerEntrySchema),
  /** Newest first. */
  transactions: v.array(consoleTransactionSchema),
  /** Newest first; accounts masked as the shopper sees them. */
  withdrawals: v.array(withdrawalSchema),
  proofs: v.array(consoleBuyerProofSchema),
  /** Newest first. */
  statusHistory: v.array(consoleBuyerStatusEventSchema),
  /** Newest first: what operators did to this buyer. */
  audit: v.array(auditEntrySchema),
})
export type ConsoleBuyerDetail = v.InferOutput<typeof consoleBuyerDetailSchema>

export const buyerStatusChangeSchema = v.object({ reason: operatorReasonSchema })
export type BuyerStatusChange = v.InferOutput<typeof buyerStatusChangeSchema>
