import * as v from 'valibot'
import {
  normalizeBankAccountNumber,
  normalizePhoneOrNationalId,
  normalizePromptPayId,
  normalizeThaiMobileNumber,
  thaiBankIds,
} from '../validation/thai-identifiers.ts'
import { currencies } from './buyer.ts'
import { textSchema } from '../validation/text.ts'
import { withdrawalIdSchema } from './withdrawal-id.ts'

/**
 * Money out (issue 6; spec sections 3, 5, 8 and 9): withdrawals to a bank account, PromptPay or a
 * TrueMoney wallet, and exchanges for points. Guarded like the buyer calls.
 *
 * - `POST /api/wallet/{buyerId}/withdrawals` with a `WithdrawalRequest` body and an
 *   `Idempotency-Key` header (domain/contracts/cashback.ts) → 201 `Withdrawal`. The body names a
 *   saved payout account (`payoutAccountId`, domain/contracts/payout-account.ts) or carries the
 *   account in full, which is then saved; an account still in its waiting period is 409
 *   `payout_account_waiting` with `details.usableFrom`, another buyer's or a replaced one 404
 *   `payout_account_not_found` (docs/decisions/024). A replay answers
 *   the first result. A malformed form is 400 `invalid_request` with
 *   `details.fields = { <field>: <WithdrawalFieldErrorCode> }`; a rule of
 *   domain/wallet/withdrawal-rules.ts is 409 with its `WithdrawalRefusalCode` as the error code.
 * - `GET /api/wallet/{buyerId}/withdrawals?limit=&skip=` → `WithdrawalListResponse`, newest first.
 * - `GET /api/wallet/{buyerId}/withdrawals/{withdrawalId}` → `Withdrawal` (404
 *   `withdrawal_not_found`, also for another buyer's).
 */

export const withdrawalTargets = ['bank', 'promptpay', 'truemoney', 'points'] as const
export type WithdrawalTarget = (typeof withdrawalTargets)[number]

/** requested → processing → paid, or failed (the money comes back by a ledger entry). Points are paid at once. */
export const withdrawalStatuses = ['requested', 'processing', 'paid', 'failed'] as const
export type WithdrawalStatus = (typeof withdrawalStatuses)[number]

export const withdrawalFieldErrorCodes = [
  'required',
  'too_long',
  'invalid_amount',
  'whole_baht_required',
  'invalid_bank',
  'invalid_account_number',
  'invalid_phone_or_id',
  'invalid_promptpay_id',
  'invalid_phone',
  /** A NUL character or a broken (unpaired surrogate) character (domain/validation/text.ts). */
  'invalid_text',
  /** `payoutAccountId` is not a record id. */
  'invalid_payout_account',
] as const
export type WithdrawalFieldErrorCode = (typeof withdrawalFieldErrorCodes)[number]

export const withdrawalNameMaxLength = 100

const requiredTextSchema = v.pipe(
  textSchema('required'),
  v.trim(),
  v.minLength(1, 'required'),
  v.maxLength(withdrawalNameMaxLength, 'too_long'),
)

function normalizedSchema(normalize: (value: string) => string | undefined, code: WithdrawalFieldErrorCode) {
  return v.pipe(
    textSchema('required'),
    v.trim(),
    v.minLength(1, 'required'),
    v.rawTransform<string, string>(({ dataset, addIssue, NEVER }) => {
      const normalized = normalize(dataset.value)
      if (normalized === undefined) {
        addIssue({ message: code })
        return NEVER
      }
      return normalized
    }),
  )
}

/** The largest amount one request may carry, satang: what the database's integer column holds. */
export const largestRequestAmount = 2_147_483_647

/** Satang, a positive safe integer (the form turns typed baht into satang with `parseBahtInput`). */
const amountSchema = v.pipe(
  v.number('invalid_amount'),
  v.integer('invalid_amount'),
  v.minValue(1, 'invalid_amount'),
  v.maxValue(largestRequestAmount, 'invalid_amount'),
)

/** Where money can be paid out to: everything but points. */
export const payoutTargets = ['bank', 'promptpay', 'truemoney'] as const satisfies readonly WithdrawalTarget[]
export type PayoutTarget = (typeof payoutTargets)[number]

const bankDetailsEntries = {
  target: v.literal('bank'),
  bank: v.picklist(thaiBankIds, 'invalid_bank'),
  accountNumber: normalizedSchema(normalizeBankAccountNumber, 'invalid_account_number'),
  accountName: requiredTextSchema,
  branchName: requiredTextSchema,
  phoneOrIdNumber: normalizedSchema(normalizePhoneOrNationalId, 'invalid_phone_or_id'),
}
const promptPayDetailsEntries = {
  target: v.literal('promptpay'),
  promptPayId: normalizedSchema((value) => normalizePromptPayId(value)?.id, 'invalid_promptpay_id'),
  accountName: requiredTextSchema,
}
const trueMoneyDetailsEntries = {
  target: v.literal('truemoney'),
  mobileNumber: normalizedSchema(normalizeThaiMobileNumber, 'invalid_phone'),
  accountName: requiredTextSchema,
}

/**
 * A payout account as the shopper types it (domain/contracts/payout-account.ts): the same fields,
 * with the same reasons, as a withdrawal that carries its details.
 */
export const payoutAccountDetailsSchema = v.variant('target', [
  v.object(bankDetailsEntries),
  v.object(promptPayDetailsEntries),
  v.object(trueMoneyDetailsEntries),
])
export type PayoutAccountDetailsInput = v.InferInput<typeof payoutAccountDetailsSchema>
export type PayoutAccountDetails = v.InferOutput<typeof payoutAccountDetailsSchema>

