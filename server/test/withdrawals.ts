import { asc, eq } from 'drizzle-orm'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import type { PayoutAccountDetails, WithdrawalRequestInput } from '#domain/contracts/withdrawal'
import { payoutAccountWaitingHours } from '#domain/wallet/payout-account-rules'
import type { Satang } from '#domain/money'
import type { Database } from '#server/db/database'
import { walletLedgerEntries, withdrawals } from '#server/db/schema'
import type { TransactionRecord } from '#server/cashback/transaction-changes'
import { savePayoutAccount } from '#server/payout-accounts/payout-account-service'
import { applyTestChange, recordApprovedPurchase, type TestMerchant } from '#server/test/cashback'
import {
  markWithdrawal,
  type MarkWithdrawalResult,
  type WithdrawalRecord,
  type WithdrawalStatusChange,
} from '#server/withdrawals/withdrawal-service'

/** Withdrawal test helpers: balances come from real cashback, withdrawals from the real service. */

/**
 * Gives the buyer `amount` satang of accepted cashback the way a shopper earns it: a purchase at
 * a 5 % merchant (`insertTestMerchant`'s default), approved by the network and accepted.
 */
export async function giveTestBalance(
  database: Database,
  input: { buyerId: string; merchant: TestMerchant; amount: Satang; now: Date },
): Promise<TransactionRecord> {
  const approved = await recordApprovedPurchase(database, {
    buyerId: input.buyerId,
    merchantId: input.merchant.id,
    purchaseAmount: input.amount * 20,
    now: input.now,
  })
  if (approved.cashbackAmount !== input.amount) {
    throw new Error(`giveTestBalance expects a 5 % merchant; the purchase earned ${approved.cashbackAmount}`)
  }
  return applyTestChange(database, {
    transactionId: approved.id,
    event: { kind: 'accept' },
    actor: 'buyer',
    now: input.now,
  })
}

export const testBankRequest = {
  target: 'bank',
  amount: 12_345,
  bank: 'KBANK',
  accountNumber: '123-4-56789-0',
  accountName: 'สมชาย ใจดี',
  branchName: 'สาขาสยามพารากอน',
  phoneOrIdNumber: '081-234-5678',
} as const satisfies WithdrawalRequestInput

export const testPromptPayRequest = {
  target: 'promptpay',
  amount: 20_000,
  promptPayId: '1-1037-02008-70-2',
  accountName: 'สมหญิง รักดี',
} as const satisfies WithdrawalRequestInput

export const testTrueMoneyRequest = {
  target: 'truemoney',
  amount: 15_000,
  mobileNumber: '+66 89 765 4321',
  accountName: 'Somchai Jaidee',
} as const satisfies WithdrawalRequestInput

let keyCounter = 0

/** A fresh `Idempotency-Key`, like the outbox makes when the shopper confirms. */
export function newIdempotencyKey(): string {
  keyCounter += 1
  return `withdrawal-${Date.now()}-${keyCounter}`.padEnd(16, '0')
}

/** A JSON POST with a session cookie and an `Idempotency-Key` (a new one unless given; `null`: none). */
export function withdrawalPost(
  cookie: string | undefined,
  body: unknown,
  key: string | null = newIdempotencyKey(),
): RequestInit {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (cookie !== undefined) headers['Cookie'] = cookie
  if (key !== null) headers[idempotencyKeyHeader] = key
  return { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }
}

export async function ledgerEntriesOf(database: Database, buyerId: string) {
  return database
    .select()
    .from(walletLedgerEntries)
    .where(eq(walletLedgerEntries.buyerId, buyerId))
    .orderBy(asc(walletLedgerEntries.id))
}

export async function withdrawalRowsOf(database: Database, buyerId: string): Promise<WithdrawalRecord[]> {
  return database
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.buyerId, buyerId))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
}

/** `markWithdrawal` in its own transaction, as an operator command runs it. */
export async function markTestWithdrawal(
  database: Database,
  withdrawalId: string,
  change: WithdrawalStatusChange,
  now = new Date(),
): Promise<MarkWithdrawalResult> {
  return database.transaction((tx) => markWithdrawal(tx, { ...change, withdrawalId, actor: 'operator:test', now }))
}

/**
 * Saves a payout account as if it had been saved 72 hours before `now`, so a withdrawal to it at
 * `now` is past its waiting period (docs/decisions/024): for tests about something else that
 * withdraw to more than one account.
 */
export async function saveTestPayoutAccountWaitedOut(
  database: Database,
  input: { buyerId: string; details: PayoutAccountDetails; now: Date },
): Promise<void> {
  const savedAt = new Date(input.now.getTime() - payoutAccountWaitingHours * 3_600_000)
  await database.transaction((tx) => savePayoutAccount(tx, { ...input, now: savedAt }))
}
