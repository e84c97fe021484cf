import type { BankHoliday } from '#domain/wallet/withdrawal-rules'
import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/**
 * The operators' calendar of days banks do not pay out on (`npm run ops -- holidays …`,
 * server/withdrawals/bank-holiday-commands.ts).
 */

/** The calendar, oldest first. */
export async function readBankHolidays(database: Database): Promise<BankHoliday[]> {
  return (await readSetting(database, 'bank_holidays')) ?? []
}

/** The dates of the calendar, for `addBusinessDays`. */
export async function readBankHolidayDates(database: Database): Promise<ReadonlySet<string>> {
  return new Set((await readBankHolidays(database)).map((holiday) => holiday.date))
}
