import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Satang } from '#domain/money'
import { changeTransaction, recordPurchase } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { buyers, merchants, referralCodes } from '#server/db/schema'
import { joinPremium } from '#server/promotions/promotion-service'
import { redeemReferralCode } from '#server/promotions/referral-service'
import { demoBuyer } from '#server/seed/demo-buyer'
import { readFixedRates } from '#server/settings/fixed-rates'

/**
 * Demo accounts that show the promotions (issue 12; listed in the README), written through the
 * same code the app runs (purchases, approvals, referral redemption, premium join), so their
 * bonuses come from the real rules:
 * - the demo buyer refers with the code `demoReferralCode`; its friends table shows one friend
 *   whose purchases paid the referral bonus (received) and one still below the threshold;
 * - `newMember`: signed up 2 days ago, redeemed the demo buyer's code, x2 first week running, one
 *   approved purchase on the way to the new-user bonus;
 * - `premiumMember`: premium joined and paid from the wallet, new-user bonus received; Special
 *   Cashback shows as not combinable;
 * - `stairShopper`: ฿1,250 in the wallet and no campaign yet: Special Cashback level 1 can be
 *   joined, and a withdrawal below ฿1,000 then ends it (the e2e test does exactly that).
 */

/** 8 characters of `referralCodeAlphabet`, so it reads well in the README. */
export const demoReferralCode = 'NGERNK99'

export const demoPromotionBuyers = {
  newMember: {
    id: '64656d6f6e65776d656d6265',
    email: 'newbie@ngernkhuen.test',
    phone: '0811110001',
    firstName: 'มานี',
    lastName: 'มีนา',
    signedUpDaysAgo: 2,
  },
  premiumMember: {
    id: '64656d6f7072656d69756d31',
    email: 'vip@ngernkhuen.test',
    phone: '0811110002',
    firstName: 'ปิติ',
    lastName: 'พรีเมียม',
    signedUpDaysAgo: 90,
  },
  stairShopper: {
    id: '64656d6f7374616972303031',
    email: 'stair@ngernkhuen.test',
    phone: '0811110003',
    firstName: 'ชูใจ',
    lastName: 'ขั้นบันได',
    signedUpDaysAgo: 120,
  },
} as const

type DemoPromotionBuyer = (typeof demoPromotionBuyers)[keyof typeof demoPromotionBuyers]

/** Held while seeding, so processes starting together on one PostgreSQL seed once between them. */
const demoPromotionsAdvisoryLockKey = 7_210_012
const dayMilliseconds = 24 * 60 * 60 * 1000

type Merchant = { id: string; rateBasisPoints: number }

/**
 * Creates the promotion demo accounts when missing (after the demo buyer and the catalogue).
 * Returns whether it seeded them.
 */
