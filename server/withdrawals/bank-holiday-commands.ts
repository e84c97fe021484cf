import * as v from 'valibot'
import { bankHolidaySchema, type BankHoliday } from '#domain/wallet/withdrawal-rules'
import type { Database } from '#server/db/database'
import { parseNamedOptions } from '#server/operator-formatting'
import { recordOperatorAction } from '#server/ops/audit-log'
import { addBankHoliday, readBankHolidays, removeBankHoliday } from '#server/withdrawals/bank-holidays'

/**
 * `npm run ops -- holidays …`: the calendar of days banks do not pay out on, left out of the
 * expected arrival date of a withdrawal (domain/wallet/withdrawal-rules.ts, `addBusinessDays`).
 * Withdrawals already requested keep the date they were promised.
 */

export const bankHolidayOperatorUsage = [
  '  holidays list [--year YYYY]              the bank holidays left out of expected payout dates',
  '  holidays add <YYYY-MM-DD> --name "<name>"',
  '                                           add a holiday (or rename it); new withdrawals count it',
  '  holidays remove <YYYY-MM-DD>             remove a holiday',
]

export type BankHolidayOperatorCommand =
  | { name: 'holidays'; action: 'list'; year: string | undefined }
  | { name: 'holidays'; action: 'add'; holiday: BankHoliday }
  | { name: 'holidays'; action: 'remove'; date: string }

const dateSchema = bankHolidaySchema.entries.date

/** The holiday commands, or `undefined` when `argumentList` is not one of them. */
export function parseBankHolidayOperatorCommand(
  argumentList: readonly string[],
): BankHolidayOperatorCommand | undefined {
  const [name, action, ...rest] = argumentList
  if (name !== 'holidays') return undefined
  if (action === 'list') {
    const year = parseNamedOptions(rest, ['--year'])
    if (year === undefined) return undefined
    const yearText = year.get('--year')
    return yearText === undefined || /^\d{4}$/.test(yearText) ? { name, action, year: yearText } : undefined
  }
  const [date, ...options] = rest
  if (date === undefined || !v.is(dateSchema, date)) return undefined
  if (action === 'add') {
    const holiday = v.safeParse(bankHolidaySchema, {
      date,
      name: parseNamedOptions(options, ['--name'])?.get('--name'),
    })
    return holiday.success ? { name, action, holiday: holiday.output } : undefined
  }
  if (action === 'remove' && options.length === 0) return { name, action, date }
  return undefined
}

/** `actor` is what the audit log records for a change: `cli:<user>`. */
export async function runBankHolidayOperatorCommand(
  command: BankHolidayOperatorCommand,
  database: Database,
  actor: string,
  now: Date,
): Promise<string> {
  // One transaction: two operators editing at once cannot lose each other's change.
  return database.transaction(async (tx) => {
    switch (command.action) {
      case 'list': {
        const holidays = await readBankHolidays(tx)
        const shown = holidays.filter((holiday) => command.year === undefined || holiday.date.startsWith(command.year))
        if (shown.length === 0) return 'no bank holidays in the calendar' + (command.year ? ` for ${command.year}` : '')
        return shown.map((holiday) => `${holiday.date}  ${holiday.name}`).join('\n')
      }
      case 'add': {
        const { before, holidays: next } = await addBankHoliday(tx, command.holiday)
        if (before?.name !== command.holiday.name) {
          await recordOperatorAction(tx, {
            actor,
            action: before === undefined ? 'setting.bank_holiday_added' : 'setting.bank_holiday_renamed',
            subjectType: 'setting',
            subjectId: 'bank_holidays',
            before: before ?? null,
            after: command.holiday,
            now,
          })
        }
        const verb = before === undefined ? 'added' : 'renamed'
        return `${verb} ${command.holiday.date} ${command.holiday.name}; ${next.length} holidays in the calendar`
      }
      case 'remove': {
        const { before, holidays: next } = await removeBankHoliday(tx, command.date)
        if (before === undefined) throw new Error(`${command.date} is not in the calendar`)
        await recordOperatorAction(tx, {
          actor,
          action: 'setting.bank_holiday_removed',
          subjectType: 'setting',
          subjectId: 'bank_holidays',
          before,
          now,
        })
        return `removed ${command.date}; ${next.length} holidays in the calendar`
      }
    }
  })
}
