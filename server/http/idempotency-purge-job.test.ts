import { and, eq, inArray } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectPostgres } from '#server/db/database'
import { idempotencyKeys } from '#server/db/schema'
import { runIdempotently } from '#server/http/idempotency'
import {
  idempotencyKeyRetentionMilliseconds,
  purgeExpiredIdempotencyKeys,
  startIdempotencyPurgeScheduler,
} from '#server/http/idempotency-purge-job'
import { createRecordingLogger } from '#server/test/app'
import { createTestBuyer } from '#server/test/cashback'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
beforeAll(async () => {
  testDatabase = await createTestDatabase()
})
afterAll(() => testDatabase.dispose())

function database() {
  return testDatabase.connection.database
}

const now = new Date('2026-11-15T03:00:00Z')
const dayMilliseconds = 24 * 60 * 60 * 1000
/** Just past the retention: purged. */
const expiredAt = new Date(now.getTime() - idempotencyKeyRetentionMilliseconds - 1)
/** Just inside it: kept. */
const keptAt = new Date(now.getTime() - idempotencyKeyRetentionMilliseconds + 60_000)

/** A buyer with `count` stored keys named `<prefix>-<n>`, all created at `createdAt`. */
async function storeKeys(prefix: string, count: number, createdAt: Date) {
  const buyerId = await createTestBuyer(database(), now)
  const keys = Array.from({ length: count }, (_, index) => `${prefix}-${String(index).padStart(12, '0')}`)
  await database()
    .insert(idempotencyKeys)
    .values(
      keys.map((key) => ({
        ownerId: buyerId,
        key,
        requestFingerprint: 'POST /api/test',
        responseStatus: 200,
        responseBody: { key },
        createdAt,
      })),
    )
  return { buyerId, keys }
}

async function countKeys(buyerId: string, keys: string[]) {
  const rows = await database()
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, buyerId), inArray(idempotencyKeys.key, keys)))
  return rows.length
}

describe('purgeExpiredIdempotencyKeys', () => {
  it('outlives the 30-day session a resend needs', () => {
    expect(idempotencyKeyRetentionMilliseconds).toBeGreaterThan(30 * dayMilliseconds)
  })

  it('deletes keys older than the retention, in batches, and keeps recent ones', async () => {
    const old = await storeKeys('purge-old', 5, expiredAt)
    const recent = await storeKeys('purge-recent', 3, keptAt)
    expect(await purgeExpiredIdempotencyKeys(database(), now, { batchSize: 2 })).toBe(2)
    expect(await countKeys(old.buyerId, old.keys)).toBe(3)
    expect(await purgeExpiredIdempotencyKeys(database(), now, { batchSize: 2 })).toBe(2)
    expect(await purgeExpiredIdempotencyKeys(database(), now, { batchSize: 2 })).toBe(1)
    expect(await purgeExpiredIdempotencyKeys(database(), now, { batchSize: 2 })).toBe(0)
    expect(await countKeys(old.buyerId, old.keys)).toBe(0)
    expect(await countKeys(recent.buyerId, recent.keys)).toBe(3)
  })

  it('leaves a recent key answering its first result after a purge', async () => {
    const buyerId = await createTestBuyer(database(), now)
    let runs = 0
    const run = (at: Date) =>
      runIdempotently({
        database: database(),
        ownerId: buyerId,
        key: 'purge-replay-000001',
        fingerprint: 'POST /api/test',
        now: at,
        write: async () => {
          runs += 1
          return { status: 201, body: { run: runs } }
        },
      })
    const first = await run(keptAt)
    expect(first).toEqual({ status: 201, body: { run: 1 } })
    await storeKeys('purge-beside-replay', 2, expiredAt)
    await purgeExpiredIdempotencyKeys(database(), now)
    expect(await run(now)).toEqual(first)
    expect(runs).toBe(1)
  })

  it('lets two purges run at once: each key is deleted once, neither fails', async () => {
    const old = await storeKeys('purge-parallel', 40, expiredAt)
    const counts = await Promise.all([
      purgeExpiredIdempotencyKeys(database(), now, { batchSize: 25 }),
      purgeExpiredIdempotencyKeys(database(), now, { batchSize: 25 }),
    ])
    // One batch each: together at most all 40, never a row twice.
    expect(counts[0] + counts[1]).toBeLessThanOrEqual(40)
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(25)
    expect(await countKeys(old.buyerId, old.keys)).toBe(40 - counts[0] - counts[1])
    await purgeExpiredIdempotencyKeys(database(), now)
    expect(await countKeys(old.buyerId, old.keys)).toBe(0)
  })
})

