import { intlLocaleTags, type Locale } from './locale.ts'

/** Rates are integer basis points (250 = 2.5 %), so no float ever decides money. */
export type BasisPoints = number

export const basisPointsPerWhole = 10_000

/** `2.5%` / `2.5 %`-style percent text in the reader's language. */
export function formatBasisPoints(rate: BasisPoints, locale: Locale): string {
  return new Intl.NumberFormat(intlLocaleTags[locale], { style: 'percent', maximumFractionDigits: 2 }).format(
    rate / basisPointsPerWhole,
  )
}