/**
 * A withdrawal that carries the account in full: the first one of a shopper, and every request
 * queued offline before accounts were saved (docs/decisions/024). The server saves the account.
 */
const detailsWithdrawalRequestSchema = v.variant('target', [
  v.object({ ...bankDetailsEntries, amount: amountSchema }),
  v.object({ ...promptPayDetailsEntries, amount: amountSchema }),
  v.object({ ...trueMoneyDetailsEntries, amount: amountSchema }),
  v.object({
    target: v.literal('points'),
    // Points are whole: THB 1 buys `pointsPerBaht` points, so only whole baht are exchanged.
    amount: v.pipe(
      amountSchema,
      v.check((amount) => amount % 100 === 0, 'whole_baht_required'),
    ),
  }),
])

/** A withdrawal to one of the shopper's saved payout accounts, named by its `_id`. */
const savedAccountWithdrawalRequestSchema = v.object({
  target: v.picklist(payoutTargets, 'required'),
  amount: amountSchema,
  payoutAccountId: v.pipe(textSchema('required'), v.regex(/^[0-9a-f]{24}$/, 'invalid_payout_account')),
})

/** Which of the two request shapes `input` means: naming a saved account, or carrying the details. */
function requestSchemaFor(input: unknown) {
  return typeof input === 'object' && input !== null && 'payoutAccountId' in input
    ? savedAccountWithdrawalRequestSchema
    : detailsWithdrawalRequestSchema
}

export const withdrawalRequestSchema = v.union([savedAccountWithdrawalRequestSchema, detailsWithdrawalRequestSchema])
export type WithdrawalRequestInput = v.InferInput<typeof withdrawalRequestSchema>
export type WithdrawalRequest = v.InferOutput<typeof withdrawalRequestSchema>
export type SavedAccountWithdrawalRequest = v.InferOutput<typeof savedAccountWithdrawalRequestSchema>
/** A request that carries its account in full, or a points exchange. */
export type DetailsWithdrawalRequest = v.InferOutput<typeof detailsWithdrawalRequestSchema>

export function isSavedAccountRequest(request: WithdrawalRequest): request is SavedAccountWithdrawalRequest {
  return 'payoutAccountId' in request
}

export type WithdrawalFieldErrors = Partial<Record<string, WithdrawalFieldErrorCode>>

function isWithdrawalFieldErrorCode(value: string): value is WithdrawalFieldErrorCode {
  return (withdrawalFieldErrorCodes as readonly string[]).includes(value)
}

function collectFieldErrors(schema: v.GenericSchema, input: unknown): WithdrawalFieldErrors {
  const result = v.safeParse(schema, input)
  if (result.success) return {}
  const errors: WithdrawalFieldErrors = {}
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'target'
    errors[field] ??= isWithdrawalFieldErrorCode(issue.message) ? issue.message : 'required'
  }
  return errors
}

/** Per-field reasons of a form that does not parse; `{}` when it does. The form and the API share it. */
export function withdrawalFieldErrors(input: unknown): WithdrawalFieldErrors {
  // The union's own issues would not name the fields: the shape the input chose is checked alone.
  return collectFieldErrors(requestSchemaFor(input), input)
}

/** The same for a payout account saved on its own (domain/contracts/payout-account.ts). */
export function payoutAccountFieldErrors(input: unknown): WithdrawalFieldErrors {
  return collectFieldErrors(payoutAccountDetailsSchema, input)
}

const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0))

/** Where the money goes, as the shopper may see it again: account numbers masked to the last 4 digits. */
export const withdrawalDestinationSchema = v.object({
  bank: v.nullable(v.picklist(thaiBankIds)),
  /** `xxx-x-x7890`-style masked account, PromptPay id or mobile number; `null` for points. */
  maskedAccount: v.nullable(v.string()),
  accountName: v.nullable(v.string()),
})
export type WithdrawalDestination = v.InferOutput<typeof withdrawalDestinationSchema>

export { withdrawalIdSchema }

export const withdrawalSchema = v.object({
  _id: withdrawalIdSchema,
  target: v.picklist(withdrawalTargets),
  status: v.picklist(withdrawalStatuses),
  currency: v.picklist(currencies),
  /** What left the wallet, satang. */
  amount: satangSchema,
  /** The system fee (`withdrawalFee`, 10 %), satang; 0 for points. */
  fee: satangSchema,
  /** What arrives: `amount − fee`, satang; 0 for points. */
  netAmount: satangSchema,
  /** Points received; `null` unless the target is points. */
  points: v.nullable(satangSchema),
  destination: withdrawalDestinationSchema,
  /** The latest date the money should arrive (ISO 8601); `null` once paid or failed. */
  expectedBy: v.nullable(v.string()),
  /** Why it failed (the money is back in the wallet); `null` otherwise. */
  failureReason: v.nullable(v.string()),
  createdAt: v.string(),
  paidAt: v.nullable(v.string()),
})
export type Withdrawal = v.InferOutput<typeof withdrawalSchema>

export const withdrawalListQuerySchema = v.object({
  limit: v.optional(
    v.pipe(textSchema(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(50)),
    '20',
  ),
  skip: v.optional(v.pipe(textSchema(), v.regex(/^\d{1,9}$/), v.transform(Number)), '0'),
})

export const withdrawalListResponseSchema = v.object({
  data: v.array(withdrawalSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type WithdrawalListResponse = v.InferOutput<typeof withdrawalListResponseSchema>
