import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { computePremiumEnd } from '#domain/promotions/premium-membership'
import { computeSpecialCashbackEnd } from '#domain/promotions/special-cashback'
import type { SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import {
  buyers,
  identifierChanges,
  promotionAwards,
  notifications,
  promotionMemberships,
  referralRedemptions,
  walletLedgerEntries,
} from '#server/db/schema'
import { readFixedRates } from '#server/settings/fixed-rates'
import {
  applyTestChange,
  changeTestTransaction,
  createTestBuyer,
  insertTestMerchant,
  recordApprovedPurchase,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { ledgerEntriesOf, testBankRequest } from '#server/test/withdrawals'
import { readWalletBalance, readWalletSummary } from '#server/wallet/wallet-queries'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant({}, { hasPurchasePromotions: true })

const dayMilliseconds = 24 * 60 * 60 * 1000
const signUp = new Date('2026-10-01T03:00:00Z')
const afterDays = (days: number) => new Date(signUp.getTime() + days * dayMilliseconds)

let emailCounter = 0
function newBuyer(name: string) {
  emailCounter += 1
  return createTestBuyer(database(), signUp, `promo.${name}.${emailCounter}@example.com`)
}

/** A purchase (5 % merchant) approved by the network and accepted, bought `day` days after sign-up. */
async function earnAccepted(buyerId: string, purchaseAmount: number, day: number) {
  const approved = await recordApprovedPurchase(database(), {
    buyerId,
    merchantId: merchant().id,
    purchaseAmount,
    now: afterDays(day),
  })
  return applyTestChange(database(), {
    transactionId: approved.id,
    event: { kind: 'accept' },
    actor: 'buyer',
    now: afterDays(day),
  })
}

async function join(
  buyerId: string,
  membership: { kind: 'premium' } | { kind: 'special_cashback'; level: SpecialCashbackLevel },
  joinedAt: Date,
) {
  await database()
    .insert(promotionMemberships)
    .values({
      id: randomBytes(12).toString('hex'),
      buyerId,
      kind: membership.kind,
      level: membership.kind === 'special_cashback' ? membership.level : null,
      joinedAt,
      expiresAt: membership.kind === 'premium' ? computePremiumEnd(joinedAt) : computeSpecialCashbackEnd(joinedAt),
      price: 0,
    })
}

async function awardsOf(buyerId: string) {
  return database().select().from(promotionAwards).where(eq(promotionAwards.buyerId, buyerId))
}

async function bonusEntriesOf(buyerId: string) {
  return database()
    .select()
    .from(walletLedgerEntries)
    .where(and(eq(walletLedgerEntries.buyerId, buyerId), eq(walletLedgerEntries.kind, 'bonus')))
}

describe('bonuses decided at the click', () => {
  it('doubles a first-week purchase up to the cap per order, and not after 7 × 24 hours', async () => {
    const buyerId = await newBuyer('x2')
    // ฿1,000 at 5 %: ฿50 base, ฿50 more.
    const small = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(0),
    })
    expect(small.cashbackComponents).toEqual([
      { kind: 'base', amount: 5_000 },
      { kind: 'new_user_bonus', amount: 5_000 },
    ])
    expect(small.cashbackAmount).toBe(10_000)
    // ฿10,000: ฿500 base, the x2 part capped at ฿100.
    const large = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 1_000_000,
      now: afterDays(6.99),
    })
    expect(large.cashbackComponents).toEqual([
      { kind: 'base', amount: 50_000 },
      { kind: 'new_user_bonus', amount: 10_000 },
    ])
    const late = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(7),
    })
    expect(late.cashbackComponents).toEqual([{ kind: 'base', amount: 5_000 }])
  })

  it('adds +20 % for premium and the level’s share for Special Cashback, each on the base only', async () => {
    const premium = await newBuyer('premium')
    await join(premium, { kind: 'premium' }, afterDays(10))
    const premiumPurchase = await recordTestPurchase(database(), {
      buyerId: premium,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(11),
    })
    expect(premiumPurchase.cashbackComponents).toEqual([
      { kind: 'base', amount: 5_000 },
      { kind: 'premium_bonus', amount: 1_000 },
    ])

    const special = await newBuyer('special')
    await join(special, { kind: 'special_cashback', level: 2 }, afterDays(10))
    const specialPurchase = await recordTestPurchase(database(), {
      buyerId: special,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(11),
    })
    expect(specialPurchase.cashbackComponents).toEqual([
      { kind: 'base', amount: 5_000 },
      { kind: 'special_bonus', amount: 1_500 },
    ])
  })
})

