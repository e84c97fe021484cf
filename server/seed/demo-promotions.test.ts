import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { toPromotionsSnapshot } from '#domain/contracts/promotion'
import { describePromotions } from '#domain/promotions/promotion-states'
import { readPromotionsSnapshot } from '#server/promotions/promotion-queries'
import { readReferralSummary } from '#server/promotions/referral-service'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { demoBuyer, seedDemoBuyersIfMissing } from '#server/seed/demo-buyer'
import { demoPromotionBuyers, demoReferralCode, seedDemoPromotionsIfMissing } from '#server/seed/demo-promotions'
import { createTestDatabase } from '#server/test/database'
import { readWalletBalance, readWalletSummary } from '#server/wallet/wallet-queries'

describe('promotion demo accounts', () => {
  it('show every promotion state through the real rules, seeded once', async () => {
    const seedDatabase = await createTestDatabase()
    try {
      const { database } = seedDatabase.connection
      await seedCatalogueIfEmpty(database, { size: { merchantCount: 30, productCount: 30 } })
      const now = new Date('2026-11-15T03:00:00Z')
      expect(await seedDemoPromotionsIfMissing(database, now)).toBe(false) // no demo buyer yet
      await seedDemoBuyersIfMissing(database, now)
      expect(await seedDemoPromotionsIfMissing(database, now)).toBe(true)
      expect(await seedDemoPromotionsIfMissing(database, now)).toBe(false)

      const describeFor = async (buyerId: string) => {
        const snapshot = await readPromotionsSnapshot(database, buyerId)
        if (snapshot === undefined) throw new Error(`no snapshot for ${buyerId}`)
        return describePromotions(toPromotionsSnapshot(snapshot), now, defaultFixedRates, defaultFixedRates)
      }

      // The demo buyer: a referrer with one friend paid for and one still shopping.
      const referral = await readReferralSummary(database, demoBuyer.id, now)
      expect(referral.code).toBe(demoReferralCode)
      expect(referral.friends.map((friend) => [friend.state, friend.friendState]).sort()).toEqual([
        ['pending_bonus', 'pending'],
        ['received', 'success'],
      ])
      expect((await readWalletSummary(database, demoBuyer.id, now))?.bonus).toBe(
        defaultFixedRates.getFriend + defaultFixedRates.firstBonus,
      )
      expect((await describeFor(demoBuyer.id)).newUserBonus).toMatchObject({ state: 'ended', isReceived: true })

      const newMember = await describeFor(demoPromotionBuyers.newMember.id)
      expect(newMember.firstWeekCashback).toMatchObject({ state: 'joined' })
      expect(newMember.newUserBonus).toMatchObject({ state: 'joined', isReceived: false })
      expect(newMember.newUserBonus.progress.spent).toBeGreaterThan(0)
      expect(newMember.newUserBonus.progress.remaining).toBeGreaterThan(0)
      expect(newMember.referralRedemption).toMatchObject({ state: 'joined' })

      const premium = await describeFor(demoPromotionBuyers.premiumMember.id)
      expect(premium.premium).toMatchObject({ state: 'joined' })
      expect(premium.specialCashback).toMatchObject({ state: 'not_combinable', with: 'premium' })
      expect(premium.newUserBonus).toMatchObject({ isReceived: true })

      const stair = await describeFor(demoPromotionBuyers.stairShopper.id)
      expect(await readWalletBalance(database, demoPromotionBuyers.stairShopper.id)).toBe(125_000)
      expect(stair.specialCashback).toMatchObject({ state: 'eligible', joinableLevels: [1] })
      expect(stair.premium).toMatchObject({ state: 'eligible' })
    } finally {
      await seedDatabase.dispose()
    }
  })
})
