import { describe, expect, it } from 'vitest'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createTestBuyer, useTestDatabaseWithMerchant } from '#server/test/cashback'
import { giveTestBalance } from '#server/test/withdrawals'
import { readBankHolidays } from '#server/withdrawals/bank-holidays'
import { requestWithdrawal } from '#server/withdrawals/withdrawal-service'

const { database, merchant } = useTestDatabaseWithMerchant()

/** Parses and runs an ops command, as `npm run ops -- …` does. */
async function ops(...argumentList: string[]): Promise<string> {
  const parsed = parseOperatorCommand(argumentList)
  if (!parsed.success) throw new Error(parsed.message)
  return runOperatorCommand(parsed.command, database(), { actor: 'tester' })
}

describe('holidays commands', () => {
  it.each([
    [['holidays', 'add', '2026-02-30', '--name', 'No such day']],
    [['holidays', 'add', '2026-13-01', '--name', 'No such month']],
    [['holidays', 'add', '2026-12-10']],
    [['holidays', 'add', '2026-12-10', '--name', '   ']],
    [['holidays', 'add', '10/12/2026', '--name', 'Constitution Day']],
    [['holidays', 'remove', '2026-12-10', '--name', 'x']],
    [['holidays', 'list', '--year', '26']],
    [['holidays', 'clear']],
  ])('refuses %j', (argumentList) => {
    expect(parseOperatorCommand(argumentList).success).toBe(false)
  })

  it('keeps a calendar sorted by date, renames a date added again, and removes', async () => {
    expect(await ops('holidays', 'list')).toBe('no bank holidays in the calendar')
    expect(await ops('holidays', 'add', '2026-12-10', '--name', 'วันรัฐธรรมนูญ')).toBe(
      'added 2026-12-10 วันรัฐธรรมนูญ; 1 holidays in the calendar',
    )
    await ops('holidays', 'add', '2026-12-07', '--name', 'Substitution for Father’s Day')
    await ops('holidays', 'add', '2027-01-01', '--name', 'วันขึ้นปีใหม่')
    expect(await ops('holidays', 'add', '2026-12-10', '--name', 'Constitution Day')).toMatch(/^renamed 2026-12-10/)
    expect(await ops('holidays', 'list', '--year', '2026')).toBe(
      '2026-12-07  Substitution for Father’s Day\n2026-12-10  Constitution Day',
    )
    expect(await ops('holidays', 'remove', '2027-01-01')).toBe('removed 2027-01-01; 2 holidays in the calendar')
    await expect(ops('holidays', 'remove', '2027-01-01')).rejects.toThrow('2027-01-01 is not in the calendar')
    expect((await readBankHolidays(database())).map((holiday) => holiday.date)).toEqual(['2026-12-07', '2026-12-10'])
  })

  it('moves the promised arrival of a new withdrawal past the holidays', async () => {
    // Wednesday 2 December 2026, 10:00 in Bangkok; TrueMoney promises 14 business days.
    const now = new Date('2026-12-02T03:00:00Z')
    const buyerId = await createTestBuyer(database(), now)
    await giveTestBalance(database(), { buyerId, merchant: merchant(), amount: 50_000, now })
    const withdraw = () =>
      database().transaction((tx) =>
        requestWithdrawal(tx, {
          buyerId,
          request: { target: 'truemoney', amount: 10_000, mobileNumber: '0812345678', accountName: 'Somchai' },
          now,
          fixedRates: defaultFixedRates,
        }),
      )
    // The calendar holds 7 and 10 December: 14 business days end on Thursday 24 December
    // instead of Tuesday 22 December.
    const withdrawal = await withdraw()
    expect(withdrawal.expectedBy?.toISOString()).toBe('2026-12-24T03:00:00.000Z')
  })
})