describe('new-user bonus', () => {
  it('is paid once, by the approval that brings approved spending to ฿500, as its own bonus entry', async () => {
    const buyerId = await newBuyer('newuser')
    await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 30_000,
      now: afterDays(8),
    })
    expect(await awardsOf(buyerId)).toEqual([])
    const second = await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 20_000,
      now: afterDays(9),
    })
    await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 90_000,
      now: afterDays(10),
    })

    const awards = await awardsOf(buyerId)
    expect(awards).toMatchObject([{ kind: 'new_user_bonus', amount: 10_000, transactionId: second.id }])
    expect(await bonusEntriesOf(buyerId)).toMatchObject([{ amount: 10_000, awardId: awards[0]?.id }])
    const summary = await readWalletSummary(database(), buyerId, afterDays(10))
    expect(summary).toMatchObject({ bonus: 10_000, balance: 10_000, cashback: 0 })
  })

  it('does not count purchases clicked after the first 30 days, nor rejected ones', async () => {
    const buyerId = await newBuyer('late')
    const rejected = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 40_000,
      now: afterDays(8),
    })
    await applyTestChange(database(), {
      transactionId: rejected.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
      now: afterDays(9),
    })
    await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 10_000,
      now: afterDays(9),
    })
    await recordApprovedPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(30),
    })
    expect(await awardsOf(buyerId)).toEqual([])
  })

  it('is paid to one account of a person: a second account withdrawing to the same bank account earns none', async () => {
    const first = await newBuyer('person.a')
    await earnAccepted(first, 400_000, 8)
    expect(await awardsOf(first)).toHaveLength(1)
    await database().transaction(async (tx) =>
      requestWithdrawal(tx, {
        buyerId: first,
        request: testBankRequest,
        now: afterDays(9),
        fixedRates: await readFixedRates(tx),
      }),
    )

    // The second account earns enough to withdraw (over ฿100) with less than ฿500 of purchases,
    // at a 25 % shop, and withdraws to the first account's bank account before reaching ฿500.
    const second = await newBuyer('person.b')
    const generous = await insertTestMerchant(database(), {
      cashback: { kind: 'up-to', rateBasisPoints: 2500, maxPerOrder: null },
    })
    const earned = await recordApprovedPurchase(database(), {
      buyerId: second,
      merchantId: generous.id,
      purchaseAmount: 48_000,
      now: afterDays(8),
    })
    await applyTestChange(database(), { transactionId: earned.id, event: { kind: 'accept' }, now: afterDays(8) })
    await database().transaction(async (tx) =>
      requestWithdrawal(tx, {
        buyerId: second,
        request: { ...testBankRequest, amount: 11_000 },
        now: afterDays(9),
        fixedRates: await readFixedRates(tx),
      }),
    )
    await recordApprovedPurchase(database(), {
      buyerId: second,
      merchantId: merchant().id,
      purchaseAmount: 400_000,
      now: afterDays(10),
    })
    expect(await awardsOf(second)).toEqual([])
  })

  it('credits once however many approvals of one buyer race', async () => {
    const buyerId = await newBuyer('race')
    const purchases = await Promise.all(
      Array.from({ length: 50 }, () =>
        recordTestPurchase(database(), {
          buyerId,
          merchantId: merchant().id,
          purchaseAmount: 20_000,
          now: afterDays(8),
        }),
      ),
    )
    for (const purchase of purchases) {
      await applyTestChange(database(), {
        transactionId: purchase.id,
        event: { kind: 'network_update', status: 'PENDING' },
        now: afterDays(8),
      })
    }
    const results = await Promise.all(
      purchases.map((purchase) =>
        changeTestTransaction(database(), {
          transactionId: purchase.id,
          event: { kind: 'network_update', status: 'APPROVED' },
          now: afterDays(9),
        }),
      ),
    )
    expect(results.every((result) => result.ok)).toBe(true)
    expect(await awardsOf(buyerId)).toHaveLength(1)
    expect(await bonusEntriesOf(buyerId)).toHaveLength(1)
  })
})

