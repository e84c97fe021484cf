/**
 * Thai identifiers shared by the browser forms and the API. Pure functions, no Node imports.
 *
 * - Mobile numbers: 10 digits `0[689]xxxxxxxx`. People also write them `+66 81 234 5678`
 *   (the country code replaces the leading 0) or `081-234-5678`.
 * - National ID: 13 digits, the last one a check digit:
 *   (11 − Σ(dᵢ·(13−i)) mod 11) mod 10 for i = 0..11. Often written `1-2345-67890-12-1`.
 */

/** Spaces, dashes, dots and brackets people type between digit groups. */
const separators = /[\s\-.()]/g

/**
 * The 10-digit local form (`0812345678`) of a Thai mobile number, or `undefined` when `value`
 * is not one. Accepts `+66…`, `66…` and `0…` with spaces, dashes, dots or brackets.
 */
export function normalizeThaiMobileNumber(value: string): string | undefined {
  const compact = value.replace(separators, '')
  let local: string
  if (compact.startsWith('+66')) local = `0${compact.slice(3)}`
  else if (compact.startsWith('66') && compact.length === 11) local = `0${compact.slice(2)}`
  else local = compact
  return /^0[689]\d{8}$/.test(local) ? local : undefined
}

export function isThaiMobileNumber(value: string): boolean {
  return normalizeThaiMobileNumber(value) !== undefined
}

/** The 13 digits of a national ID (separators removed), or `undefined` when the checksum fails. */
export function normalizeThaiNationalId(value: string): string | undefined {
  const digits = value.replace(separators, '')
  if (!/^\d{13}$/.test(digits)) return undefined
  let sum = 0
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (13 - index)
  const checkDigit = (11 - (sum % 11)) % 10
  return checkDigit === Number(digits[12]) ? digits : undefined
}

export function isThaiNationalId(value: string): boolean {
  return normalizeThaiNationalId(value) !== undefined
}

/** RFC 5321 limits: 254 characters in all, 64 before the `@`. */
const maxEmailLength = 254
const maxEmailLocalPartLength = 64

/**
 * A practical address check (what a mail server will accept, not the whole RFC 5322 grammar):
 * a local part without spaces, `@`, and a domain of dot-separated labels ending in a 2+ letter
 * top-level domain. Internationalized (Thai) domains are accepted in their Unicode form.
 */
const emailPattern =
  /^[^\s@"(),:;<>[\\\]]+@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?\.)+\p{L}[\p{L}\p{M}]{1,62}$/u

export function isEmailAddress(value: string): boolean {
  if (value.length > maxEmailLength) return false
  const at = value.lastIndexOf('@')
  if (at < 1 || at > maxEmailLocalPartLength) return false
  const localPart = value.slice(0, at)
  if (localPart.startsWith('.') || localPart.endsWith('.') || localPart.includes('..')) return false
  return emailPattern.test(value)
}

/** Trimmed and lowercased: the form we store and compare email addresses in. */
export function normalizeEmailAddress(value: string): string | undefined {
  const trimmed = value.trim().toLowerCase()
  return isEmailAddress(trimmed) ? trimmed : undefined
}

/**
 * The banks withdrawals go to (spec section 3) with their Bank of Thailand codes. Each uses
 * 10-digit account numbers (written `xxx-x-xxxxx-x`).
 */
export const thaiBanks = { KBANK: '004', BBL: '002', SCB: '014', BAY: '025' } as const
export type ThaiBank = keyof typeof thaiBanks
export const thaiBankIds = Object.keys(thaiBanks) as ThaiBank[]

/** The 10 digits of a bank account number (separators removed), or `undefined`. */
export function normalizeBankAccountNumber(value: string): string | undefined {
  const digits = value.replace(separators, '')
  return /^\d{10}$/.test(digits) ? digits : undefined
}

/** The kinds of PromptPay proxy: a mobile number, a national ID (or tax ID), a 15-digit e-wallet id. */
export type PromptPayIdKind = 'mobile' | 'national_id' | 'e_wallet'

/**
 * A PromptPay id in its canonical digits with its kind, or `undefined`. A 10-digit value is a
 * mobile number, 13 digits a national ID (checksum checked), 15 digits an e-wallet id.
 */
export function normalizePromptPayId(value: string): { kind: PromptPayIdKind; id: string } | undefined {
  const mobile = normalizeThaiMobileNumber(value)
  if (mobile !== undefined) return { kind: 'mobile', id: mobile }
  const nationalId = normalizeThaiNationalId(value)
  if (nationalId !== undefined) return { kind: 'national_id', id: nationalId }
  const digits = value.replace(separators, '')
  return /^\d{15}$/.test(digits) ? { kind: 'e_wallet', id: digits } : undefined
}

/** A phone or identity number (the withdrawal form's "phone or identity number"), canonical, or `undefined`. */
export function normalizePhoneOrNationalId(value: string): string | undefined {
  return normalizeThaiMobileNumber(value) ?? normalizeThaiNationalId(value)
}
