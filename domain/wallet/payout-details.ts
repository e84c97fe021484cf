import type { WithdrawalDestination, WithdrawalRequest } from '../contracts/withdrawal.ts'
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

/** The request's destination in full; `null` for points, which leave nothing to pay out. */
export function toPayoutDetails(request: WithdrawalRequest): PayoutDetails | null {
  switch (request.target) {
    case 'bank':
      return {
        target: 'bank',
        bank: request.bank,
        bankCode: thaiBanks[request.bank],
        accountNumber: request.accountNumber,
        accountName: request.accountName,
        branchName: request.branchName,
        phoneOrIdNumber: request.phoneOrIdNumber,
      }
    case 'promptpay': {
      // The schema already normalized it, so this cannot miss; the kind tells the operator what to key in.
      const promptPay = normalizePromptPayId(request.promptPayId)
      if (promptPay === undefined) throw new RangeError('A validated PromptPay id no longer parses')
      return {
        target: 'promptpay',
        promptPayId: promptPay.id,
        promptPayIdKind: promptPay.kind,
        accountName: request.accountName,
      }
    }
    case 'truemoney':
      return { target: 'truemoney', mobileNumber: request.mobileNumber, accountName: request.accountName }
    case 'points':
      return null
  }
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

/** What the shopper sees again of where the money went. */
export function toWithdrawalDestination(details: PayoutDetails | null): WithdrawalDestination {
  if (details === null) return { bank: null, maskedAccount: null, accountName: null }
  switch (details.target) {
    case 'bank':
      return {
        bank: details.bank,
        maskedAccount: maskBankAccountNumber(details.accountNumber),
        accountName: details.accountName,
      }
    case 'promptpay':
      return {
        bank: null,
        maskedAccount: maskPromptPayId(details.promptPayId, details.promptPayIdKind),
        accountName: details.accountName,
      }
    case 'truemoney':
      return { bank: null, maskedAccount: maskMobileNumber(details.mobileNumber), accountName: details.accountName }
  }
}
