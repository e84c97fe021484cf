import { and, asc, eq, isNull } from 'drizzle-orm'
import type { PayoutAccountListResponse } from '#domain/contracts/payout-account'
import type { Database } from '#server/db/database'
import { payoutAccounts } from '#server/db/schema'
import { toPayoutAccount } from '#server/payout-accounts/payout-account-service'

/** The buyer's current payout accounts (one per target at most), masked. */
export async function listPayoutAccounts(database: Database, buyerId: string): Promise<PayoutAccountListResponse> {
  const rows = await database
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.buyerId, buyerId), isNull(payoutAccounts.replacedAt)))
    .orderBy(asc(payoutAccounts.target))
  return { data: rows.map(toPayoutAccount) }
}
