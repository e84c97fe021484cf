import type { Locale } from './locale.ts'

/** Rates are integer basis points (250 = 2.5 %), so no float ever decides money. */
export type BasisPoints = number

export const basisPointsPerWhole = 10_000

/**
 * `2.5%`-style percent text; Thai and English write percentages the same way. Written by hand
 * rather than with `Intl.NumberFormat`: the home screen's first render shows only rates, and the
 * first Intl number formatter of a page loads its locale data (tens of milliseconds on a phone).
 * A test holds it equal to `Intl`'s output in both languages.
 */
export function formatBasisPoints(rate: BasisPoints, _locale: Locale): string {
  const sign = rate < 0 ? '-' : ''
  const magnitude = Math.round(Math.abs(rate))
  const whole = Math.trunc(magnitude / 100)
  const fraction = String(magnitude % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction === '' ? '' : `.${fraction}`}%`
}
