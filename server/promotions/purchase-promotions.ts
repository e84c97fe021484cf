import { and, eq } from 'drizzle-orm'
import type { CashbackAmountResult } from '#domain/cashback/cashback-amount'
import type { Cashback } from '#domain/contracts/catalogue'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { PromotionAwardKind } from '#domain/contracts/promotion'
import type { Satang } from '#domain/money'
import { decideNewUserBonus } from '#domain/promotions/new-user-bonus'
import { computePurchaseCashback, settleCashbackAtApproval } from '#domain/promotions/purchase-cashback'
import { decideReferralBonus } from '#domain/promotions/referral'
import { signedLedgerAmount } from '#domain/wallet/ledger'
import type { Database } from '#server/db/database'
import {
  buyers,
  type cashbackTransactions,
  clicks,
  promotionAwards,
  referralRedemptions,
  walletLedgerEntries,
} from '#server/db/schema'
import {
  hasOtherAccountReceivedNewUserBonus,
  readApprovedSpending,
  readNewUserBonusAward,
  readNewUserBonusSpending,
} from '#server/promotions/promotion-awards'
import { lockBuyer, readBuyerMemberships } from '#server/promotions/promotion-records'
import { isSamePerson } from '#server/promotions/same-person'

/**
 * Where promotions meet a purchase's money (docs/decisions/013), called by
 * server/cashback/transaction-changes.ts inside the database transaction that records or
 * approves the purchase, so a bonus and the event that earns it commit together or not at all.
 */

type TransactionRecord = typeof cashbackTransactions.$inferSelect

/**
 * A purchase's cashback with its bonuses, decided once when it is first recorded: from the click
 * (its time; an operator's purchase without a click counts by its order date), the buyer's
 * sign-up, the memberships active at the click and the rates read in this transaction.
 */
export async function computeRecordedCashback(
  transaction: Database,
  input: {
    buyerId: string
    clickId: string | null
    orderDate: Date
    purchaseAmount: Satang
    cashback: Pick<Cashback, 'rateBasisPoints' | 'maxPerOrder'>
    rates: FixedRates
  },
): Promise<CashbackAmountResult> {
  const [buyer] = await transaction
    .select({ signedUpAt: buyers.createdAt })
    .from(buyers)
    .where(eq(buyers.id, input.buyerId))
  if (buyer === undefined) throw new Error(`computeRecordedCashback: no buyer ${input.buyerId}`)
  const [click] =
    input.clickId === null
      ? []
      : await transaction.select({ createdAt: clicks.createdAt }).from(clicks).where(eq(clicks.id, input.clickId))
  const memberships = await readBuyerMemberships(transaction, input.buyerId)
  return computePurchaseCashback(
    input.purchaseAmount,
    input.cashback,
    { clickedAt: click?.createdAt ?? input.orderDate, signedUpAt: buyer.signedUpAt, ...memberships },
    input.rates,
    input.rates,
  )
}

/**
 * At a purchase's first approval: Special Cashback pays only on cashback approved while the
 * campaign is active, so a `special_bonus` recorded at the click is forfeited when it ended
 * first. Returns the columns to change, or `undefined` when everything stands. Runs before the
 * cashback is credited (a purchase is credited only once approved and accepted), so the credit
 * and any later reversal move the settled amount.
 */
export async function settleSpecialCashbackAtApproval(
  transaction: Database,
  record: TransactionRecord,
  approvedAt: Date,
): Promise<
  Pick<TransactionRecord, 'cashbackAmount' | 'cashbackComponents' | 'forfeitedCashbackComponents'> | undefined
> {
  if (record.approvedAt !== null || !record.cashbackComponents.some((part) => part.kind === 'special_bonus')) {
    return undefined
  }
  const { specialCashback } = await readBuyerMemberships(transaction, record.buyerId)
  const settled = settleCashbackAtApproval(
    { total: record.cashbackAmount, components: record.cashbackComponents },
    specialCashback,
    approvedAt,
  )
  if (settled.forfeited === null) return undefined
  return {
    cashbackAmount: settled.credited.total,
    cashbackComponents: settled.credited.components,
    forfeitedCashbackComponents: [settled.forfeited],
  }
}