export async function seedDemoPromotionsIfMissing(database: Database, now: Date = new Date()): Promise<boolean> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${demoPromotionsAdvisoryLockKey})`)
    const [referrer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, demoBuyer.id))
    const [existing] = await tx
      .select({ id: buyers.id })
      .from(buyers)
      .where(eq(buyers.id, demoPromotionBuyers.newMember.id))
    // An uncapped merchant, so a purchase amount gives exactly the cashback the demo needs.
    const [merchant] = await tx
      .select({ id: merchants.id, rateBasisPoints: merchants.cashbackRateBasisPoints })
      .from(merchants)
      .where(and(isNotNull(merchants.topRank), isNull(merchants.cashbackMaxPerOrder)))
      .orderBy(asc(merchants.topRank))
      .limit(1)
    if (referrer === undefined || existing !== undefined || merchant === undefined) return false

    const daysAgo = (days: number) => new Date(now.getTime() - days * dayMilliseconds)
    const shop = createDemoShopper(tx, merchant, now)
    await tx
      .insert(referralCodes)
      .values({ buyerId: demoBuyer.id, code: demoReferralCode, createdAt: daysAgo(200) })
      .onConflictDoNothing()
    const [code] = await tx
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.buyerId, demoBuyer.id))
    const referralCode = code?.code ?? demoReferralCode

    for (const buyer of Object.values(demoPromotionBuyers))
      await insertDemoBuyer(tx, buyer, daysAgo(buyer.signedUpDaysAgo))

    // Premium member: referred by the demo buyer at sign-up, shopped past both thresholds (the
    // demo buyer's referral bonus and their own new-user bonus), then joined premium.
    const premium = demoPromotionBuyers.premiumMember
    await redeemReferralCode(tx, {
      friendBuyerId: premium.id,
      referrerBuyerId: demoBuyer.id,
      code: referralCode,
      now: daysAgo(89.9),
    })
    await shop.buy(premium.id, { cashback: 30_000, orderDaysAgo: 85, approveDaysAgo: 60, acceptDaysAgo: 59 })
    await shop.buy(premium.id, { cashback: 12_000, orderDaysAgo: 70, approveDaysAgo: 40, acceptDaysAgo: 39 })
    await joinPremium(tx, { buyerId: premium.id, now: daysAgo(30), rates: await readFixedRates(tx) })
    await shop.buy(premium.id, { cashback: 8_000, orderDaysAgo: 10, approveDaysAgo: null, acceptDaysAgo: null })

    // New member: redeemed the code an hour after signing up; one approved purchase so far.
    const newMember = demoPromotionBuyers.newMember
    await redeemReferralCode(tx, {
      friendBuyerId: newMember.id,
      referrerBuyerId: demoBuyer.id,
      code: referralCode,
      now: daysAgo(1.95),
    })
    await shop.buy(newMember.id, { cashback: 1_500, orderDaysAgo: 1.9, approveDaysAgo: 1, acceptDaysAgo: null })
    await shop.buy(newMember.id, { cashback: 2_000, orderDaysAgo: 0.5, approveDaysAgo: null, acceptDaysAgo: null })

    // Stair shopper: ฿1,250 accepted, past the first week, no campaign.
    await shop.buy(demoPromotionBuyers.stairShopper.id, {
      cashback: 125_000,
      orderDaysAgo: 60,
      approveDaysAgo: 20,
      acceptDaysAgo: 19,
    })
    return true
  })
}

async function insertDemoBuyer(tx: Database, buyer: DemoPromotionBuyer, createdAt: Date): Promise<void> {
  await tx.insert(buyers).values({
    id: buyer.id,
    email: buyer.email,
    phone: buyer.phone,
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    termsAcceptedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  })
}

function createDemoShopper(tx: Database, merchant: Merchant, now: Date) {
  let orderCounter = 0
  return {
    /**
     * A purchase whose base cashback is `cashback` satang at the merchant's rate (bonuses come on
     * top when the buyer has them), pending a day after the order, then approved and accepted
     * when those are given (`null`: not yet).
     */
    async buy(
      buyerId: string,
      purchase: { cashback: Satang; orderDaysAgo: number; approveDaysAgo: number | null; acceptDaysAgo: number | null },
    ): Promise<void> {
      orderCounter += 1
      const at = (days: number) => new Date(now.getTime() - days * dayMilliseconds)
      const orderDate = at(purchase.orderDaysAgo)
      const record = await recordPurchase(tx, {
        buyerId,
        clickId: null,
        merchantId: merchant.id,
        productId: null,
        orderId: `DEMO-PROMO-${String(orderCounter).padStart(4, '0')}`,
        orderDate,
        purchaseAmount: Math.ceil((purchase.cashback * 10_000) / merchant.rateBasisPoints),
        actor: 'demo seed',
        now: orderDate,
      })
      const change = async (event: Parameters<typeof changeTransaction>[1]['event'], now: Date) => {
        const result = await changeTransaction(tx, { transactionId: record.id, event, actor: 'demo seed', now })
        if (!result.ok) throw new Error(`demo promotions seed: ${event.kind} refused (${result.code})`)
      }
      await change({ kind: 'network_update', status: 'PENDING' }, at(purchase.orderDaysAgo - 1 / 24))
      if (purchase.approveDaysAgo === null) return
      await change({ kind: 'network_update', status: 'APPROVED' }, at(purchase.approveDaysAgo))
      if (purchase.acceptDaysAgo === null) return
      await change({ kind: 'accept' }, at(purchase.acceptDaysAgo))
    },
  }
}