describe('referral bonus', () => {
  async function referred(name: string) {
    const referrer = await newBuyer(`${name}.referrer`)
    const friend = await newBuyer(`${name}.friend`)
    await database()
      .insert(referralRedemptions)
      .values({ friendBuyerId: friend, referrerBuyerId: referrer, code: 'ABCDEFGH', redeemedAt: afterDays(0.5) })
    return { referrer, friend }
  }

  it('pays the referrer getFriend once the friend’s approved spending reaches the threshold, once per friend', async () => {
    const { referrer, friend } = await referred('pays')
    await recordApprovedPurchase(database(), {
      buyerId: friend,
      merchantId: merchant().id,
      purchaseAmount: 49_999,
      now: afterDays(8),
    })
    expect(await awardsOf(referrer)).toEqual([])
    const reaching = await recordApprovedPurchase(database(), {
      buyerId: friend,
      merchantId: merchant().id,
      purchaseAmount: 1,
      now: afterDays(9),
    })
    await recordApprovedPurchase(database(), {
      buyerId: friend,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(10),
    })

    expect(await awardsOf(referrer)).toMatchObject([
      {
        kind: 'referral_bonus',
        amount: defaultFixedRates.getFriend,
        friendBuyerId: friend,
        transactionId: reaching.id,
      },
    ])
    expect(await bonusEntriesOf(referrer)).toHaveLength(1)
    expect(await readWalletBalance(database(), referrer)).toBe(defaultFixedRates.getFriend)
    // The same approval gave the friend their own new-user bonus.
    expect(await awardsOf(friend)).toMatchObject([{ kind: 'new_user_bonus', transactionId: reaching.id }])
  })

  it('credits the referrer once however many of the friend’s approvals race', async () => {
    const { referrer, friend } = await referred('race')
    const purchases = await Promise.all(
      Array.from({ length: 50 }, () =>
        recordTestPurchase(database(), {
          buyerId: friend,
          merchantId: merchant().id,
          purchaseAmount: 60_000,
          now: afterDays(8),
        }),
      ),
    )
    await Promise.all(
      purchases.map(async (purchase) => {
        await applyTestChange(database(), {
          transactionId: purchase.id,
          event: { kind: 'network_update', status: 'PENDING' },
          now: afterDays(8),
        })
        await applyTestChange(database(), {
          transactionId: purchase.id,
          event: { kind: 'network_update', status: 'APPROVED' },
          now: afterDays(9),
        })
      }),
    )
    expect(await awardsOf(referrer)).toHaveLength(1)
    expect(await bonusEntriesOf(referrer)).toHaveLength(1)
    expect(await bonusEntriesOf(friend)).toHaveLength(1)
  })

  it('pays nothing when the friend turns out to be the referrer (an identifier they proved)', async () => {
    const { referrer, friend } = await referred('same')
    const [referrerRow] = await database().select({ email: buyers.email }).from(buyers).where(eq(buyers.id, referrer))
    // The friend later confirmed the referrer's email address as theirs: one person, two accounts.
    await database()
      .insert(identifierChanges)
      .values({
        buyerId: friend,
        kind: 'email',
        identifier: referrerRow?.email ?? '',
        codeHash: 'confirmed in the test',
        createdAt: afterDays(1),
        expiresAt: afterDays(1),
        confirmedAt: afterDays(1),
        closedAt: afterDays(1),
      })
    await recordApprovedPurchase(database(), {
      buyerId: friend,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(10),
    })
    expect((await awardsOf(referrer)).filter((award) => award.kind === 'referral_bonus')).toEqual([])
    // Nor does the friend get a new-user bonus the referrer's account may still earn.
    expect(await awardsOf(friend)).toMatchObject([{ kind: 'new_user_bonus' }])
  })
})

