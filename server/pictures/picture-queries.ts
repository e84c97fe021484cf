import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { PictureWidth } from '#domain/pictures/catalogue-pictures'
import { tryAdvisoryTransactionLock } from '#server/db/advisory-locks'
import type { Database } from '#server/db/database'
import { cataloguePictures, merchants, products } from '#server/db/schema'

/**
 * The picture queue's SQL (docs/decisions/021-product-pictures.md): what is new in the catalogue
 * becomes a `pending` row, workers claim due rows with `FOR UPDATE SKIP LOCKED` and a lease, and
 * settle them as made, given up, or due again later.
 */

/** One process at a time looks for new pictures; the others skip (decision 011). */
export const pictureDiscoveryAdvisoryLockKey = 7_210_021

/** The most a source address may be (the primary key is a B-tree entry). */
const maxSourceUrlBytes = 2048

const insertedRowsSchema = v.object({ rows: v.array(v.unknown()) })

/**
 * Adds a `pending` row for every picture a listed product or merchant names that has none yet,
 * the most popular first (a home screen's products get their pictures before the long tail: their
 * due times are a microsecond apart, the most popular's earliest). `undefined` when another process is at it.
 */
export async function discoverNewPictures(database: Database, now: Date): Promise<number | undefined> {
  return database.transaction(async (transaction) => {
    if (!(await tryAdvisoryTransactionLock(transaction, pictureDiscoveryAdvisoryLockKey))) return undefined
    const inserted = v.parse(
      insertedRowsSchema,
      await transaction.execute(sql`
        insert into ${cataloguePictures} (source_url, status, next_attempt_at, created_at)
        select source_url, 'pending',
          ${now}::timestamptz - (row_number() over (order by max(popularity) asc, source_url desc)) * interval '1 microsecond',
          ${now}::timestamptz
        from (
          select ${products.imageSourceUrl} as source_url, ${products.popularity} as popularity from ${products}
            where ${products.listed} and ${products.imageSourceUrl} is not null
          union all
          select ${merchants.logoSourceUrl}, ${merchants.popularity} from ${merchants}
            where ${merchants.listed} and ${merchants.logoSourceUrl} is not null
        ) as named
        where octet_length(source_url) <= ${maxSourceUrlBytes}
          and not exists (select 1 from ${cataloguePictures} where ${cataloguePictures.sourceUrl} = named.source_url)
        group by source_url
        on conflict (source_url) do nothing
        returning source_url`),
    )
    return inserted.rows.length
  })
}

export type ClaimedPicture = { sourceUrl: string; attempts: number; leaseUntil: Date }

/** Rows whose time has come and that no live lease holds, each now this process's until `leaseUntil`. */
export async function claimDuePictures(
  database: Database,
  options: { now: Date; batchSize: number; leaseMilliseconds: number },
): Promise<ClaimedPicture[]> {
  const { now, batchSize, leaseMilliseconds } = options
  const due = database
    .select({ sourceUrl: cataloguePictures.sourceUrl })
    .from(cataloguePictures)
    .where(
      and(
        eq(cataloguePictures.status, 'pending'),
        lte(cataloguePictures.nextAttemptAt, now),
        or(isNull(cataloguePictures.leaseUntil), lt(cataloguePictures.leaseUntil, now)),
      ),
    )
    .orderBy(cataloguePictures.nextAttemptAt)
    .limit(batchSize)
    .for('update', { skipLocked: true })
  const claimed = await database
    .update(cataloguePictures)
    .set({
      leaseUntil: new Date(now.getTime() + leaseMilliseconds),
      attempts: sql`${cataloguePictures.attempts} + 1`,
    })
    .where(inArray(cataloguePictures.sourceUrl, due))
    .returning({
      sourceUrl: cataloguePictures.sourceUrl,
      attempts: cataloguePictures.attempts,
      leaseUntil: cataloguePictures.leaseUntil,
    })
  return claimed.map((row) => {
    if (row.leaseUntil === null) throw new Error(`picture ${row.sourceUrl} was claimed without a lease`)
    return { ...row, leaseUntil: row.leaseUntil }
  })
}

export type PictureSettlement =
  | { status: 'ready'; contentHash: string; widths: PictureWidth[]; width: number; height: number }
  | { status: 'failed'; error: string }
  /** `isAttempt: false`: it never got its turn (the process's picture queue was full). */
  | { status: 'pending'; dueAt: Date; error: string | null; isAttempt: boolean }

/**
 * Records how a claimed picture ended; `false` when the claim was no longer this process's (its
 * lease ran out and another took it over), in which case nothing is written.
 */
export async function settlePicture(
  database: Database,
  claimed: ClaimedPicture,
  settlement: PictureSettlement,
  now: Date,
): Promise<boolean> {
  const values =
    settlement.status === 'pending'
      ? {
          nextAttemptAt: settlement.dueAt,
          leaseUntil: null,
          error: settlement.error,
          ...(settlement.isAttempt ? {} : { attempts: claimed.attempts - 1 }),
        }
      : {
          status: settlement.status,
          nextAttemptAt: null,
          leaseUntil: null,
          settledAt: now,
          ...(settlement.status === 'ready'
            ? {
                contentHash: settlement.contentHash,
                widths: settlement.widths,
                width: settlement.width,
                height: settlement.height,
                error: null,
              }
            : { error: settlement.error }),
        }
  const settled = await database
    .update(cataloguePictures)
    .set(values)
    .where(
      and(
        eq(cataloguePictures.sourceUrl, claimed.sourceUrl),
        eq(cataloguePictures.status, 'pending'),
        eq(cataloguePictures.leaseUntil, claimed.leaseUntil),
      ),
    )
    .returning({ sourceUrl: cataloguePictures.sourceUrl })
  return settled.length > 0
}

/** Every picture row, for tests and the operator. */
export async function selectPicture(database: Database, sourceUrl: string) {
  const [row] = await database.select().from(cataloguePictures).where(eq(cataloguePictures.sourceUrl, sourceUrl))
  return row
}

/** How many pictures are in each state, and the commonest reasons the failed ones were given up. */
export async function pictureQueueReport(database: Database, options: { reasons: number }) {
  const count = sql<number>`count(*)::integer`
  const byStatus = await database
    .select({ status: cataloguePictures.status, count })
    .from(cataloguePictures)
    .groupBy(cataloguePictures.status)
  const reasons = await database
    .select({ error: cataloguePictures.error, count })
    .from(cataloguePictures)
    .where(eq(cataloguePictures.status, 'failed'))
    .groupBy(cataloguePictures.error)
    .orderBy(desc(count), cataloguePictures.error)
    .limit(options.reasons)
  const counts = { pending: 0, ready: 0, failed: 0 }
  for (const row of byStatus) counts[row.status] = row.count
  return { counts, reasons }
}

/**
 * Puts every given-up picture back in the queue, due at once and with its tries counted afresh
 * (after a merchant fixed its picture server, say); the workers take them in their next round.
 * Returns how many.
 */
export async function retryFailedPictures(database: Database, now: Date): Promise<number> {
  const retried = await database
    .update(cataloguePictures)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null, settledAt: null })
    .where(eq(cataloguePictures.status, 'failed'))
    .returning({ sourceUrl: cataloguePictures.sourceUrl })
  return retried.length
}
