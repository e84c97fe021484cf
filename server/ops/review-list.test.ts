import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { withdrawalRequestSchema } from '#domain/contracts/withdrawal'
import type { BuyerReviewReason } from '#domain/review/buyer-review'
import { writeSetting } from '#server/app-settings'
import { buyers } from '#server/db/schema'
import { listBuyersForReview, readBuyerReviewSettings, type BuyerForReview } from '#server/ops/review-list'
import { readFixedRates } from '#server/settings/fixed-rates'
import {
  applyTestChange,
  createTestBuyer,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { giveTestBalance, testBankRequest } from '#server/test/withdrawals'
import { readWalletBalance } from '#server/wallet/wallet-queries'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

/**
 * The review list (domain/review/buyer-review.ts) read from real records: ledgers, cancellations
 * and flagged rejections written through the same code the app uses, at chosen times.
 */

const { database, merchant } = useTestDatabaseWithMerchant()

const now = new Date('2026-11-26T12:00:00Z')
const dayMilliseconds = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(now.getTime() - days * dayMilliseconds)

/** ฿500 of accepted cashback, ฿400 of it withdrawn: a later rejection of that cashback leaves ฿−400. */
async function earnAndWithdraw(buyerId: string, at: Date) {
  const earned = await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 50_000, now: at })
  await database().transaction(async (tx) =>
    requestWithdrawal(tx, {
      buyerId,
      request: v.parse(withdrawalRequestSchema, { ...testBankRequest, amount: 40_000 }),
      now: at,
      fixedRates: await readFixedRates(tx),
    }),
  )
  return earned
}

async function reject(transactionId: string, at: Date, options: { isFlagged?: boolean } = {}) {
  await applyTestChange(database(), {
    transactionId,
    event: {
      kind: 'network_update',
      status: 'REJECTED',
      reasonCode: 'item_returned',
      rejectionReason: 'Item returned',
    },
    ...(options.isFlagged === true ? { ratingOutcome: 'flagged' as const, actor: 'operator:test' } : {}),
    now: at,
  })
}

async function cancelPurchases(buyerId: string, times: Date[]) {
  for (const at of times) {
    const purchase = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: at,
    })
    await applyTestChange(database(), {
      transactionId: purchase.id,
      event: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
      now: at,
    })
  }
}

function reasonsByEmail(list: readonly BuyerForReview[]): Record<string, BuyerReviewReason[]> {
  return Object.fromEntries(
    list.map((buyer): [string, BuyerReviewReason[]] => [buyer.email ?? buyer.buyerId, buyer.reasons]),
  )
}

describe('the buyers for review', () => {
  it('lists the buyers the rule picks, with their reasons, and no one else', async () => {
    const [longNegative, recovered, cancelling, almostCancelling, flagged, suspended, clean] = await Promise.all(
      ['long.negative', 'recovered', 'cancelling', 'almost.cancelling', 'flagged', 'suspended', 'clean'].map((name) =>
        createTestBuyer(database(), daysAgo(200), `review.${name}@example.com`),
      ),
    )
    if (
      longNegative === undefined ||
      recovered === undefined ||
      cancelling === undefined ||
      almostCancelling === undefined ||
      flagged === undefined ||
      suspended === undefined ||
      clean === undefined
    ) {
      throw new Error('buyers missing')
    }

    // Negative for 40 days without a break, and a purchase flagged as fraud 100 days ago (too old).
    const longNegativeEarned = await earnAndWithdraw(longNegative, daysAgo(60))
    await reject(longNegativeEarned.id, daysAgo(40))
    const oldFlag = await recordTestPurchase(database(), {
      buyerId: longNegative,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: daysAgo(100),
    })
    await reject(oldFlag.id, daysAgo(100), { isFlagged: true })

    // Negative 40 days ago, made up 35 days ago, negative again for 10 days: not long enough.
    const recoveredEarned = await earnAndWithdraw(recovered, daysAgo(60))
    await reject(recoveredEarned.id, daysAgo(40))
    const madeUp = await giveTestBalance(database(), {
      buyerId: recovered,
      merchant: merchant(),
      amount: 50_000,
      now: daysAgo(35),
    })
    await reject(madeUp.id, daysAgo(10))
    expect(await readWalletBalance(database(), recovered)).toBe(-40_000)

    await cancelPurchases(cancelling, [1, 2, 3, 10, 29].map(daysAgo))
    await cancelPurchases(almostCancelling, [1, 2, 3, 10, 31].map(daysAgo))

    const flaggedPurchase = await recordTestPurchase(database(), {
      buyerId: flagged,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: daysAgo(5),
    })
    await reject(flaggedPurchase.id, daysAgo(3), { isFlagged: true })

    // Suspended already: an operator decided.
    const suspendedPurchase = await recordTestPurchase(database(), {
      buyerId: suspended,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: daysAgo(5),
    })
    await reject(suspendedPurchase.id, daysAgo(3), { isFlagged: true })
    await database()
      .update(buyers)
      .set({ status: 'suspended', suspendedReason: 'fraud' })
      .where(eq(buyers.id, suspended))

    // A plain return is not a fraud flag, and a balance above zero is nothing.
    await giveTestBalance(database(), { buyerId: clean, merchant: merchant(), amount: 50_000, now: daysAgo(20) })
    const returned = await recordTestPurchase(database(), {
      buyerId: clean,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: daysAgo(5),
    })
    await reject(returned.id, daysAgo(2))

    const listed = await listBuyersForReview(database(), now)

    expect(reasonsByEmail(listed)).toEqual({
      'review.long.negative@example.com': ['negative_balance'],
      'review.cancelling@example.com': ['frequent_cancellations'],
      'review.flagged@example.com': ['fraud_flag'],
    })
    const byEmail = new Map(listed.map((buyer) => [buyer.email, buyer]))
    expect(byEmail.get('review.long.negative@example.com')).toMatchObject({
      buyerId: longNegative,
      balance: -40_000,
      negativeBalanceSince: daysAgo(40),
      recentCancellations: 0,
      latestFraudFlagAt: null,
    })
    expect(byEmail.get('review.cancelling@example.com')).toMatchObject({ buyerId: cancelling, recentCancellations: 5 })
    expect(byEmail.get('review.flagged@example.com')).toMatchObject({ buyerId: flagged, latestFraudFlagAt: daysAgo(3) })

    // The thresholds are settings: stricter ones list more, and the buyer with two reasons comes first.
    await writeSetting(database(), 'buyer_review', {
      negativeBalanceDays: 7,
      cancellationCount: 4,
      fraudFlagWindowDays: 365,
    })
    expect(await readBuyerReviewSettings(database())).toEqual({
      negativeBalanceDays: 7,
      cancellationCount: 4,
      cancellationWindowDays: 30,
      fraudFlagWindowDays: 365,
    })
    const strict = await listBuyersForReview(database(), now)
    expect(reasonsByEmail(strict)).toEqual({
      'review.long.negative@example.com': ['negative_balance', 'fraud_flag'],
      'review.recovered@example.com': ['negative_balance'],
      'review.cancelling@example.com': ['frequent_cancellations'],
      'review.almost.cancelling@example.com': ['frequent_cancellations'],
      'review.flagged@example.com': ['fraud_flag'],
    })
    expect(strict[0]?.buyerId).toBe(longNegative)
    expect(byEmail.has('review.clean@example.com')).toBe(false)
    expect(strict.some((buyer) => buyer.buyerId === suspended || buyer.buyerId === clean)).toBe(false)
    await writeSetting(database(), 'buyer_review', {})
  })
})
