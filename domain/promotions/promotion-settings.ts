import { defaultFixedRates, type FixedRates } from '../contracts/fixed-rate.ts'

/**
 * The promotion settings the spec leaves without a value (docs/decisions/013). They are fixed-rate
 * settings (`GET /utils/fixed-rate/thb`, domain/contracts/fixed-rate.ts) with documented
 * defaults that operators may override. What the spec fixes (the +20 %, +20/30/40 %, 6 months,
 * 2 years, 7 days, 24 hours) are the constants below, not settings.
 */
export type PromotionSettings = Pick<
  FixedRates,
  'firstWeekMaxPerOrder' | 'premiumPrice' | 'newUserBonusSpendingThreshold' | 'referralSpendingThreshold'
>

export const defaultPromotionSettings: PromotionSettings = defaultFixedRates

/** Spec section 9: x2 cashback for 1 week, counted as 7 × 24 hours from sign-up. */
export const firstWeekHours = 7 * 24
/** Ours: purchases clicked in the first 30 days count toward the new-user bonus. */
export const newUserBonusQualifyingDays = 30
/** Spec sections 5 and 9: a referral code is redeemed within 24 hours of registration. */
export const referralRedeemHours = 24
/** Spec section 9: Special Cashback is valid 6 months (Bangkok calendar months). */
export const specialCashbackMonths = 6
/** Spec section 9: premium membership lasts 2 years (24 Bangkok calendar months). */
export const premiumMonths = 24

const hourMilliseconds = 60 * 60 * 1000
const bangkokOffsetMilliseconds = 7 * hourMilliseconds

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * hourMilliseconds)
}

/**
 * The same Bangkok wall-clock time `months` calendar months later; a day the target month lacks
 * becomes its last day (31 August + 6 months is 28 or 29 February), so a period never spills into
 * the month after. Bangkok has no daylight saving, so the wall clock is UTC+7 all year.
 */
export function addBangkokMonths(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`months must be an integer, got ${months}`)
  const wall = new Date(date.getTime() + bangkokOffsetMilliseconds)
  const year = wall.getUTCFullYear()
  const month = wall.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const shifted = Date.UTC(
    year,
    month,
    Math.min(wall.getUTCDate(), lastDay),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  )
  return new Date(shifted - bangkokOffsetMilliseconds)
}

/** Whole days left until `endsAt`, a started day counting as one ("2 days left" until the last hour); 0 once over. */
export function countDaysLeft(now: Date, endsAt: Date): number {
  const left = endsAt.getTime() - now.getTime()
  return left <= 0 ? 0 : Math.ceil(left / (24 * hourMilliseconds))
}

/** `[from, until)`: `until` itself is already outside, so two back-to-back periods never overlap. */
export function isWithin(at: Date, from: Date, until: Date): boolean {
  return at.getTime() >= from.getTime() && at.getTime() < until.getTime()
}
