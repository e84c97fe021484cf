import { and, desc, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ReferralFriend, ReferralRedemptionResponse, ReferralSummary } from '#domain/contracts/promotion'
import {
  describeReferral,
  findReferralRedemptionRefusal,
  generateReferralCode,
  type ReferralRedemptionRefusalCode,
} from '#domain/promotions/referral'
import type { Limit } from '#server/auth/rate-limits'
import type { Database } from '#server/db/database'
import { buyers, promotionAwards, referralCodes, referralRedemptions } from '#server/db/schema'
import { isUniqueViolation } from '#server/db/unique-violation'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { createRateLimitCounters } from '#server/http/rate-limit-store'
import { hasRedeemedReferral } from '#server/promotions/promotion-queries'
import { lockActiveBuyer } from '#server/promotions/promotion-service'
import { isSamePerson } from '#server/promotions/same-person'

/**
 * Referral codes and redemptions (docs/decisions/013): the only code that writes `referral_codes`
 * and `referral_redemptions`. The referral bonus itself is paid by the approval of the friend's
 * purchase (server/promotions/purchase-promotions.ts).
 */

/** Tries at a fresh code before giving up: with 32^8 codes even one collision is a rarity. */
const codeAttempts = 5

async function readOwnCode(database: Database, buyerId: string): Promise<string | undefined> {
  const [row] = await database
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.buyerId, buyerId))
  return row?.code
}

/**
 * The buyer's own code, made the first time it is asked for. Each insert stands alone (no
 * surrounding transaction): parallel first asks all insert with `ON CONFLICT DO NOTHING`, the
 * losers wait for the winner's row and read it, so they answer the same code. A code another
 * buyer already has conflicts the same way and leaves no row for this buyer: a new code is tried.
 */
export async function ensureReferralCode(database: Database, buyerId: string, now: Date): Promise<string> {
  const existing = await readOwnCode(database, buyerId)
  if (existing !== undefined) return existing
  for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
    const code = generateReferralCode((count) => crypto.getRandomValues(new Uint8Array(count)))
    await database.insert(referralCodes).values({ buyerId, code, createdAt: now }).onConflictDoNothing()
    const stored = await readOwnCode(database, buyerId)
    if (stored !== undefined) return stored
  }
  throw new Error(`ensureReferralCode: no free code after ${codeAttempts} attempts`)
}

/** The owner of a normalized code; `undefined` when no buyer has it. */
export async function findReferralCodeOwner(database: Database, code: string): Promise<string | undefined> {
  const [row] = await database
    .select({ buyerId: referralCodes.buyerId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code))
  return row?.buyerId
}

/**
 * How a referrer sees a friend: the first name and the initial of the last name when the
 * profile has a first name, otherwise the sign-in identifier masked (`so****@gmail.com`,
 * `08x-xxx-5678`). Never the whole email or phone number.
 */
export function referralDisplayName(friend: {
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
}): string {
  const firstName = friend.firstName?.trim() ?? ''
  const lastInitial = Array.from(friend.lastName?.trim() ?? '')[0]
  if (firstName !== '') return lastInitial === undefined ? firstName : `${firstName} ${lastInitial}.`
  if (friend.email !== null) {
    const at = friend.email.lastIndexOf('@')
    const local = friend.email.slice(0, Math.max(at, 0))
    const shown = Array.from(local).slice(0, local.length > 2 ? 2 : 1)
    return `${shown.join('')}****${friend.email.slice(at)}`
  }
  if (friend.phone !== null) return `${friend.phone.slice(0, 2)}x-xxx-${friend.phone.slice(-4)}`
  return '****'
}

/**
 * `GET /api/buyers/{buyerId}/referral`: the own code (made now if need be), the code redeemed,
 * and the friends who redeemed the buyer's code, newest first, each with their state.
 */
export async function readReferralSummary(database: Database, buyerId: string, now: Date): Promise<ReferralSummary> {
  const code = await ensureReferralCode(database, buyerId, now)
  const [redeemed] = await database
    .select({ code: referralRedemptions.code })
    .from(referralRedemptions)
    .where(eq(referralRedemptions.friendBuyerId, buyerId))
  const rows = await database
    .select({
      redeemedAt: referralRedemptions.redeemedAt,
      firstName: buyers.firstName,
      lastName: buyers.lastName,
      email: buyers.email,
      phone: buyers.phone,
      bonus: promotionAwards.amount,
      bonusPaidAt: promotionAwards.createdAt,
      hasFriendPurchase: sql<boolean>`exists (select 1 from cashback_transactions where cashback_transactions.buyer_id = ${referralRedemptions.friendBuyerId})`,
    })
    .from(referralRedemptions)
    .innerJoin(buyers, eq(buyers.id, referralRedemptions.friendBuyerId))
    .leftJoin(
      promotionAwards,
      and(
        eq(promotionAwards.kind, 'referral_bonus'),
        eq(promotionAwards.friendBuyerId, referralRedemptions.friendBuyerId),
        eq(promotionAwards.buyerId, referralRedemptions.referrerBuyerId),
      ),
    )
    .where(eq(referralRedemptions.referrerBuyerId, buyerId))
    .orderBy(desc(referralRedemptions.redeemedAt), desc(referralRedemptions.friendBuyerId))
  const friends = rows.map((row): ReferralFriend => {
    const isBonusPaid = row.bonus !== null
    return {
      displayName: referralDisplayName(row),
      redeemedAt: row.redeemedAt.toISOString(),
      ...describeReferral({ isBonusPaid, hasFriendPurchase: row.hasFriendPurchase }),
      bonus: row.bonus,
      bonusPaidAt: row.bonusPaidAt?.toISOString() ?? null,
    }
  })
  return { code, redeemedCode: redeemed?.code ?? null, friends }
}

