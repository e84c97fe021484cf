import type { PayoutAccountDetails, WithdrawalDestination } from '../contracts/withdrawal.ts'
import { normalizePromptPayId, thaiBanks, type PromptPayIdKind, type ThaiBank } from '../validation/thai-identifiers.ts'

/**
 * What an operator needs to pay a withdrawal, in full: stored in `withdrawals.payout_details`
 * and shown only by `npm run ops -- withdrawal show`. The shopper's API answers carry the
 * masked `WithdrawalDestination` instead, so a stolen session never reads an account number back.
 */
export type PayoutDetails =
  | {
      target: 'bank'
      bank: ThaiBank
      /** The Bank of Thailand code (`004` for KBank). */
      bankCode: string
      accountNumber: string
      accountName: string
      branchName: string
      phoneOrIdNumber: string
    }
  | { target: 'promptpay'; promptPayId: string; promptPayIdKind: PromptPayIdKind; accountName: string }
  | { target: 'truemoney'; mobileNumber: string; accountName: string }

/** An account as the shopper typed it (validated and normalized), in full as an operator pays it. */
export function toPayoutDetails(details: PayoutAccountDetails): PayoutDetails {
  switch (details.target) {
    case 'bank':
      return {
        target: 'bank',
        bank: details.bank,
        bankCode: thaiBanks[details.bank],
        accountNumber: details.accountNumber,
        accountName: details.accountName,
        branchName: details.branchName,
        phoneOrIdNumber: details.phoneOrIdNumber,
      }
    case 'promptpay': {
      // The schema already normalized it, so this cannot miss; the kind tells the operator what to key in.
      const promptPay = normalizePromptPayId(details.promptPayId)
      if (promptPay === undefined) throw new RangeError('A validated PromptPay id no longer parses')
      return {
        target: 'promptpay',
        promptPayId: promptPay.id,
        promptPayIdKind: promptPay.kind,
        accountName: details.accountName,
      }
    }
    case 'truemoney':
      return { target: 'truemoney', mobileNumber: details.mobileNumber, accountName: details.accountName }
  }
}

/**
 * Whether two accounts pay the same person the same way: every field, as an operator keys it in.
 * A new name or branch on the same number is a change too: it is what the bank checks the
 * transfer against, so a takeover could use it as well as the number (docs/decisions/024).
 */
export function isSamePayoutDetails(first: PayoutDetails, second: PayoutDetails): boolean {
  const fieldsOf = (details: PayoutDetails) => Object.entries(details).sort(([a], [b]) => a.localeCompare(b))
  return JSON.stringify(fieldsOf(first)) === JSON.stringify(fieldsOf(second))
}

function lastFour(digits: string): string {
  return digits.slice(-4)
}

/** `xxx-x-x7890`: the shape of a Thai account number, with only the last 4 digits shown. */
export function maskBankAccountNumber(accountNumber: string): string {
  return `xxx-x-x${lastFour(accountNumber)}`
}

/** `081-xxx-5678`: a mobile number's operator prefix and its last 4 digits. */
export function maskMobileNumber(mobileNumber: string): string {
  return `${mobileNumber.slice(0, 3)}-xxx-${lastFour(mobileNumber)}`
}

/** A PromptPay mobile number masked like a phone; a national ID or e-wallet id to its last 4 digits. */
export function maskPromptPayId(promptPayId: string, kind: PromptPayIdKind): string {
  if (kind === 'mobile') return maskMobileNumber(promptPayId)
  return `${'x'.repeat(promptPayId.length - 4)}${lastFour(promptPayId)}`
}

/** The account number, PromptPay id or mobile number as anyone but an operator ever sees it again. */
export function maskPayoutAccount(details: PayoutDetails): string {
  switch (details.target) {
    case 'bank':
      return maskBankAccountNumber(details.accountNumber)
    case 'promptpay':
      return maskPromptPayId(details.promptPayId, details.promptPayIdKind)
    case 'truemoney':
      return maskMobileNumber(details.mobileNumber)
  }
}

/** What the shopper sees again of where the money went. */
export function toWithdrawalDestination(details: PayoutDetails | null): WithdrawalDestination {
  if (details === null) return { bank: null, maskedAccount: null, accountName: null }
  return {
    bank: details.target === 'bank' ? details.bank : null,
    maskedAccount: maskPayoutAccount(details),
    accountName: details.accountName,
  }
}
