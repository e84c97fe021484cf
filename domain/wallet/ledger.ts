import type { Satang } from '../money.ts'

/**
 * The kinds of wallet ledger entry (issue 5; the withdrawal, points and promotion issues write
 * the later ones). Each kind has one sign, so a summary can be read off the kinds:
 * - `cashback_credit` (+): the shopper accepted approved cashback;
 * - `cashback_reversal` (−): credited cashback rejected later (the wallet may go negative);
 * - `cashback_reinstatement` (+): a reversed credit given back when the shopper's appeal is
 *   approved (at most once per transaction: an approved appeal is final);
 * - `bonus` (+): promotions and referrals;
 * - `withdrawal` (−), `withdrawal_fee` (−): money reserved when a withdrawal is requested;
 * - `withdrawal_return` (+): a failed withdrawal's money and fee given back;
 * - `points_exchange` (−): cashback exchanged for points;
 * - `premium_membership` (−): premium membership paid from the wallet (docs/decisions/013).
 */
export const ledgerEntryKinds = [
  'cashback_credit',
  'cashback_reversal',
  'cashback_reinstatement',
  'bonus',
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_return',
  'points_exchange',
  'premium_membership',
] as const
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number]

export const ledgerEntrySigns: Readonly<Record<LedgerEntryKind, 1 | -1>> = {
  cashback_credit: 1,
  cashback_reversal: -1,
  cashback_reinstatement: 1,
  bonus: 1,
  withdrawal: -1,
  withdrawal_fee: -1,
  withdrawal_return: 1,
  points_exchange: -1,
  premium_membership: -1,
}

/** The kinds that add up to the shopper's cashback (credited, minus reversed, plus given back on appeal). */
export const cashbackLedgerEntryKinds = [
  'cashback_credit',
  'cashback_reversal',
  'cashback_reinstatement',
] as const satisfies readonly LedgerEntryKind[]

/** The signed amount to store for an entry of `kind` moving `amount` satang (a positive number). */
export function signedLedgerAmount(kind: LedgerEntryKind, amount: Satang): Satang {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A ledger entry moves a positive integer of satang, got ${amount}`)
  }
  return ledgerEntrySigns[kind] * amount
}
