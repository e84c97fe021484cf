import type { FixedRates } from '#domain/contracts/fixed-rate'

/**
 * A cap of 0 per order is the operators' way to switch the x2 first week off
 * (domain/promotions/first-week-cashback.ts): the screens then do not offer it at all rather
 * than promise "up to ฿0 extra".
 */
export function isFirstWeekOffered(rates: Pick<FixedRates, 'firstWeekMaxPerOrder'>): boolean {
  return rates.firstWeekMaxPerOrder > 0
}
