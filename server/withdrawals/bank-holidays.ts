import type { BankHoliday } from '#domain/wallet/withdrawal-rules'
import { readSetting, writeSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/**
 * The operators' calendar of days banks do not pay out on (`npm run ops -- holidays …`,
 * server/withdrawals/bank-holiday-commands.ts).
 */

/** The calendar, oldest first. `forUpdate`: see `readSetting`. */
export async function readBankHolidays(
  database: Database,
  options: { forUpdate?: boolean } = {},
): Promise<BankHoliday[]> {
  return (await readSetting(database, 'bank_holidays', options)) ?? []
}

export type BankHolidayChange = {
  /** `undefined` when the date was not in the calendar. */
  before: BankHoliday | undefined
  /** `undefined` when the date is no longer in the calendar. */
  after: BankHoliday | undefined
  holidays: BankHoliday[]
}

/**
 * Adds a holiday, or renames the day if it is in the calendar. Call it in a transaction: the row
 * stays locked until it ends, so two operators editing at once cannot lose each other's change.
 * Withdrawals already requested keep the date they were promised.
 */
export async function addBankHoliday(tx: Database, holiday: BankHoliday): Promise<BankHolidayChange> {
  const holidays = await readBankHolidays(tx, { forUpdate: true })
  const before = holidays.find((existing) => existing.date === holiday.date)
  const others = holidays.filter((existing) => existing.date !== holiday.date)
  const next = [...others, holiday].sort((first, second) => first.date.localeCompare(second.date))
  await writeSetting(tx, 'bank_holidays', next)
  return { before, after: holiday, holidays: next }
}

/** Removes the day from the calendar (`before` is `undefined`, and nothing is written, if it was not in it). */
export async function removeBankHoliday(tx: Database, date: string): Promise<BankHolidayChange> {
  const holidays = await readBankHolidays(tx, { forUpdate: true })
  const before = holidays.find((existing) => existing.date === date)
  if (before === undefined) return { before, after: undefined, holidays }
  const next = holidays.filter((existing) => existing.date !== date)
  await writeSetting(tx, 'bank_holidays', next)
  return { before, after: undefined, holidays: next }
}

/** The dates of the calendar, for `addBusinessDays`. */
export async function readBankHolidayDates(database: Database): Promise<ReadonlySet<string>> {
  return new Set((await readBankHolidays(database)).map((holiday) => holiday.date))
}