/**
 * After a purchase is approved (by the network, the 1-day release or an approved appeal): the
 * buyer's new-user bonus and their referrer's bonus, each when this approval brings the approved
 * spending to its threshold. The buyer row is locked first, so two approvals of one buyer's
 * purchases count each other; the unique indexes on `promotion_awards` and the ledger's
 * `award_id` make "paid once" a database guarantee whatever the code path.
 */
export async function awardApprovalBonuses(
  transaction: Database,
  record: TransactionRecord,
  rates: FixedRates,
  now: Date,
): Promise<void> {
  await lockBuyer(transaction, record.buyerId)
  await awardNewUserBonus(transaction, record, rates, now)
  await awardReferralBonus(transaction, record, rates, now)
}

async function awardNewUserBonus(transaction: Database, record: TransactionRecord, rates: FixedRates, now: Date) {
  if ((await readNewUserBonusAward(transaction, record.buyerId)) !== undefined) return
  const [buyer] = await transaction
    .select({ signedUpAt: buyers.createdAt })
    .from(buyers)
    .where(eq(buyers.id, record.buyerId))
  if (buyer === undefined) return
  const decision = decideNewUserBonus(
    {
      signedUpAt: buyer.signedUpAt,
      qualifyingApprovedSpending: await readNewUserBonusSpending(transaction, record.buyerId, buyer.signedUpAt),
      hasPersonReceivedNewUserBonus: await hasOtherAccountReceivedNewUserBonus(transaction, record.buyerId),
    },
    rates,
    rates,
  )
  if (!decision.isEarned) return
  await payAward(transaction, {
    buyerId: record.buyerId,
    kind: 'new_user_bonus',
    amount: decision.amount,
    transactionId: record.id,
    friendBuyerId: null,
    now,
  })
}

async function awardReferralBonus(transaction: Database, record: TransactionRecord, rates: FixedRates, now: Date) {
  const [redemption] = await transaction
    .select({ referrerBuyerId: referralRedemptions.referrerBuyerId })
    .from(referralRedemptions)
    .where(eq(referralRedemptions.friendBuyerId, record.buyerId))
  if (redemption === undefined) return
  const [paid] = await transaction
    .select({ id: promotionAwards.id })
    .from(promotionAwards)
    .where(and(eq(promotionAwards.kind, 'referral_bonus'), eq(promotionAwards.friendBuyerId, record.buyerId)))
  const decision = decideReferralBonus(
    {
      isBonusPaid: paid !== undefined,
      friendApprovedSpending: await readApprovedSpending(transaction, record.buyerId),
    },
    rates,
    rates,
  )
  if (!decision.isEarned) return
  // Checked again when paying, not only when the code was redeemed: a "friend" who later withdraws
  // to the referrer's own account was the referrer all along.
  if (await isSamePerson(transaction, record.buyerId, redemption.referrerBuyerId)) return
  await payAward(transaction, {
    buyerId: redemption.referrerBuyerId,
    kind: 'referral_bonus',
    amount: decision.amount,
    transactionId: record.id,
    friendBuyerId: record.buyerId,
    now,
  })
}

/** One award and the `bonus` entry that pays it; nothing when the award exists already. */
async function payAward(
  transaction: Database,
  award: {
    buyerId: string
    kind: PromotionAwardKind
    amount: Satang
    transactionId: string
    friendBuyerId: string | null
    now: Date
  },
): Promise<void> {
  const [inserted] = await transaction
    .insert(promotionAwards)
    .values({
      buyerId: award.buyerId,
      kind: award.kind,
      amount: award.amount,
      transactionId: award.transactionId,
      friendBuyerId: award.friendBuyerId,
      createdAt: award.now,
    })
    .onConflictDoNothing()
    .returning({ id: promotionAwards.id })
  if (inserted === undefined) return
  await transaction.insert(walletLedgerEntries).values({
    buyerId: award.buyerId,
    kind: 'bonus',
    amount: signedLedgerAmount('bonus', award.amount),
    awardId: inserted.id,
    createdAt: award.now,
  })
}