const redemptionRefusalMessages = {
  referral_window_closed: 'A referral code can only be redeemed within 24 hours of signing up',
  referral_already_redeemed: 'You already redeemed a referral code',
  own_referral_code: 'You cannot redeem your own referral code',
} as const satisfies Record<ReferralRedemptionRefusalCode, string>

function redemptionRefusal(code: ReferralRedemptionRefusalCode): ApiError {
  return new ApiError(409, code, redemptionRefusalMessages[code])
}

/**
 * Records that `friendBuyerId` redeemed `code` (normalized, owned by `referrerBuyerId`), in the
 * caller's transaction with the friend's row locked, so parallel redemptions of one friend run
 * one after the other and all but the first are refused. The primary key (one redemption per
 * friend) backs that up: a redemption that still loses a race is `referral_already_redeemed`.
 */
export async function redeemReferralCode(
  transaction: Database,
  input: { friendBuyerId: string; referrerBuyerId: string; code: string; now: Date },
): Promise<ReferralRedemptionResponse> {
  const { friendBuyerId, referrerBuyerId, code, now } = input
  const { signedUpAt } = await lockActiveBuyer(transaction, friendBuyerId)
  const refusal = findReferralRedemptionRefusal(
    {
      friendBuyerId,
      friendSignedUpAt: signedUpAt,
      hasRedeemedReferral: await hasRedeemedReferral(transaction, friendBuyerId),
      referrerBuyerId,
      isSamePerson: await isSamePerson(transaction, friendBuyerId, referrerBuyerId),
    },
    now,
  )
  if (refusal !== undefined) throw redemptionRefusal(refusal)
  try {
    const [row] = await transaction
      .insert(referralRedemptions)
      .values({ friendBuyerId, referrerBuyerId, code, redeemedAt: now })
      .returning()
    if (row === undefined) throw new Error('redeemReferralCode: the insert returned no row')
    return { code: row.code, redeemedAt: row.redeemedAt.toISOString() }
  } catch (error) {
    if (isUniqueViolation(error, 'referral_redemptions_pkey')) throw redemptionRefusal('referral_already_redeemed')
    throw error
  }
}

/** Codes that do not exist, per buyer: enough for typos, far too few to find codes by guessing. */
export const defaultReferralCodeMissLimit: Limit = { limit: 10, windowSeconds: 60 * 60 }

/**
 * Counts a buyer's redemptions of codes that do not exist, in the rate-limit counters every
 * process shares. Once over the limit, every redemption is refused with 429 until the window
 * ends, found codes too: otherwise a 404 against a 409 would still tell a guesser which codes
 * exist. Found codes are never counted.
 */
export function createReferralCodeMissLimiter(database: Database, now: () => Date, limit: Limit) {
  const counters = createRateLimitCounters(database, now)
  const keyOf = (buyerId: string) => `referral-code-misses:buyer:${buyerId}`

  /** The 429 with its `Retry-After` header (set on `c`, which the error response keeps). */
  function tooMany(c: Context<AppEnvironment>, resetTime: Date): ApiError {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetTime.getTime() - now().getTime()) / 1000))
    c.header('Retry-After', String(retryAfterSeconds))
    return new ApiError(
      429,
      'too_many_requests',
      `Too many referral codes that do not exist were tried; try again in ${retryAfterSeconds} seconds`,
      { retryAfterSeconds },
    )
  }

  return {
    /** Throws the 429 when the buyer has used up the window's misses. */
    async refuseWhenOver(c: Context<AppEnvironment>, buyerId: string): Promise<void> {
      const counted = await counters.read(keyOf(buyerId))
      if (counted !== undefined && counted.totalHits >= limit.limit) throw tooMany(c, counted.resetTime)
    },
    /** Counts a miss: the 404, or the 429 when parallel misses took the last ones first. */
    async refuseMiss(c: Context<AppEnvironment>, buyerId: string): Promise<never> {
      const hit = await counters.hit(keyOf(buyerId), limit.windowSeconds * 1000)
      if (hit.totalHits > limit.limit) throw tooMany(c, hit.resetTime)
      throw new ApiError(404, 'referral_code_not_found', 'No buyer has this referral code')
    },
  }
}
