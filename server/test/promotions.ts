import { randomBytes } from 'node:crypto'
import type { Satang } from '#domain/money'
import { writeSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'
import { promotionAwards, promotionMemberships, walletLedgerEntries } from '#server/db/schema'

/** A new-user bonus award and the `bonus` entry that pays it, as the approval would write them. */
export async function giveTestBonus(
  database: Database,
  input: { buyerId: string; transactionId: string; amount: Satang; now: Date },
): Promise<number> {
  return database.transaction(async (transaction) => {
    const [award] = await transaction
      .insert(promotionAwards)
      .values({
        buyerId: input.buyerId,
        kind: 'new_user_bonus',
        amount: input.amount,
        transactionId: input.transactionId,
        createdAt: input.now,
      })
      .returning({ id: promotionAwards.id })
    if (award === undefined) throw new Error('giveTestBonus: no award row')
    await transaction.insert(walletLedgerEntries).values({
      buyerId: input.buyerId,
      kind: 'bonus',
      amount: input.amount,
      awardId: award.id,
      createdAt: input.now,
    })
    return award.id
  })
}

/** A bare award row (no ledger entry), for tests of the ledger's own constraints. */
export async function insertTestAward(database: Database, input: { buyerId: string; transactionId: string }) {
  const [award] = await database
    .insert(promotionAwards)
    .values({ ...input, kind: 'new_user_bonus', amount: 10_000, createdAt: new Date() })
    .returning({ id: promotionAwards.id })
  if (award === undefined) throw new Error('insertTestAward: no award row')
  return award.id
}

/** A bare premium membership row (no payment), for tests of the ledger's own constraints. */
export async function insertTestMembership(database: Database, buyerId: string, joinedAt = new Date()) {
  const id = randomBytes(12).toString('hex')
  await database.insert(promotionMemberships).values({
    id,
    buyerId,
    kind: 'premium',
    level: null,
    joinedAt,
    expiresAt: new Date(joinedAt.getTime() + 730 * 24 * 60 * 60 * 1000),
    price: 0,
  })
  return id
}

/**
 * Tests of other features (withdrawals, proofs, the state machine) buy with fresh accounts, which
 * would otherwise earn x2 and the new-user and referral bonuses on every purchase and change the
 * amounts they check. Operators switch a promotion off the same way: its amount or cap at 0.
 */
export async function switchOffPurchasePromotions(database: Database): Promise<void> {
  await writeSetting(database, 'fixed_rate_thb', { firstWeekMaxPerOrder: 0, firstBonus: 0, getFriend: 0 })
}
