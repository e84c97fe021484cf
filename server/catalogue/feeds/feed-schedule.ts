import { and, asc, eq, lte, sql } from 'drizzle-orm'
import type { ImportReport } from '#server/catalogue/feeds/catalogue-import'
import { importFeedInProcess, type FeedImporter } from '#server/catalogue/feeds/feed-imports'
import { findNetworkAdapter } from '#server/catalogue/feeds/network-adapters'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { catalogueFeeds } from '#server/db/schema'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'

/**
 * Feeds imported on a schedule (issue 19). Every server process runs the job; a due feed is
 * claimed with `FOR UPDATE SKIP LOCKED` and its next run moved on in the same statement, so one
 * process imports it and a process that dies mid-import leaves it for the next interval, not for
 * ever. Imports are idempotent, so a feed that runs twice changes nothing the second time.
 */

export type ScheduledFeed = typeof catalogueFeeds.$inferSelect

export type FeedInput = {
  adapter: string
  source: string
  merchantExternalId: string | null
  language: 'th' | 'en'
  everyMinutes: number
}

/** Adds a feed (or changes how often an existing one runs); its first run is due at once. */
export async function scheduleFeed(database: Database, input: FeedInput, now: Date): Promise<ScheduledFeed> {
  if (findNetworkAdapter(input.adapter) === undefined) throw new Error(`no adapter ${input.adapter}`)
  const [existing] = await database
    .select()
    .from(catalogueFeeds)
    .where(
      and(
        eq(catalogueFeeds.adapter, input.adapter),
        eq(catalogueFeeds.source, input.source),
        input.merchantExternalId === null
          ? sql`${catalogueFeeds.merchantExternalId} is null`
          : eq(catalogueFeeds.merchantExternalId, input.merchantExternalId),
        eq(catalogueFeeds.language, input.language),
      ),
    )
  if (existing !== undefined) {
    const [updated] = await database
      .update(catalogueFeeds)
      .set({ everyMinutes: input.everyMinutes })
      .where(eq(catalogueFeeds.id, existing.id))
      .returning()
    return updated ?? existing
  }
  const [created] = await database
    .insert(catalogueFeeds)
    .values({ id: createRecordId(), ...input, nextRunAt: now, createdAt: now })
    .returning()
  if (created === undefined) throw new Error('the feed insert returned no row')
  return created
}

async function claimDueFeed(database: Database, now: Date): Promise<ScheduledFeed | undefined> {
  return database.transaction(async (transaction) => {
    const [due] = await transaction
      .select()
      .from(catalogueFeeds)
      .where(lte(catalogueFeeds.nextRunAt, now))
      .orderBy(asc(catalogueFeeds.nextRunAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (due === undefined) return undefined
    await transaction
      .update(catalogueFeeds)
      .set({ nextRunAt: new Date(now.getTime() + due.everyMinutes * 60_000) })
      .where(eq(catalogueFeeds.id, due.id))
    return due
  })
}

/** Imports every feed that is due, one at a time; what each run did is in `catalogue_import_runs`. */
export async function runDueFeeds(
  database: Database,
  options: { now?: () => Date; logger?: Logger; isStopping?: () => boolean; importFeed?: FeedImporter } = {},
): Promise<ImportReport[]> {
  const now = options.now ?? (() => new Date())
  const importFeed = options.importFeed ?? importFeedInProcess(database, now)
  const reports: ImportReport[] = []
  for (;;) {
    if (options.isStopping?.() === true) break
    const feed = await claimDueFeed(database, now())
    if (feed === undefined) break
    try {
      const { adapter, source, merchantExternalId, language } = feed
      // A scheduled run never lets a feed empty a shop: that takes an operator's --allow-shrink.
      const report = await importFeed({ adapter, source, merchantExternalId, language, allowShrink: false })
      reports.push(report)
      await database.update(catalogueFeeds).set({ lastRunId: report.runId }).where(eq(catalogueFeeds.id, feed.id))
      const log = { feedId: feed.id, source: feed.source, ...report, rejections: undefined }
      if (report.status === 'failed') options.logger?.warn(log, 'a scheduled catalogue import failed')
      else options.logger?.info(log, 'scheduled catalogue import')
    } catch (error) {
      // A failed fetch or database error: logged, and the feed runs again at its next time.
      options.logger?.error({ err: error, feedId: feed.id, source: feed.source }, 'a scheduled catalogue import failed')
    }
  }
  return reports
}

export function startFeedScheduler(options: {
  database: Database
  logger: Logger
  intervalMilliseconds?: number
  /** Where an import runs (feed-imports.ts): a worker thread on PostgreSQL. */
  importFeed?: FeedImporter
}): RepeatingJob {
  const { database, logger, intervalMilliseconds = 60_000, importFeed } = options
  return startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'running scheduled catalogue imports failed; retrying next round',
    async runRound(isStopping) {
      await runDueFeeds(database, { logger, isStopping, importFeed })
    },
  })
}
