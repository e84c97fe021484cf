import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { ImportReport } from '#server/catalogue/feeds/catalogue-import'
import { importFeedInProcess, type FeedImporter } from '#server/catalogue/feeds/feed-imports'
import { findNetworkAdapter, networkAdapters } from '#server/catalogue/feeds/network-adapters'
import type { Database } from '#server/db/database'
import { catalogueFeeds, catalogueImportRuns } from '#server/db/schema'
import { scheduleFeed, type FeedInput } from '#server/catalogue/feeds/feed-schedule'
import { formatDate, parseNamedOptions } from '#server/operator-formatting'
import { pictureQueueReport, retryFailedPictures } from '#server/pictures/picture-queries'
import type { PictureStorage } from '#server/pictures/picture-storage'
import { sweepUnreferencedPictures } from '#server/pictures/picture-sweep'
import { parseSweepOptions, type SweepOptions } from '#server/proofs/storage-sweep'

/**
 * `npm run ops -- catalogue …`: bring a network's offers or a merchant's product feed in from a
 * file or a URL (server/catalogue/feeds/catalogue-import.ts), and list past runs.
 */

export const catalogueOperatorUsage = [
  `  catalogue import <adapter> <file-or-url>   a network's offers file (adapters: ${networkAdapters.map((adapter) => adapter.id).join(', ')})`,
  '  catalogue import <adapter> <file-or-url> --merchant <network merchant id> [--language en] [--allow-shrink]',
  "                                           a merchant's product feed (Google Merchant Center CSV, TSV or XML);",
  "                                           --language en: English titles for the Thai feed's items",
  '  catalogue runs [--limit N]               the latest imports, with what they refused',
  '  catalogue feeds add <adapter> <file-or-url> [--merchant <id>] [--language en] [--every 6h]',
  '                                           import it on a schedule (every 15m to 7d; default 24h)',
  '  catalogue feeds list                     the scheduled feeds, their next run and last result',
  '  catalogue feeds remove <feed id>         stop importing a feed (what it imported stays)',
  "  catalogue pictures                       the feeds' pictures: how many are made, waiting, given up, and why",
  '  catalogue pictures retry                 try every given-up picture again (the workers take them within a round)',
  '  catalogue pictures orphans [--delete] [--older-than-hours N]',
  '                                           picture rows no product or merchant names (an address a feed',
  '                                           changed), then made files no picture row names, older than',
  '                                           N hours (default 24)',
]

export type CatalogueOperatorCommand =
  | {
      name: 'catalogue'
      action: 'import'
      adapter: string
      source: string
      merchant: string | undefined
      language: 'th' | 'en'
      allowShrink: boolean
    }
  | { name: 'catalogue'; action: 'runs'; limit: number }
  | { name: 'catalogue'; action: 'feeds-add'; feed: FeedInput }
  | { name: 'catalogue'; action: 'feeds-list' }
  | { name: 'catalogue'; action: 'feeds-remove'; feedId: string }
  | { name: 'catalogue'; action: 'pictures' }
  | { name: 'catalogue'; action: 'pictures-retry' }
  | ({ name: 'catalogue'; action: 'pictures-orphans' } & SweepOptions)

/** `90m`, `6h`, `1d` as minutes; `undefined` outside 15 minutes to 7 days. */
function parseInterval(text: string): number | undefined {
  const match = /^(\d{1,4})(m|h|d)$/.exec(text)
  if (match === null) return undefined
  const minutes = Number(match[1]) * { m: 1, h: 60, d: 1440 }[match[2] as 'm' | 'h' | 'd']
  return minutes >= 15 && minutes <= 7 * 1440 ? minutes : undefined
}

const maxRunsLimit = 200

