import { intlLocaleTags, type Locale } from './locale.ts'

/**
 * Money is integer satang (1 THB = 100 satang) in code, on the wire and in the database.
 * Conversion to baht happens only when formatting for display.
 */
export type Satang = number

export const satangPerBaht = 100

export function bahtToSatang(baht: number): Satang {
  return Math.round(baht * satangPerBaht)
}

const formatters = new Map<string, Intl.NumberFormat>()

function currencyFormatter(locale: Locale, showSatang: boolean, isNarrow: boolean): Intl.NumberFormat {
  const key = `${locale}:${showSatang}:${isNarrow}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleTags[locale], {
      style: 'currency',
      currency: 'THB',
      currencyDisplay: isNarrow ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: showSatang ? 2 : 0,
      maximumFractionDigits: 2,
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * `฿1,234.50` in Thai, `THB 1,234.50` in English. Whole-baht amounts drop `.00` unless
 * `alwaysShowSatang` is set (balances and withdrawals keep it so columns line up). `narrow`
 * writes `฿` in English too, for columns of amounts on a phone (the compare table).
 */
export function formatThb(
  amount: Satang,
  locale: Locale,
  options: { alwaysShowSatang?: boolean; narrow?: boolean } = {},
): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be integer satang, got ${amount}`)
  const showSatang = options.alwaysShowSatang === true || amount % satangPerBaht !== 0
  return currencyFormatter(locale, showSatang, options.narrow === true).format(amount / satangPerBaht)
}

/**
 * A decimal with at most 2 places as typed (`12.5`, `150`) in hundredths (1250, 15000), or
 * `undefined` when it is not one. Parsed from the digits, never through a float: baht to satang,
 * percent to basis points.
 */
export function parseHundredths(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (match === null) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Hundredths as a decimal an operator reads and edits (15000 → `150`, 1250 → `12.5`). */
export function formatHundredths(value: number): string {
  const whole = Math.trunc(value / 100)
  const fraction = String(Math.abs(value % 100))
    .padStart(2, '0')
    .replace(/0+$/, '')
  return fraction === '' ? String(whole) : `${whole}.${fraction}`
}

/**
 * Baht as a shopper types it (`150`, `1,500.50`, `฿150`) in satang, or `undefined` when it is not
 * an amount with at most 2 decimals.
 */
export function parseBahtInput(text: string): Satang | undefined {
  return parseHundredths(text.replace(/[\s,฿]/g, '').replace(/^THB/i, ''))
}
