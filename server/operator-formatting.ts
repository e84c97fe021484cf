import type { Satang } from '#domain/money'

/** How operator commands print money and times: plain, exact and the same in every command. */

/** `-THB 12.34`-style amounts for operators, from integer satang. */
export function formatSatang(amount: Satang): string {
  const sign = amount < 0 ? '-' : ''
  return `${sign}THB ${(Math.abs(amount) / 100).toFixed(2)}`
}

export function formatDate(date: Date | null): string {
  return date === null ? '-' : date.toISOString()
}
