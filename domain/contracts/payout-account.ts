import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'
import { payoutTargets, withdrawalDestinationSchema } from './withdrawal.ts'

/**
 * Saved payout accounts (issue 20, docs/decisions/024): where a shopper's withdrawals go, kept so
 * a returning shopper does not type an account number again. One current account per payout
 * target; a change makes a new account and replaces the old one. Guarded like the buyer calls
 * (only one's own; `requireOwnBuyer`).
 *
 * - `GET /api/wallet/{buyerId}/payout-accounts` → `PayoutAccountListResponse`: the current
 *   accounts, masked like a withdrawal's destination.
 * - `POST /api/wallet/{buyerId}/payout-accounts` with `PayoutAccountDetails`
 *   (domain/contracts/withdrawal.ts) → 201 `PayoutAccount` for a new or changed account, 200 with
 *   the saved one when the details are those already saved (nothing changes, no waiting period
 *   starts). A malformed form is 400 `invalid_request` with `details.fields`.
 *
 * A withdrawal names an account by `_id` (`payoutAccountId`); one still waiting is 409
 * `payout_account_waiting` with `details.usableFrom`, another buyer's or a replaced one 404
 * `payout_account_not_found`.
 */

export const payoutAccountIdSchema = recordIdSchema

export const payoutAccountSchema = v.object({
  _id: payoutAccountIdSchema,
  target: v.picklist(payoutTargets),
  /** The bank, the masked account number (PromptPay id, mobile number) and the account name. */
  destination: withdrawalDestinationSchema,
  /** From when withdrawals may go to it (ISO 8601): at once for a first account, 72 hours after a change. */
  usableFrom: v.pipe(v.string(), v.isoTimestamp()),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
})
export type PayoutAccount = v.InferOutput<typeof payoutAccountSchema>

export const payoutAccountListResponseSchema = v.object({
  /** At most one per payout target. */
  data: v.array(payoutAccountSchema),
})
export type PayoutAccountListResponse = v.InferOutput<typeof payoutAccountListResponseSchema>