describe('Special Cashback and the balance', () => {
  async function specialMember(name: string, level: SpecialCashbackLevel, balance: number) {
    const buyerId = await newBuyer(name)
    // Past the first week, so nothing is doubled: the base is the balance given.
    await earnAccepted(buyerId, balance * 20, 40)
    await join(buyerId, { kind: 'special_cashback', level }, afterDays(41))
    return buyerId
  }

  async function membershipOf(buyerId: string) {
    const [row] = await database().select().from(promotionMemberships).where(eq(promotionMemberships.buyerId, buyerId))
    return row
  }

  /** What the buyer was told of the campaign (issue 16), with its values. */
  async function specialCashbackNews(buyerId: string) {
    const rows = await database()
      .select({ kind: notifications.kind, values: notifications.values })
      .from(notifications)
      .where(eq(notifications.buyerId, buyerId))
    return rows.filter((row) => row.kind.startsWith('special_cashback'))
  }

  it('stays while a withdrawal leaves the balance exactly at the level (“falls below” has not happened)', async () => {
    const buyerId = await specialMember('exactly', 1, 110_000)
    await database().transaction(async (tx) =>
      requestWithdrawal(tx, {
        buyerId,
        request: { ...testBankRequest, amount: 10_000 },
        now: afterDays(42),
        fixedRates: await readFixedRates(tx),
      }),
    )
    expect(await readWalletBalance(database(), buyerId)).toBe(100_000)
    expect(await membershipOf(buyerId)).toMatchObject({ endedAt: null, endReason: null })
    // A little less and it ends: the shopper is told while they can keep it.
    expect(await specialCashbackNews(buyerId)).toEqual([
      { kind: 'special_cashback_at_risk', values: { amount: 100_000, bonusPercent: 20 } },
    ])
  })

  it('ends on a withdrawal below the level and forfeits the special part of a purchase approved after', async () => {
    const buyerId = await specialMember('forfeit', 1, 110_000)
    const bought = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(42),
    })
    expect(bought.cashbackComponents).toContainEqual({ kind: 'special_bonus', amount: 1_000 })
    await applyTestChange(database(), {
      transactionId: bought.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: afterDays(42),
    })

    await database().transaction(async (tx) =>
      requestWithdrawal(tx, {
        buyerId,
        request: { ...testBankRequest, amount: 20_000 },
        now: afterDays(43),
        fixedRates: await readFixedRates(tx),
      }),
    )
    expect(await membershipOf(buyerId)).toMatchObject({ endedAt: afterDays(43), endReason: 'balance_below_tier' })
    expect(await specialCashbackNews(buyerId)).toEqual([
      { kind: 'special_cashback_ended', values: { amount: 100_000, bonusPercent: 20 } },
    ])

    const approved = await applyTestChange(database(), {
      transactionId: bought.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: afterDays(44),
    })
    expect(approved.cashbackComponents).toEqual([{ kind: 'base', amount: 5_000 }])
    expect(approved.forfeitedCashbackComponents).toEqual([{ kind: 'special_bonus', amount: 1_000 }])
    expect(approved.cashbackAmount).toBe(5_000)
  })

  it('keeps the special part of a purchase approved while the campaign is active', async () => {
    const buyerId = await specialMember('kept', 1, 110_000)
    const bought = await recordTestPurchase(database(), {
      buyerId,
      merchantId: merchant().id,
      purchaseAmount: 100_000,
      now: afterDays(42),
    })
    await applyTestChange(database(), {
      transactionId: bought.id,
      event: { kind: 'network_update', status: 'PENDING' },
      now: afterDays(42),
    })
    const approved = await applyTestChange(database(), {
      transactionId: bought.id,
      event: { kind: 'network_update', status: 'APPROVED' },
      now: afterDays(43),
    })
    expect(approved.cashbackAmount).toBe(6_000)
    expect(approved.forfeitedCashbackComponents).toEqual([])
  })

  it('ends when a reversal takes the balance below the level', async () => {
    const buyerId = await newBuyer('reversal')
    await earnAccepted(buyerId, 1_980_000, 40) // ฿990
    const reversed = await earnAccepted(buyerId, 220_000, 40) // ฿110
    await join(buyerId, { kind: 'special_cashback', level: 1 }, afterDays(41))
    await applyTestChange(database(), {
      transactionId: reversed.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Returned' },
      now: afterDays(42),
    })
    expect(await readWalletBalance(database(), buyerId)).toBe(99_000)
    expect(await membershipOf(buyerId)).toMatchObject({ endedAt: afterDays(42), endReason: 'balance_below_tier' })
    expect((await ledgerEntriesOf(database(), buyerId)).map((entry) => entry.kind)).toContain('cashback_reversal')
  })
})