export function parseCatalogueOperatorCommand(argumentList: readonly string[]): CatalogueOperatorCommand | undefined {
  const [name, action, ...rest] = argumentList
  if (name !== 'catalogue') return undefined
  if (action === 'pictures') {
    const [subaction, ...pictureArguments] = rest
    if (subaction === undefined) return { name, action: 'pictures' }
    if (subaction === 'orphans') {
      const options = parseSweepOptions(pictureArguments)
      return options === undefined ? undefined : { name, action: 'pictures-orphans', ...options }
    }
    return subaction === 'retry' && pictureArguments.length === 0 ? { name, action: 'pictures-retry' } : undefined
  }
  if (action === 'runs') {
    const options = parseNamedOptions(rest, ['--limit'])
    const limitText = options?.get('--limit') ?? '10'
    if (options === undefined || !/^\d+$/.test(limitText)) return undefined
    const limit = Number(limitText)
    return limit >= 1 && limit <= maxRunsLimit ? { name, action, limit } : undefined
  }
  if (action === 'feeds') {
    const [subaction, ...feedArguments] = rest
    if (subaction === 'list' && feedArguments.length === 0) return { name, action: 'feeds-list' }
    if (subaction === 'remove' && feedArguments.length === 1 && /^[0-9a-f]{24}$/.test(feedArguments[0] ?? '')) {
      return { name, action: 'feeds-remove', feedId: feedArguments[0] ?? '' }
    }
    if (subaction !== 'add') return undefined
    const everyIndex = feedArguments.indexOf('--every')
    const everyText = everyIndex === -1 ? '24h' : feedArguments[everyIndex + 1]
    const everyMinutes = everyText === undefined ? undefined : parseInterval(everyText)
    if (everyMinutes === undefined) return undefined
    const importCommand = parseCatalogueOperatorCommand([
      name,
      'import',
      ...(everyIndex === -1
        ? feedArguments
        : feedArguments.filter((_, index) => index !== everyIndex && index !== everyIndex + 1)),
    ])
    if (importCommand?.action !== 'import' || importCommand.allowShrink) return undefined
    return {
      name,
      action: 'feeds-add',
      feed: {
        adapter: importCommand.adapter,
        source: importCommand.source,
        merchantExternalId: importCommand.merchant ?? null,
        language: importCommand.language,
        everyMinutes,
      },
    }
  }
  if (action !== 'import') return undefined
  const [adapter, source, ...optionList] = rest
  if (adapter === undefined || findNetworkAdapter(adapter) === undefined) return undefined
  if (source === undefined || source.startsWith('--')) return undefined
  const allowShrink = optionList.includes('--allow-shrink')
  const options = parseNamedOptions(
    optionList.filter((option) => option !== '--allow-shrink'),
    ['--merchant', '--language'],
  )
  if (options === undefined) return undefined
  const merchant = options.get('--merchant')
  const language = options.get('--language') ?? 'th'
  if (language !== 'th' && language !== 'en') return undefined
  // Languages and shrinking are about product feeds only.
  if (merchant === undefined && (options.has('--language') || allowShrink)) return undefined
  if (merchant === '') return undefined
  return { name, action, adapter, source, merchant, language, allowShrink }
}

export function formatImportReport(report: ImportReport): string {
  const lines = [
    `import ${report.runId}: ${report.status}; ${report.rowCount} rows, ${report.changedCount} changed, ${report.rejectedCount} refused`,
  ]
  if (report.error !== null) lines.push(`  ${report.error}`)
  for (const rejection of report.rejections) lines.push(`  row ${rejection.row}: ${rejection.reason}`)
  if (report.rejectedCount > report.rejections.length) {
    lines.push(`  … and ${report.rejectedCount - report.rejections.length} more refused rows`)
  }
  return lines.join('\n')
}

