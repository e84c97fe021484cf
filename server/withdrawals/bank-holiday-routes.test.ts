import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { bankHolidayListResponseSchema } from '#domain/contracts/bank-holidays'
import { writeSetting } from '#server/app-settings'
import { openEventChannel } from '#server/events/event-channel'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createAccountsTestApp, createTestClock } from '#server/test/accounts'
import { createRecordingLogger } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

/** Tuesday 1 December 2026, 00:30 in Bangkok (still 30 November in UTC). */
const justAfterMidnightInBangkok = new Date('2026-11-30T17:30:00Z')

const calendar = [
  { date: '2026-11-30', name: 'Yesterday' },
  { date: '2026-12-01', name: 'Today' },
  { date: '2026-12-05', name: 'วันคล้ายวันพระบรมราชสมภพ ร.9' },
  { date: '2026-12-07', name: 'Substitution for Father’s Day' },
  { date: '2026-12-10', name: 'วันรัฐธรรมนูญ' },
  // 120 days after 1 December is 31 March: the last day listed.
  { date: '2027-03-31', name: 'The last day of the window' },
  { date: '2027-04-01', name: 'One day beyond it' },
]

describe('GET /api/bank-holidays', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())
  beforeEach(() => writeSetting(testDatabase.connection.database, 'bank_holidays', calendar))

  async function readDates(response: Response): Promise<string[]> {
    expect(response.status).toBe(200)
    return v.parse(bankHolidayListResponseSchema, await response.json()).data.map((holiday) => holiday.date)
  }

  /** Parses and runs an ops command, as `npm run ops -- …` does. */
  async function ops(...argumentList: string[]): Promise<string> {
    const parsed = parseOperatorCommand(argumentList)
    if (!parsed.success) throw new Error(parsed.message)
    return runOperatorCommand(parsed.command, testDatabase.connection.database, { actor: 'tester' })
  }

  it('lists the holidays from today in Bangkok to 120 days ahead, to anyone, revalidated with an ETag', async () => {
    const { app, clock } = createAccountsTestApp(testDatabase.connection.database, {
      clock: createTestClock(justAfterMidnightInBangkok),
    })
    const response = await app.request('/api/bank-holidays')
    expect(response.headers.get('Content-Type')).toContain('application/json')
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    const entityTag = response.headers.get('ETag')
    expect(entityTag).toMatch(/^"[\w-]+"$/)
    expect(await readDates(response)).toEqual(['2026-12-01', '2026-12-05', '2026-12-07', '2026-12-10', '2027-03-31'])

    const revalidated = await app.request('/api/bank-holidays', { headers: { 'If-None-Match': entityTag ?? '' } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('ETag')).toBe(entityTag)
    expect(revalidated.headers.get('Cache-Control')).toBe('no-cache')
    expect(await revalidated.text()).toBe('')

    // The next day the window moves on: today's holiday is past, 1 April is in, and the tag changes.
    clock.advance(24 * 3_600_000)
    const tomorrow = await app.request('/api/bank-holidays', { headers: { 'If-None-Match': entityTag ?? '' } })
    expect(await readDates(tomorrow)).toEqual(['2026-12-05', '2026-12-07', '2026-12-10', '2027-03-31', '2027-04-01'])
    expect(tomorrow.headers.get('ETag')).not.toBe(entityTag)
  })

  it('shows a holiday an operator adds or removes on the next request, through the event channel', async () => {
    const { connection } = testDatabase
    const events = openEventChannel(connection, createRecordingLogger().logger)
    try {
      await events.whenListening()
      const { app } = createAccountsTestApp(connection.database, {
        clock: createTestClock(justAfterMidnightInBangkok),
        events,
      })
      const readListed = async () => readDates(await app.request('/api/bank-holidays'))
      expect(await readListed()).not.toContain('2026-12-31')

      // The clock stands still: only the event can make this process read the calendar again.
      await ops('holidays', 'add', '2026-12-31', '--name', 'วันสิ้นปี')
      await expect.poll(readListed, { timeout: 1_000, interval: 10 }).toContain('2026-12-31')
      await ops('holidays', 'remove', '2026-12-10')
      await expect.poll(readListed, { timeout: 1_000, interval: 10 }).not.toContain('2026-12-10')
    } finally {
      await events.close()
    }
  })

  it('reads the calendar again after 30 s while no event can arrive', async () => {
    const { database } = testDatabase.connection
    // The test app's event channel is silent: nothing is heard, as when the listener is down.
    const { app, clock } = createAccountsTestApp(database, { clock: createTestClock(justAfterMidnightInBangkok) })
    const readListed = async () => readDates(await app.request('/api/bank-holidays'))
    expect(await readListed()).not.toContain('2026-12-31')
    await ops('holidays', 'add', '2026-12-31', '--name', 'วันสิ้นปี')
    expect(await readListed()).not.toContain('2026-12-31')
    clock.advance(30_000)
    expect(await readListed()).toContain('2026-12-31')
  })
})
