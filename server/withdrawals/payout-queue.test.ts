import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { withdrawalSchema } from '#domain/contracts/withdrawal'
import { addBusinessDays, oneDayMemberPayoutBusinessDays } from '#domain/wallet/withdrawal-rules'
import { createAccountsTestApp, signIn } from '#server/test/accounts'
import { useTestDatabaseWithMerchant } from '#server/test/cashback'
import {
  giveTestBalance,
  markTestWithdrawal,
  testBankRequest,
  testTrueMoneyRequest,
  withdrawalPost,
  withdrawalRowsOf,
} from '#server/test/withdrawals'
import { listWithdrawalsByStatus } from '#server/withdrawals/withdrawal-queries'

/**
 * Spec section 6: members with 1-day cashback status get faster payouts. Their withdrawals are
 * promised within 7 business days and come first in finance's queue (docs/decisions/015).
 */

const { database, merchant } = useTestDatabaseWithMerchant()

const start = new Date('2026-11-20T03:00:00Z')

/**
 * A signed-in buyer with `purchases` approved and accepted purchases of ฿200 cashback each, whose
 * clock reads Friday 20 November 2026, 10:00 in Bangkok, plus `minutes`.
 */
async function buyerWith(email: string, purchases: number, minutes: number) {
  const { app, clock } = createAccountsTestApp(database())
  clock.set(new Date(start.getTime() + minutes * 60_000))
  const { cookie, buyer } = await signIn(app, email)
  for (let purchase = 0; purchase < purchases; purchase += 1) {
    await giveTestBalance(database(), {
      buyerId: buyer.buyerId,
      merchant: merchant(),
      amount: 20_000,
      now: clock.now(),
    })
  }
  async function withdraw(body: unknown) {
    const response = await app.request(`/api/wallet/${buyer.buyerId}/withdrawals`, withdrawalPost(cookie, body))
    expect(response.status).toBe(201)
    return v.parse(withdrawalSchema, await response.json())
  }
  return { clock, buyerId: buyer.buyerId, withdraw }
}

describe('faster payouts for 1-day cashback members', () => {
  it('promises members 7 business days and puts them first in the payout queue', async () => {
    // 1 decided purchase: not yet a member (3 are needed), whatever the rating.
    const standardTrueMoney = await buyerWith('payout.standard.truemoney@example.com', 1, 0)
    const standardBank = await buyerWith('payout.standard.bank@example.com', 1, 1)
    const memberBank = await buyerWith('payout.member.bank@example.com', 3, 2)
    const memberTrueMoney = await buyerWith('payout.member.truemoney@example.com', 3, 3)

    const requested = {
      standardTrueMoney: await standardTrueMoney.withdraw({ ...testTrueMoneyRequest, amount: 15_000 }),
      standardBank: await standardBank.withdraw({ ...testBankRequest, amount: 15_000 }),
      memberBank: await memberBank.withdraw({ ...testBankRequest, amount: 15_000 }),
      memberTrueMoney: await memberTrueMoney.withdraw({ ...testTrueMoneyRequest, amount: 15_000 }),
    }

    const after = (days: number, minutes: number) =>
      addBusinessDays(new Date(start.getTime() + minutes * 60_000), days).toISOString()
    expect(oneDayMemberPayoutBusinessDays).toBe(7)
    expect(requested.standardTrueMoney.expectedBy).toBe(after(14, 0))
    expect(requested.standardBank.expectedBy).toBe(after(30, 1))
    expect(requested.memberBank.expectedBy).toBe(after(7, 2))
    expect(requested.memberTrueMoney.expectedBy).toBe(after(7, 3))
    const [memberRow] = await withdrawalRowsOf(database(), memberBank.buyerId)
    const [standardRow] = await withdrawalRowsOf(database(), standardBank.buyerId)
    expect(memberRow?.isOneDayMember).toBe(true)
    expect(standardRow?.isOneDayMember).toBe(false)

    // Members first, then oldest first; a page ends on a member and the next goes on after it.
    const ids = (rows: { withdrawal: { id: string } }[]) => rows.map((row) => row.withdrawal.id)
    const requestedQueue = await listWithdrawalsByStatus(database(), { status: 'requested', limit: 10 })
    expect(ids(requestedQueue)).toEqual([
      requested.memberBank._id,
      requested.memberTrueMoney._id,
      requested.standardTrueMoney._id,
      requested.standardBank._id,
    ])
    const firstPage = await listWithdrawalsByStatus(database(), { status: 'requested', limit: 2 })
    const last = firstPage.at(-1)?.withdrawal
    if (last === undefined) throw new Error('an empty first page')
    const nextPage = await listWithdrawalsByStatus(database(), {
      status: 'requested',
      limit: 2,
      after: { createdAt: last.createdAt, id: last.id },
    })
    expect([...ids(firstPage), ...ids(nextPage)]).toEqual(ids(requestedQueue))

    // The same order while they are processed.
    await markTestWithdrawal(database(), requested.standardBank._id, { status: 'processing' })
    await markTestWithdrawal(database(), requested.memberTrueMoney._id, { status: 'processing' })
    expect(ids(await listWithdrawalsByStatus(database(), { status: 'processing', limit: 10 }))).toEqual([
      requested.memberTrueMoney._id,
      requested.standardBank._id,
    ])
  })
})
