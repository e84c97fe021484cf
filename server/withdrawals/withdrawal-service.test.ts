import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalRequest } from '#domain/contracts/withdrawal'
import { walletLedgerEntries, withdrawalEvents, withdrawals } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { createTestBuyer, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { giveTestBalance, ledgerEntriesOf, markTestWithdrawal } from '#server/test/withdrawals'
import {
  maskBankAccountNumber,
  maskMobileNumber,
  maskPromptPayId,
  toWithdrawalDestination,
} from '#domain/wallet/payout-details'
import { requestWithdrawal, type WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant()

const now = new Date('2026-11-16T02:00:00Z')

const bankRequest: WithdrawalRequest = {
  target: 'bank',
  amount: 20_000,
  bank: 'SCB',
  accountNumber: '9876543210',
  accountName: 'Somchai Jaidee',
  branchName: 'Silom',
  phoneOrIdNumber: '0812345678',
}

async function requestedWithdrawal(balance = 50_000): Promise<WithdrawalRecord> {
  const buyerId = await createTestBuyer(database(), now)
  await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: balance, now })
  return database().transaction((tx) =>
    requestWithdrawal(tx, { buyerId, request: bankRequest, now, fixedRates: defaultFixedRates }),
  )
}

/** The error a rejected promise carries, for asserting on its fields. */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('masking', () => {
  it('keeps only the last 4 digits of what the shopper typed', () => {
    expect(maskBankAccountNumber('1234567890')).toBe('xxx-x-x7890')
    expect(maskMobileNumber('0812345678')).toBe('081-xxx-5678')
    expect(maskPromptPayId('0812345678', 'mobile')).toBe('081-xxx-5678')
    expect(maskPromptPayId('1103702008702', 'national_id')).toBe('xxxxxxxxx8702')
    expect(maskPromptPayId('123456789012345', 'e_wallet')).toBe('xxxxxxxxxxx2345')
    expect(toWithdrawalDestination(null)).toEqual({ bank: null, maskedAccount: null, accountName: null })
  })
})

describe('markWithdrawal', () => {
  it('moves requested → processing → paid, recording who and why, and repeats harmlessly', async () => {
    const created = await requestedWithdrawal()
    const later = new Date(now.getTime() + 60_000)
    const processing = await markTestWithdrawal(database(), created.id, { status: 'processing' }, later)
    expect(processing).toMatchObject({ changed: true, record: { status: 'processing', processingAt: later } })
    expect((await markTestWithdrawal(database(), created.id, { status: 'processing' })).changed).toBe(false)
    const paid = await markTestWithdrawal(database(), created.id, { status: 'paid', reason: 'SCB ref 12345' }, later)
    expect(paid.record).toMatchObject({ status: 'paid', paidAt: later, failureReason: null })

    const events = await database()
      .select()
      .from(withdrawalEvents)
      .where(eq(withdrawalEvents.withdrawalId, created.id))
      .orderBy(asc(withdrawalEvents.id))
    expect(events.map((event) => [event.status, event.actor, event.reason])).toEqual([
      ['requested', 'buyer', null],
      ['processing', 'operator:test', null],
      ['paid', 'operator:test', 'SCB ref 12345'],
    ])
    // Paid money is gone: nothing returns it.
    const refused = await failureOf(markTestWithdrawal(database(), created.id, { status: 'failed', reason: 'late' }))
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 409, code: 'invalid_transition' })
  })

  it('refuses to pay what nobody started processing, and unknown ids', async () => {
    const created = await requestedWithdrawal()
    expect(await failureOf(markTestWithdrawal(database(), created.id, { status: 'paid' }))).toMatchObject({
      status: 409,
      code: 'invalid_transition',
    })
    expect(
      await failureOf(markTestWithdrawal(database(), 'ffffffffffffffffffffffff', { status: 'processing' })),
    ).toMatchObject({ status: 404, code: 'withdrawal_not_found' })
    await expect(markTestWithdrawal(database(), created.id, { status: 'failed', reason: '  ' })).rejects.toThrow(
      RangeError,
    )
  })

  it('returns a failed withdrawal’s money once, however often it is failed', async () => {
    const created = await requestedWithdrawal()
    const failed = await markTestWithdrawal(database(), created.id, { status: 'failed', reason: 'Account closed' })
    expect(failed.record).toMatchObject({ status: 'failed', failureReason: 'Account closed' })
    expect((await markTestWithdrawal(database(), created.id, { status: 'failed', reason: 'again' })).changed).toBe(
      false,
    )
    expect(await failureOf(markTestWithdrawal(database(), created.id, { status: 'processing' }))).toMatchObject({
      code: 'invalid_transition',
    })
    const entries = await ledgerEntriesOf(database(), created.buyerId)
    expect(entries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['cashback_credit', 50_000],
      ['withdrawal', -18_000],
      ['withdrawal_fee', -2_000],
      ['withdrawal_return', 20_000],
    ])
  })
})

/** The constraint a refused write broke, as PostgreSQL names it (drizzle wraps the driver's error). */
async function brokenConstraintOf(write: Promise<unknown>): Promise<unknown> {
  const error = await failureOf(write)
  const cause = error instanceof Error ? error.cause : undefined
  return typeof cause === 'object' && cause !== null && 'constraint' in cause ? cause.constraint : error
}

describe('database guarantees', () => {
  it('refuses a second open withdrawal, a second return and inconsistent amounts even without the service', async () => {
    const created = await requestedWithdrawal()
    const copy = { ...created, id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }
    expect(await brokenConstraintOf(database().insert(withdrawals).values(copy))).toBe('withdrawals_one_open')
    expect(
      await brokenConstraintOf(
        database()
          .insert(withdrawals)
          .values({ ...copy, status: 'paid', fee: 1 }),
      ),
    ).toBe('withdrawals_amounts')
    expect(
      await brokenConstraintOf(
        database()
          .insert(withdrawals)
          .values({ ...copy, status: 'failed', failureReason: null }),
      ),
    ).toBe('withdrawals_failure_reason')

    await markTestWithdrawal(database(), created.id, { status: 'failed', reason: 'Account closed' })
    const secondReturn = database().insert(walletLedgerEntries).values({
      buyerId: created.buyerId,
      kind: 'withdrawal_return',
      amount: created.amount,
      withdrawalId: created.id,
      createdAt: now,
    })
    expect(await brokenConstraintOf(secondReturn)).toBe('wallet_ledger_entries_withdrawal_kind')
  })
})
