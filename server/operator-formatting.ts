import type { Satang } from '#domain/money'

/** How operator commands print money and times (plain, exact and the same in every command), and read options. */

/** `-THB 12.34`-style amounts for operators, from integer satang. */
export function formatSatang(amount: Satang): string {
  const sign = amount < 0 ? '-' : ''
  return `${sign}THB ${(Math.abs(amount) / 100).toFixed(2)}`
}

export function formatDate(date: Date | null): string {
  return date === null ? '-' : date.toISOString()
}

/** `--name value` or `--name=value` pairs, each at most once; `undefined` on anything else. */
export function parseNamedOptions(rest: readonly string[], names: readonly string[]): Map<string, string> | undefined {
  const options = new Map<string, string>()
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? ''
    const equals = argument.indexOf('=')
    const name = equals === -1 ? argument : argument.slice(0, equals)
    if (!names.includes(name) || options.has(name)) return undefined
    if (equals !== -1) {
      options.set(name, argument.slice(equals + 1).trim())
    } else {
      const value = rest[index + 1]
      if (value === undefined) return undefined
      options.set(name, value.trim())
      index += 1
    }
  }
  return options
}
