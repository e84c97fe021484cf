import * as v from 'valibot'
import { currencies } from '../contracts/buyer.ts'
import {
  withdrawalDestinationSchema,
  withdrawalIdSchema,
  withdrawalStatuses,
  withdrawalTargets,
} from '../contracts/withdrawal.ts'
import { textSchema } from '../validation/text.ts'
import { thaiBankIds } from '../validation/thai-identifiers.ts'
import { auditEntrySchema } from './audit.ts'
import { consoleRecordLedgerEntrySchema, consoleSatangSchema } from './console-records.ts'
import { operatorReasonSchema } from './operator.ts'

/**
 * Finance's withdrawal queue in the console (issue 14); roles finance and admin.
 *
 * - `GET /api/ops/withdrawals?status=&limit=&cursor=` → `ConsoleWithdrawalPage`: requested and
 *   processing ones oldest first (the queue), paid and failed newest first (what was done lately).
 * - `GET /api/ops/withdrawals/{id}` → `ConsoleWithdrawalDetail`: the only answer with the full
 *   account number, with the history, the ledger entries and the audit entries.
 * - `POST /api/ops/withdrawals/{id}/status` with `WithdrawalStatusUpdate` and an `Idempotency-Key`
 *   → the detail. A withdrawal another operator moved first is 409 `operator_conflict`.
 * - `GET /api/ops/withdrawals/export?status=requested` → the bank-transfer batch (text/csv, a `.csv`
 *   attachment; the path has no `.csv` because hono-openapi leaves paths that look like files out of
 *   the OpenAPI document, and with it out of the role matrix test).
 */

export const consoleWithdrawalSchema = v.object({
  id: withdrawalIdSchema,
  buyer: v.object({ id: v.string(), email: v.nullable(v.string()), phone: v.nullable(v.string()) }),
  target: v.picklist(withdrawalTargets),
  status: v.picklist(withdrawalStatuses),
  currency: v.picklist(currencies),
  /** What left the wallet, satang: `netAmount + fee`. */
  amount: consoleSatangSchema,
  fee: consoleSatangSchema,
  /** What finance transfers, satang. */
  netAmount: consoleSatangSchema,
  points: v.nullable(consoleSatangSchema),
  /** Masked: the list never carries a full account number. */
  destination: withdrawalDestinationSchema,
  requestedAt: v.string(),
  /** The latest date we promised the shopper; `null` for points. */
  expectedBy: v.nullable(v.string()),
  processingAt: v.nullable(v.string()),
  paidAt: v.nullable(v.string()),
  failedAt: v.nullable(v.string()),
  failureReason: v.nullable(v.string()),
})
export type ConsoleWithdrawal = v.InferOutput<typeof consoleWithdrawalSchema>

export const consoleWithdrawalLimitMax = 200

/**
 * `createdAt` in milliseconds and the id of the last row of a page. At most 13 digits: a later
 * time (past year 9999) is no date PostgreSQL takes, and would be a 500 instead of a 400.
 */
const cursorSchema = v.pipe(textSchema(), v.regex(/^\d{1,13}_[0-9a-f]{24}$/))

export const consoleWithdrawalListQuerySchema = v.object({
  status: v.optional(v.picklist(withdrawalStatuses), 'requested'),
  limit: v.optional(
    v.pipe(
      textSchema(),
      v.regex(/^\d{1,3}$/),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(consoleWithdrawalLimitMax),
    ),
    '50',
  ),
  /** The `nextCursor` of the previous page. */
  cursor: v.optional(cursorSchema),
})
export type ConsoleWithdrawalListQuery = v.InferOutput<typeof consoleWithdrawalListQuerySchema>

export const consoleWithdrawalPageSchema = v.object({
  data: v.array(consoleWithdrawalSchema),
  /** Pass as `cursor` for the next page; `null` on the last page. */
  nextCursor: v.nullable(v.string()),
})
export type ConsoleWithdrawalPage = v.InferOutput<typeof consoleWithdrawalPageSchema>

/** Where to send the money, in full (the stored `payout_details`); `null` for points. */
export const payoutDetailsSchema = v.variant('target', [
  v.object({
    target: v.literal('bank'),
    bank: v.picklist(thaiBankIds),
    bankCode: v.string(),
    accountNumber: v.string(),
    accountName: v.string(),
    branchName: v.string(),
    phoneOrIdNumber: v.string(),
  }),
  v.object({
    target: v.literal('promptpay'),
    promptPayId: v.string(),
    promptPayIdKind: v.picklist(['mobile', 'national_id', 'e_wallet']),
    accountName: v.string(),
  }),
  v.object({ target: v.literal('truemoney'), mobileNumber: v.string(), accountName: v.string() }),
])

export const consoleWithdrawalDetailSchema = v.object({
  withdrawal: consoleWithdrawalSchema,
  payoutDetails: v.nullable(payoutDetailsSchema),
  /** Every status change, oldest first: `buyer` or `operator:<operator id>` (or `operator:ops:<user>` from the CLI). */
  history: v.array(
    v.object({
      status: v.picklist(withdrawalStatuses),
      actor: v.string(),
      reason: v.nullable(v.string()),
      createdAt: v.string(),
    }),
  ),
  /** The wallet ledger entries of this withdrawal, oldest first, signed satang. */
  ledgerEntries: v.array(consoleRecordLedgerEntrySchema),
  /** What operators did to it, newest first. */
  auditEntries: v.array(auditEntrySchema),
})
export type ConsoleWithdrawalDetail = v.InferOutput<typeof consoleWithdrawalDetailSchema>

export const consoleWithdrawalParamSchema = v.object({ id: withdrawalIdSchema })

/**
 * An operator's move: `processing` (the transfer is under way), `paid`, or `failed`, which gives
 * the money and the fee back to the wallet and shows `reason` to the shopper.
 */
export const withdrawalStatusUpdateSchema = v.variant('status', [
  v.object({ status: v.picklist(['processing', 'paid']), reason: v.optional(operatorReasonSchema) }),
  v.object({ status: v.literal('failed'), reason: operatorReasonSchema }),
])
export type WithdrawalStatusUpdate = v.InferOutput<typeof withdrawalStatusUpdateSchema>

/** The statuses a batch file may be made of: money not sent yet. */
export const withdrawalExportStatuses = ['requested', 'processing'] as const

export const withdrawalExportQuerySchema = v.object({
  status: v.optional(v.picklist(withdrawalExportStatuses), 'requested'),
})

/** The batch file's columns, in order. */
export const withdrawalExportColumns = [
  'withdrawal_id',
  'method',
  'bank',
  'bank_code',
  'branch',
  'account_number',
  'promptpay_id',
  'promptpay_id_kind',
  'truemoney_mobile',
  'account_name',
  'net_amount_thb',
  'requested_at',
] as const
