import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { bumpCatalogueVersion } from '#server/catalogue/catalogue-version'
import {
  importOffers,
  importProductFeed,
  type ImportReport,
  type ImportSource,
} from '#server/catalogue/feeds/catalogue-import'
import { findNetworkAdapter } from '#server/catalogue/feeds/network-adapters'
import type { Database } from '#server/db/database'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { demoFeedFolder, offersFileNames, productFeedPathPattern } from '#server/seed/demo-feeds/demo-feed-files'

/** Held for the seeding transaction, so processes starting together seed once between them. */
const seedAdvisoryLockKey = 7_210_002

export const demoFeedDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-feeds', demoFeedFolder)

export type DemoSeedResult =
  { seeded: false } | { seeded: true; merchantCount: number; productCount: number; milliseconds: number }

function fileSource(relativePath: string): ImportSource {
  const file = path.join(demoFeedDirectory, relativePath)
  return { name: `demo-feeds/${relativePath}`, open: () => readFileChunks(file) }
}

async function* readFileChunks(file: string): AsyncGenerator<Buffer> {
  yield await readFile(file)
}

function assertApplied(report: ImportReport, what: string): void {
  // The committed files are the demo's whole catalogue: any refusal is a bug to see at once.
  if (report.status === 'failed' || report.rejectedCount > 0) {
    const first = report.rejections[0]
    throw new Error(
      `the demo feed ${what} did not import cleanly: ${report.error ?? ''} ${first === undefined ? '' : `row ${first.row}: ${first.reason}`}`,
    )
  }
}

async function productFeeds(): Promise<{ path: string; network: string; externalId: string; language: 'th' | 'en' }[]> {
  const feeds = []
  for (const network of Object.keys(offersFileNames)) {
    const folder = path.join(demoFeedDirectory, 'products', network)
    for (const name of (await readdir(folder)).sort()) {
      const relativePath = `products/${network}/${name}`
      const match = productFeedPathPattern.exec(relativePath)
      if (match === null) throw new Error(`unexpected demo feed file ${relativePath}`)
      feeds.push({
        path: relativePath,
        network,
        externalId: match[2] ?? '',
        language: match[3] === 'en' ? ('en' as const) : ('th' as const),
      })
    }
  }
  // Thai primary feeds before their English supplements.
  return feeds.sort((left, right) => (left.language === right.language ? 0 : left.language === 'th' ? -1 : 1))
}

/**
 * What the demo's shoppers did before today, which no feed carries: when each merchant and
 * product arrived, how popular each is, and the operator's top merchants. Taken from the generator
 * the committed feeds were written from.
 */
async function applyDemoHistory(transaction: Database): Promise<void> {
  const catalogue = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)
  await transaction.execute(sql`update merchants set top_rank = null`)
  await transaction.execute(sql`update merchants set
      popularity = history.popularity, created_at = history.created_at, top_rank = history.top_rank
    from unnest(
      ${sql.param(catalogue.merchants.map((merchant) => merchant.id))}::text[],
      ${sql.param(catalogue.merchants.map((merchant) => merchant.popularity))}::integer[],
      ${sql.param(catalogue.merchants.map((merchant) => merchant.createdAt.toISOString()))}::timestamptz[],
      ${sql.param(catalogue.merchants.map((merchant) => merchant.topRank))}::integer[]
    ) as history (id, popularity, created_at, top_rank)
    where merchants.id = history.id`)
  await transaction.execute(sql`update products set popularity = history.popularity, created_at = history.created_at
    from unnest(
      ${sql.param(catalogue.products.map((product) => product.id))}::text[],
      ${sql.param(catalogue.products.map((product) => product.popularity))}::integer[],
      ${sql.param(catalogue.products.map((product) => product.createdAt.toISOString()))}::timestamptz[]
    ) as history (id, popularity, created_at)
    where products.id = history.id`)
  await transaction.execute(sql`update merchant_rate_changes set changed_at = merchants.created_at
    from merchants where merchant_rate_changes.merchant_id = merchants.id`)
}

/**
 * Demo mode's catalogue: the committed demo networks' files (server/seed/demo-feeds/files),
 * imported through the same import as any network's, in one transaction, then the demo's
 * history. All or nothing: a start cut short seeds again next time. Does nothing when the
 * catalogue already has merchants.
 */
export async function seedDemoCatalogueIfEmpty(database: Database): Promise<DemoSeedResult> {
  const started = performance.now()
  const feeds = await productFeeds()
  const result = await database.transaction(async (transaction) => {
    await transaction.execute(sql`select pg_advisory_xact_lock(${seedAdvisoryLockKey})`)
    const existing = v.parse(
      v.object({ rows: v.tuple([v.object({ any: v.boolean() })]) }),
      await transaction.execute(sql`select exists (select 1 from merchants) as "any"`),
    )
    if (existing.rows[0].any) return undefined
    for (const [network, fileName] of Object.entries(offersFileNames)) {
      const adapter = findNetworkAdapter(network)
      if (adapter === undefined) throw new Error(`no adapter ${network}`)
      assertApplied(await importOffers(transaction, { adapter, source: fileSource(fileName) }), fileName)
    }
    for (const feed of feeds) {
      const adapter = findNetworkAdapter(feed.network)
      if (adapter === undefined) throw new Error(`no adapter ${feed.network}`)
      const report = await importProductFeed(transaction, {
        adapter,
        merchantExternalId: feed.externalId,
        language: feed.language,
        source: fileSource(feed.path),
      })
      assertApplied(report, feed.path)
    }
    await applyDemoHistory(transaction)
    const counts = v.parse(
      v.object({ rows: v.tuple([v.object({ merchantCount: v.number(), productCount: v.number() })]) }),
      await transaction.execute(
        sql`select (select count(*) from merchants)::integer as "merchantCount", (select count(*) from products)::integer as "productCount"`,
      ),
    )
    return counts.rows[0]
  })
  bumpCatalogueVersion(database)
  if (result === undefined) return { seeded: false }
  return { seeded: true, ...result, milliseconds: Math.round(performance.now() - started) }
}
