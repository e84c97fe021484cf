import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { PromotionsSnapshotResponse } from '#domain/contracts/promotion'
import type { Satang } from '#domain/money'
import type { Database } from '#server/db/database'
import { buyers, cashbackTransactions, referralRedemptions } from '#server/db/schema'
import {
  hasOtherAccountReceivedNewUserBonus,
  readNewUserBonusAward,
  readNewUserBonusSpending,
} from '#server/promotions/promotion-awards'
import { readBuyerMemberships } from '#server/promotions/promotion-records'
import { readWalletBalance } from '#server/wallet/wallet-queries'

/**
 * Cashback on its way to the wallet, satang: tracked and pending purchases, and approved ones the
 * shopper has not accepted yet (the wallet summary's `upcoming` plus `awaitingAcceptance`).
 * Special Cashback asks it to tell 'Please wait for the approval' from a balance too low.
 */
export async function readAwaitingCashback(database: Database, buyerId: string): Promise<Satang> {
  const [row] = await database
    .select({ total: sql<number>`coalesce(sum(${cashbackTransactions.cashbackAmount}), 0)`.mapWith(Number) })
    .from(cashbackTransactions)
    .where(
      and(
        eq(cashbackTransactions.buyerId, buyerId),
        or(
          inArray(cashbackTransactions.status, ['TRACKING', 'PENDING']),
          and(eq(cashbackTransactions.status, 'APPROVED'), eq(cashbackTransactions.accepted, false)),
        ),
      ),
    )
  return row?.total ?? 0
}

export async function hasRedeemedReferral(database: Database, buyerId: string): Promise<boolean> {
  const [row] = await database
    .select({ friendBuyerId: referralRedemptions.friendBuyerId })
    .from(referralRedemptions)
    .where(eq(referralRedemptions.friendBuyerId, buyerId))
  return row !== undefined
}

/**
 * The facts of `GET /api/buyers/{buyerId}/promotions`, read in one read-only repeatable-read
 * transaction so every figure comes from the same snapshot (a join or an approval committing
 * halfway through is either in all of them or in none). `undefined` for an unknown buyer.
 */
export async function readPromotionsSnapshot(
  database: Database,
  buyerId: string,
): Promise<PromotionsSnapshotResponse | undefined> {
  return database.transaction(
    async (transaction) => {
      const [buyer] = await transaction
        .select({ signedUpAt: buyers.createdAt })
        .from(buyers)
        .where(eq(buyers.id, buyerId))
      if (buyer === undefined) return undefined
      const { premium, specialCashback } = await readBuyerMemberships(transaction, buyerId)
      const award = await readNewUserBonusAward(transaction, buyerId)
      return {
        signedUpAt: buyer.signedUpAt.toISOString(),
        balance: await readWalletBalance(transaction, buyerId),
        awaitingCashback: await readAwaitingCashback(transaction, buyerId),
        premium: premium === null ? null : { joinedAt: premium.joinedAt.toISOString() },
        specialCashback:
          specialCashback === null
            ? null
            : {
                level: specialCashback.level,
                joinedAt: specialCashback.joinedAt.toISOString(),
                endedAt: specialCashback.endedAt?.toISOString() ?? null,
              },
        newUserBonus: {
          receivedAt: award?.receivedAt.toISOString() ?? null,
          receivedAmount: award?.amount ?? null,
          hasPersonReceivedElsewhere: await hasOtherAccountReceivedNewUserBonus(transaction, buyerId),
          qualifyingApprovedSpending: await readNewUserBonusSpending(transaction, buyerId, buyer.signedUpAt),
        },
        hasRedeemedReferral: await hasRedeemedReferral(transaction, buyerId),
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