describe('several processes at once', () => {
  // Each "process" is a pool of its own on the same PostgreSQL database (PGlite has one
  // connection: nothing runs beside it there).
  it.skipIf(testDatabaseUrl === undefined)(
    'skips the rows another purge holds instead of waiting, and schedulers on two pools share the rest',
    async () => {
      const url = testDatabase.url
      if (url === undefined) return
      const old = await storeKeys('purge-pools', 30, expiredAt)
      const [held] = old.keys
      const holder = new pg.Client({ connectionString: url })
      await holder.connect()
      const connections = Array.from({ length: 2 }, () =>
        connectPostgres(new pg.Pool({ connectionString: url, max: 2 }), pino({ level: 'silent' })),
      )
      try {
        // Another process's purge, mid-transaction, holding one expired row.
        await holder.query('begin')
        await holder.query('select 1 from idempotency_keys where buyer_id = $1 and key = $2 for update', [
          old.buyerId,
          held,
        ])
        const started = performance.now()
        const counts = await Promise.all(
          connections.map((connection) => purgeExpiredIdempotencyKeys(connection.database, now, { batchSize: 10 })),
        )
        // At once: the held row is skipped, not waited for.
        expect(performance.now() - started).toBeLessThan(2_000)
        expect(counts.reduce((total, count) => total + count, 0)).toBe(20)

        const { logger, lines } = createRecordingLogger()
        const schedulers = connections.map((connection) =>
          startIdempotencyPurgeScheduler({
            database: connection.database,
            logger,
            intervalMilliseconds: 5,
            now: () => now,
            batchSize: 3,
          }),
        )
        try {
          await expect.poll(() => countKeys(old.buyerId, old.keys), { timeout: 5_000 }).toBe(1)
        } finally {
          await Promise.all(schedulers.map((scheduler) => scheduler.stop()))
        }
        expect(lines().filter((line) => line['level'] === 50)).toEqual([])
        await holder.query('rollback')
        await purgeExpiredIdempotencyKeys(database(), now)
        expect(await countKeys(old.buyerId, old.keys)).toBe(0)
      } finally {
        await holder.end()
        await Promise.all(connections.map((connection) => connection.close()))
      }
    },
  )
})

describe('startIdempotencyPurgeScheduler', () => {
  it('purges on its own, batch after batch, and logs failed rounds without stopping', async () => {
    const old = await storeKeys('purge-scheduled', 7, expiredAt)
    const recent = await storeKeys('purge-scheduled-recent', 2, keptAt)
    const { logger, lines } = createRecordingLogger()
    const scheduler = startIdempotencyPurgeScheduler({
      database: database(),
      logger,
      // Only the first round runs within the test: the batches of one round take all 7.
      intervalMilliseconds: 60_000,
      now: () => now,
      batchSize: 3,
    })
    try {
      await expect.poll(() => countKeys(old.buyerId, old.keys), { timeout: 5_000 }).toBe(0)
    } finally {
      await scheduler.stop()
    }
    expect(await countKeys(recent.buyerId, recent.keys)).toBe(2)
    expect(lines().some((line) => line['msg'] === 'purged expired idempotency keys')).toBe(true)

    const broken = await createTestDatabase({ migrate: false })
    await broken.dispose()
    const failing = createRecordingLogger()
    const failingScheduler = startIdempotencyPurgeScheduler({
      database: broken.connection.database,
      logger: failing.logger,
      intervalMilliseconds: 10,
    })
    try {
      await expect
        .poll(() => failing.lines().filter((line) => line['level'] === 50).length, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(2)
    } finally {
      await failingScheduler.stop()
    }
  })
})
