import { and, eq, isNull } from 'drizzle-orm'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { PromotionMembership } from '#domain/contracts/promotion'
import type { PremiumMembership } from '#domain/promotions/premium-membership'
import { displayDayKey } from '#domain/dates'
import {
  findSpecialCashbackEndAfterDebit,
  isBalanceCloseToTierEnd,
  isSpecialCashbackActive,
  readStairLevel,
  type SpecialCashbackMembership,
} from '#domain/promotions/special-cashback'
import type { Database } from '#server/db/database'
import { buyers, promotionMemberships } from '#server/db/schema'
import { recordNotification } from '#server/notifications/notification-records'
import { readWalletBalance } from '#server/wallet/wallet-queries'

/**
 * The buyer's premium and Special Cashback memberships as recorded, in the forms the rules of
 * domain/promotions/ take; each is `null` when the buyer never joined. Activity is for the rules
 * to judge at a moment (a click, an approval, now).
 */
export type BuyerMemberships = {
  premium: PremiumMembership | null
  specialCashback: SpecialCashbackMembership | null
}

export type MembershipRecord = typeof promotionMemberships.$inferSelect

export async function readBuyerMemberships(database: Database, buyerId: string): Promise<BuyerMemberships> {
  const rows = await database.select().from(promotionMemberships).where(eq(promotionMemberships.buyerId, buyerId))
  return toBuyerMemberships(rows)
}

export function toBuyerMemberships(rows: readonly MembershipRecord[]): BuyerMemberships {
  const premium = rows.find((row) => row.kind === 'premium')
  const special = rows.find((row) => row.kind === 'special_cashback')
  return {
    premium: premium === undefined ? null : { joinedAt: premium.joinedAt },
    specialCashback:
      special?.level == null ? null : { level: special.level, joinedAt: special.joinedAt, endedAt: special.endedAt },
  }
}

export function toWireMembership(row: MembershipRecord): PromotionMembership {
  return {
    _id: row.id,
    kind: row.kind,
    level: row.level,
    joinedAt: row.joinedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
    price: row.price,
  }
}

/**
 * Locks the buyer row for a write that reads and then changes the buyer's money or memberships
 * (a join, a debit, an approval's bonuses), so two such writes of one buyer run one after the
 * other. `FOR NO KEY UPDATE`, like the withdrawal and rating code (server/cashback/buyer-rating.ts
 * says why not `FOR UPDATE`).
 */
export async function lockBuyer(transaction: Database, buyerId: string): Promise<void> {
  await transaction.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('no key update')
}

/**
 * Asked after every write that lowers the balance (a withdrawal and its fee, a reversal), in that
 * write's database transaction, with the buyer row locked: the moment the balance falls below the
 * level, Special Cashback ends and the end is recorded with its reason. Returns the membership that
 * ended, `undefined` when none did.
 */
export async function endSpecialCashbackIfBelowTier(
  transaction: Database,
  buyerId: string,
  now: Date,
  rates: Pick<FixedRates, 'stairLv1' | 'stairLv2' | 'stairLv3'>,
): Promise<MembershipRecord | undefined> {
  const { specialCashback } = await readBuyerMemberships(transaction, buyerId)
  const balance = await readWalletBalance(transaction, buyerId)
  if (findSpecialCashbackEndAfterDebit(specialCashback, balance, now, rates) === undefined) {
    if (specialCashback !== null && isSpecialCashbackActive(specialCashback, now)) {
      await warnIfCloseToTierEnd(transaction, { buyerId, membership: specialCashback, balance, now, rates })
    }
    return undefined
  }
  const [ended] = await transaction
    .update(promotionMemberships)
    .set({ endedAt: now, endReason: 'balance_below_tier' })
    .where(
      and(
        eq(promotionMemberships.buyerId, buyerId),
        eq(promotionMemberships.kind, 'special_cashback'),
        isNull(promotionMemberships.endedAt),
      ),
    )
    .returning()
  if (specialCashback !== null) {
    const level = readStairLevel(rates, specialCashback.level)
    await recordNotification(transaction, {
      buyerId,
      kind: 'special_cashback_ended',
      reasonKey: `special-ended:${specialCashback.joinedAt.toISOString()}`,
      values: { amount: level.minimumBalance, bonusPercent: level.bonusBasisPoints / 100 },
      now,
    })
  }
  return ended
}

/** At most once a Bangkok day: every withdrawal near the line would tell it again otherwise. */
async function warnIfCloseToTierEnd(
  transaction: Database,
  input: {
    buyerId: string
    membership: SpecialCashbackMembership
    balance: number
    now: Date
    rates: Pick<FixedRates, 'stairLv1' | 'stairLv2' | 'stairLv3'>
  },
): Promise<void> {
  const { buyerId, membership, balance, now, rates } = input
  if (!isBalanceCloseToTierEnd(balance, membership.level, rates)) return
  const level = readStairLevel(rates, membership.level)
  await recordNotification(transaction, {
    buyerId,
    kind: 'special_cashback_at_risk',
    reasonKey: `special-risk:${membership.joinedAt.toISOString()}:${displayDayKey(now)}`,
    values: { amount: level.minimumBalance, bonusPercent: level.bonusBasisPoints / 100 },
    now,
  })
}
