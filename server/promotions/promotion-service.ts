import { createRecordId } from '#server/db/record-id'
import { eq } from 'drizzle-orm'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import type { ErrorDetails } from '#domain/errors'
import { formatThb } from '#domain/money'
import {
  computePremiumEnd,
  findPremiumJoinRefusal,
  isPremiumActive,
  type PremiumJoinRefusalCode,
} from '#domain/promotions/premium-membership'
import {
  computeSpecialCashbackEnd,
  findSpecialCashbackJoinRefusal,
  isSpecialCashbackActive,
  readStairLevel,
  type SpecialCashbackJoinRefusalCode,
} from '#domain/promotions/special-cashback'
import { signedLedgerAmount } from '#domain/wallet/ledger'
import type { Database } from '#server/db/database'
import { buyers, promotionMemberships, walletLedgerEntries } from '#server/db/schema'
import { isUniqueViolation } from '#server/db/unique-violation'
import { ApiError } from '#server/http/api-error'
import { readAwaitingCashback } from '#server/promotions/promotion-queries'
import { lockBuyer, readBuyerMemberships, type MembershipRecord } from '#server/promotions/promotion-records'
import { readWalletBalance } from '#server/wallet/wallet-queries'

/**
 * Premium and Special Cashback joins (docs/decisions/013): the only code that inserts
 * `promotion_memberships`. Each runs in the caller's database transaction with the buyer row
 * locked first (`lockBuyer`), so two joins of one buyer (or a join and a withdrawal) run one after
 * the other and the second sees the first's membership and ledger entries. The unique index on
 * (buyer, kind) backs that up: a join that still loses a race is refused like a second join,
 * never a 500.
 */

/**
 * Locks the buyer row (`lockBuyer`) and reads what a promotion write needs of it. The session was
 * checked before the lock; a suspension that landed in between still counts (like withdrawals).
 */
export async function lockActiveBuyer(transaction: Database, buyerId: string): Promise<{ signedUpAt: Date }> {
  await lockBuyer(transaction, buyerId)
  const [buyer] = await transaction
    .select({ status: buyers.status, signedUpAt: buyers.createdAt })
    .from(buyers)
    .where(eq(buyers.id, buyerId))
  if (buyer === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')
  if (buyer.status === 'suspended') {
    throw new ApiError(403, 'buyer_suspended', 'This account is suspended; contact support in the chat')
  }
  return { signedUpAt: buyer.signedUpAt }
}

/** The unique index of one membership of each kind per buyer (server/db/schema.ts). */
const membershipIndex = 'promotion_memberships_buyer_kind'

async function insertMembership(
  transaction: Database,
  values: typeof promotionMemberships.$inferInsert,
  refusal: () => ApiError,
): Promise<MembershipRecord> {
  try {
    const [record] = await transaction.insert(promotionMemberships).values(values).returning()
    if (record === undefined) throw new Error('insertMembership: the insert returned no row')
    return record
  } catch (error) {
    if (isUniqueViolation(error, membershipIndex)) throw refusal()
    throw error
  }
}

/** Developer-facing (the client shows the spec's text for each code), quoting the spec where it has one. */
const premiumRefusalMessages = {
  premium_already_joined: 'You already join premium membership.',
  not_combinable_with_special_cashback: 'Join Failed: premium cannot be combined with an active Special Cashback',
  balance_below_premium_price: 'Join Failed: the wallet balance cannot pay the premium price',
} as const satisfies Record<PremiumJoinRefusalCode, string>

function premiumRefusal(code: PremiumJoinRefusalCode, rates: Pick<FixedRates, 'premiumPrice'>): ApiError {
  const details: ErrorDetails | undefined =
    code === 'balance_below_premium_price' ? { minimum: rates.premiumPrice } : undefined
  return new ApiError(409, code, premiumRefusalMessages[code], details)
}

/**
 * Joins premium and pays `premiumPrice` from the wallet: the membership and its
 * `premium_membership` ledger entry (none when the price is 0) commit together. A refusal is a
 * 409 `ApiError` with the rule's code.
 */
export async function joinPremium(
  transaction: Database,
  input: { buyerId: string; now: Date; rates: FixedRates },
): Promise<MembershipRecord> {
  const { buyerId, now, rates } = input
  await lockActiveBuyer(transaction, buyerId)
  const memberships = await readBuyerMemberships(transaction, buyerId)
  const balance = await readWalletBalance(transaction, buyerId)
  const refusal = findPremiumJoinRefusal(
    {
      balance,
      hasJoinedPremium: memberships.premium !== null,
      isSpecialCashbackActive: isSpecialCashbackActive(memberships.specialCashback, now),
    },
    rates,
  )
  if (refusal !== undefined) throw premiumRefusal(refusal, rates)

  const record = await insertMembership(
    transaction,
    {
      id: createRecordId(),
      buyerId,
      kind: 'premium',
      level: null,
      joinedAt: now,
      expiresAt: computePremiumEnd(now),
      price: rates.premiumPrice,
    },
    () => premiumRefusal('premium_already_joined', rates),
  )
  // Special Cashback is not active (refused above), so this debit cannot end one.
  if (record.price > 0) {
    await transaction.insert(walletLedgerEntries).values({
      buyerId,
      kind: 'premium_membership',
      amount: signedLedgerAmount('premium_membership', record.price),
      membershipId: record.id,
      createdAt: now,
    })
  }
  return record
}

function specialCashbackRefusal(
  code: SpecialCashbackJoinRefusalCode,
  level: SpecialCashbackLevel,
  rates: FixedRates,
): ApiError {
  const { minimumBalance } = readStairLevel(rates, level)
  const amount = formatThb(minimumBalance, 'en')
  switch (code) {
    case 'special_cashback_already_joined':
      return new ApiError(409, code, 'Join Failed: Special Cashback can be joined once, at one level')
    case 'not_combinable_with_premium':
      return new ApiError(409, code, 'Join Failed: Special Cashback cannot be combined with an active premium')
    case 'balance_below_tier':
      return new ApiError(409, code, `You must have accumulated cashback more than ${amount}`, {
        minimum: minimumBalance,
      })
    case 'special_cashback_awaiting_approval':
      // The balance is not above the amount, but cashback on its way would lift it there.
      return new ApiError(409, code, 'Please wait for the approval before processing.', { minimum: minimumBalance })
  }
}

/** Joins Special Cashback at `level` (free: no ledger entry). A refusal is a 409 `ApiError` with the rule's code. */
export async function joinSpecialCashback(
  transaction: Database,
  input: { buyerId: string; level: SpecialCashbackLevel; now: Date; rates: FixedRates },
): Promise<MembershipRecord> {
  const { buyerId, level, now, rates } = input
  await lockActiveBuyer(transaction, buyerId)
  const memberships = await readBuyerMemberships(transaction, buyerId)
  const refusal = findSpecialCashbackJoinRefusal(
    {
      level,
      balance: await readWalletBalance(transaction, buyerId),
      awaitingCashback: await readAwaitingCashback(transaction, buyerId),
      hasJoinedSpecialCashback: memberships.specialCashback !== null,
      isPremiumActive: isPremiumActive(memberships.premium, now),
    },
    rates,
  )
  if (refusal !== undefined) throw specialCashbackRefusal(refusal, level, rates)

  return insertMembership(
    transaction,
    {
      id: createRecordId(),
      buyerId,
      kind: 'special_cashback',
      level,
      joinedAt: now,
      expiresAt: computeSpecialCashbackEnd(now),
      price: 0,
    },
    () => specialCashbackRefusal('special_cashback_already_joined', level, rates),
  )
}