export async function runCatalogueOperatorCommand(
  command: CatalogueOperatorCommand,
  database: Database,
  now: () => Date,
  services: {
    pictureStorage?: PictureStorage | undefined
    /** Where an import runs; on this thread into `database` unless told (feed-imports.ts). */
    importFeed?: FeedImporter | undefined
  } = {},
): Promise<string> {
  const { pictureStorage } = services
  if (command.action === 'runs') {
    const runs = await database
      .select()
      .from(catalogueImportRuns)
      .orderBy(desc(catalogueImportRuns.startedAt))
      .limit(command.limit)
    if (runs.length === 0) return 'no catalogue imports yet'
    return runs
      .map(
        (run) =>
          `${formatDate(run.startedAt)}  ${run.id}  ${run.adapter} ${run.kind}  ${run.status}  ` +
          `${run.rowCount} rows, ${run.changedCount} changed, ${run.rejectedCount} refused  ${run.source}` +
          (run.error === null ? '' : `\n    ${run.error}`),
      )
      .join('\n')
  }
  if (command.action === 'pictures') {
    const { counts, reasons } = await pictureQueueReport(database, { reasons: 10 })
    return [
      `pictures: ${counts.ready} made, ${counts.pending} waiting, ${counts.failed} given up`,
      ...(reasons.length === 0 ? [] : ['given up, by reason:']),
      ...reasons.map((reason) => `  ${reason.count}  ${reason.error ?? '(no reason recorded)'}`),
    ].join('\n')
  }
  if (command.action === 'pictures-retry') {
    const retried = await retryFailedPictures(database, now())
    return retried === 0
      ? 'no given-up pictures to try again'
      : `${retried} given-up pictures are waiting to be tried again`
  }
  if (command.action === 'pictures-orphans') {
    if (pictureStorage === undefined) throw new Error('catalogue pictures orphans needs the picture storage')
    const { isDeleting, olderThanHours } = command
    return sweepUnreferencedPictures(database, pictureStorage, { isDeleting, olderThanHours }, now())
  }
  if (command.action === 'feeds-add') {
    const feed = await scheduleFeed(database, command.feed, now())
    return `feed ${feed.id}: ${feed.adapter} ${feed.source}${feed.merchantExternalId === null ? '' : ` merchant ${feed.merchantExternalId} (${feed.language})`}, every ${feed.everyMinutes} minutes, next run ${formatDate(feed.nextRunAt)}`
  }
  if (command.action === 'feeds-list') {
    const feeds = await database.select().from(catalogueFeeds).orderBy(asc(catalogueFeeds.nextRunAt))
    if (feeds.length === 0) return 'no scheduled feeds'
    const lastRuns = new Map(
      (
        await database
          .select()
          .from(catalogueImportRuns)
          .where(
            inArray(
              catalogueImportRuns.id,
              feeds.flatMap((feed) => (feed.lastRunId === null ? [] : [feed.lastRunId])),
            ),
          )
      ).map((run) => [run.id, run]),
    )
    return feeds
      .map((feed) => {
        const last = feed.lastRunId === null ? undefined : lastRuns.get(feed.lastRunId)
        return (
          `${feed.id}  ${feed.adapter} ${feed.merchantExternalId === null ? 'offers' : `merchant ${feed.merchantExternalId} (${feed.language})`}  ` +
          `every ${feed.everyMinutes} min, next ${formatDate(feed.nextRunAt)}, last ${last === undefined ? 'never' : `${last.status} ${formatDate(last.startedAt)}`}  ${feed.source}`
        )
      })
      .join('\n')
  }
  if (command.action === 'feeds-remove') {
    const removed = await database.delete(catalogueFeeds).where(eq(catalogueFeeds.id, command.feedId)).returning()
    if (removed.length === 0) throw new Error(`no feed ${command.feedId}`)
    return `feed ${command.feedId} removed; what it imported stays`
  }
  const importFeed = services.importFeed ?? importFeedInProcess(database, now)
  const report = await importFeed({
    adapter: command.adapter,
    source: command.source,
    merchantExternalId: command.merchant ?? null,
    language: command.language,
    allowShrink: command.allowShrink,
  })
  const text = formatImportReport(report)
  // A failed run exits non-zero, so a scheduler or a script sees it.
  if (report.status === 'failed') throw new Error(text)
  return text
}
