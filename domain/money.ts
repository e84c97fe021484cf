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

function currencyFormatter(locale: Locale, showSatang: boolean): Intl.NumberFormat {
  const key = `${locale}:${showSatang}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocaleTags[locale], {
      style: 'currency',
      currency: 'THB',
      minimumFractionDigits: showSatang ? 2 : 0,
      maximumFractionDigits: 2,
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/**
 * `฿1,234.50` in Thai, `THB 1,234.50` in English. Whole-baht amounts drop `.00` unless
 * `alwaysShowSatang` is set (balances and withdrawals keep it so columns line up).
 */
export function formatThb(amount: Satang, locale: Locale, options: { alwaysShowSatang?: boolean } = {}): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money must be integer satang, got ${amount}`)
  const showSatang = options.alwaysShowSatang === true || amount % satangPerBaht !== 0
  return currencyFormatter(locale, showSatang).format(amount / satangPerBaht)
}

/**
 * Baht as a shopper types it (`150`, `1,500.50`, `฿150`) in satang, or `undefined` when it is not
 * an amount with at most 2 decimals. Parsed from the digits, never through a float.
 */
export function parseBahtInput(text: string): Satang | undefined {
  const compact = text.replace(/[\s,฿]/g, '').replace(/^THB/i, '')
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact)
  if (match === null) return undefined
  return Number(match[1]) * satangPerBaht + Number((match[2] ?? '').padEnd(2, '0'))
}
