/**
 * The waiting period of a new payout account (issue 20, docs/decisions/024), as protection against
 * an account takeover: whoever steals a session cannot add their own account and empty the wallet
 * at once, and the real shopper has three days to hear of it (a security notification) and call
 * support. TopCashback holds payouts for 72 hours after payout details change.
 *
 * A buyer's first payout account is usable at once: nothing was there to take over, and a new
 * shopper should not wait three days for their first withdrawal. Every later account (a changed
 * one, or one for another payout method) waits.
 */

export const payoutAccountWaitingHours = 72

/**
 * New or changed payout accounts a buyer may save in any 24 hours (each later one mails and texts
 * the owner a security notice): room to correct a typo a few times, not to spam someone's phone
 * from a stolen session. More is 429 `too_many_payout_account_changes`.
 */
export const payoutAccountChangesPerDay = 5

const hourMilliseconds = 3_600_000

/** When an account saved at `savedAt` may receive withdrawals. */
export function findPayoutAccountUsableFrom(savedAt: Date, isFirstAccount: boolean): Date {
  if (isFirstAccount) return savedAt
  return new Date(savedAt.getTime() + payoutAccountWaitingHours * hourMilliseconds)
}

/** Whether withdrawals may go to an account usable from `usableFrom`, at `now`. */
export function isPayoutAccountUsable(usableFrom: Date, now: Date): boolean {
  return usableFrom.getTime() <= now.getTime()
}
