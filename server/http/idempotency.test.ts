import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys, walletLedgerEntries } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { runIdempotently, type IdempotentWrite } from '#server/http/idempotency'
import { createTestBuyer } from '#server/test/cashback'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

function database() {
  return testDatabase.connection.database
}

const now = new Date('2026-11-15T03:00:00Z')

describe('runIdempotently', () => {
  async function setup() {
    const buyerId = await createTestBuyer(database(), now)
    let runs = 0
    /** Writes a ledger entry, then answers or fails as told. */
    const bonusWrite =
      (outcome: 'ok' | 'refuse' | 'crash'): IdempotentWrite =>
      async (transaction) => {
        runs += 1
        await transaction.insert(walletLedgerEntries).values({ buyerId, kind: 'cashback_credit', amount: 100 })
        if (outcome === 'refuse') throw new ApiError(409, 'not_approved', 'Refused after a write')
        if (outcome === 'crash') throw new Error('database went away')
        return { status: 200, body: { run: runs } }
      }
    const run = (key: string, write: IdempotentWrite, fingerprint = 'POST /api/test') =>
      runIdempotently({ database: database(), ownerId: buyerId, key, fingerprint, now, write })
    const entries = () => database().select().from(walletLedgerEntries).where(eq(walletLedgerEntries.buyerId, buyerId))
    const storedKey = async (key: string) => {
      const [row] = await database()
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.ownerId, buyerId), eq(idempotencyKeys.key, key)))
      return row
    }
    return { buyerId, bonusWrite, run, entries, storedKey, runs: () => runs }
  }

  it('runs a write once per key and answers the stored result afterwards', async () => {
    const { bonusWrite, run, entries, runs } = await setup()
    expect(await run('key-once-0000000001', bonusWrite('ok'))).toEqual({ status: 200, body: { run: 1 } })
    expect(await run('key-once-0000000001', bonusWrite('ok'))).toEqual({ status: 200, body: { run: 1 } })
    expect(runs()).toBe(1)
    expect(await entries()).toHaveLength(1)
    await expect(run('key-once-0000000001', bonusWrite('ok'), 'POST /api/other')).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
    })
  })

  it('stores a refusal without the writes made before it', async () => {
    const { bonusWrite, run, entries, storedKey } = await setup()
    const refused = await run('key-refused-000001', bonusWrite('refuse'))
    expect(refused).toEqual({
      status: 409,
      body: { error: { code: 'not_approved', message: 'Refused after a write' } },
    })
    expect(await entries()).toHaveLength(0)
    expect(await storedKey('key-refused-000001')).toMatchObject({ responseStatus: 409 })
    // Replayed as refused, without running again.
    expect(await run('key-refused-000001', bonusWrite('ok'))).toEqual(refused)
    expect(await entries()).toHaveLength(0)
  })

  it('keeps nothing of an unexpected failure, so a retry with the same key runs', async () => {
    const { bonusWrite, run, entries, storedKey } = await setup()
    await expect(run('key-crash-00000001', bonusWrite('crash'))).rejects.toThrow('database went away')
    expect(await storedKey('key-crash-00000001')).toBeUndefined()
    expect(await entries()).toHaveLength(0)
    expect(await run('key-crash-00000001', bonusWrite('ok'))).toMatchObject({ status: 200 })
    expect(await entries()).toHaveLength(1)
  })

  it('keeps keys per buyer', async () => {
    const first = await setup()
    const second = await setup()
    await first.run('shared-key-0000001', first.bonusWrite('ok'))
    await second.run('shared-key-0000001', second.bonusWrite('ok'))
    expect(await first.entries()).toHaveLength(1)
    expect(await second.entries()).toHaveLength(1)
  })
})
