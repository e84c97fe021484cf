import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { categoryOfLabel, type MerchantCategoryId } from '#domain/categories'
import { estimateCashback } from '#domain/cashback-estimate'
import type { Cashback } from '#domain/contracts/catalogue'
import { deterministicCatalogueId } from '#server/catalogue/catalogue-ids'
import { changeCatalogue, searchTextSeparator, type CatalogueWriter } from '#server/catalogue/catalogue-writes'
import { MalformedFeedError, readFeedRows } from '#server/catalogue/feeds/feed-files'
import { readProductFeed, type NetworkAdapter } from '#server/catalogue/feeds/network-adapters'
import type { OfferRecord } from '#server/catalogue/feeds/offer-records'
import { productComparisonKey } from '#server/catalogue/feeds/product-identity'
import { translatedTitleOf, type ProductFeedRecord } from '#server/catalogue/feeds/product-feed-records'
import type { Database } from '#server/db/database'
import { createRecordId } from '#server/db/record-id'
import { catalogueImportRuns, merchants, products } from '#server/db/schema'

/**
 * The one way merchants and products get in from affiliate networks (issue 19). A run reads a
 * file row by row, refuses bad rows with their reason and applies the rest in one transaction
 * (a file that turns out broken halfway changes nothing); applying the same file again changes
 * nothing. What a later file leaves out is delisted, never deleted: purchases point at it.
 */

export type ImportReport = {
  runId: string
  status: 'applied' | 'unchanged' | 'failed'
  rowCount: number
  rejectedCount: number
  /** Merchants or products added, changed or delisted. */
  changedCount: number
  /** The first `keptRejections` refused rows. */
  rejections: { row: number; reason: string }[]
  error: string | null
}

/** A run that must not apply: what it would do is not what anyone wants (an empty feed, a collapse). */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError'
}

/** Rejections stored and printed; the count says how many more there were. */
const keptRejections = 100
/** Products written per statement. */
const productsPerBatch = 500
/**
 * A product feed may drop at most this share of a merchant's listed products in one run unless
 * told it is right (`allowShrink`): a merchant's broken export should not empty its shelf.
 */
const maxShrinkShare = 0.5

type Rejections = { count: number; kept: { row: number; reason: string }[] }

function reject(rejections: Rejections, row: number, reason: string): void {
  rejections.count += 1
  if (rejections.kept.length < keptRejections) rejections.kept.push({ row, reason })
}

export type ImportSource = {
  /** What the run read, as the report names it (a path or a URL). */
  name: string
  open: () => AsyncIterable<Buffer | string>
}

type RunContext = {
  runId: string
  startedAt: Date
  adapter: NetworkAdapter
  kind: 'offers' | 'products'
  source: string
}

async function recordRun(database: Database, context: RunContext, report: Omit<ImportReport, 'runId'>, now: Date) {
  await database.insert(catalogueImportRuns).values({
    id: context.runId,
    adapter: context.adapter.id,
    kind: context.kind,
    source: context.source.slice(0, 2000),
    status: report.status,
    rowCount: report.rowCount,
    rejectedCount: report.rejectedCount,
    changedCount: report.changedCount,
    rejections: report.rejections,
    error: report.error,
    startedAt: context.startedAt,
    finishedAt: now,
  })
}

/** Runs `apply`; a refused or broken file, or a failed write, is recorded as a failed run. */
async function runImport(
  database: Database,
  context: RunContext,
  now: () => Date,
  apply: (rejections: Rejections) => Promise<{ rowCount: number; changedCount: number }>,
): Promise<ImportReport> {
  const rejections: Rejections = { count: 0, kept: [] }
  let rowCount = 0
  try {
    const applied = await apply(rejections)
    rowCount = applied.rowCount
    const report = {
      status: applied.changedCount > 0 ? ('applied' as const) : ('unchanged' as const),
      rowCount,
      rejectedCount: rejections.count,
      changedCount: applied.changedCount,
      rejections: rejections.kept,
      error: null,
    }
    await recordRun(database, context, report, now())
    return { runId: context.runId, ...report }
  } catch (error) {
    const isExpected = error instanceof MalformedFeedError || error instanceof ImportRefusedError
    const report = {
      status: 'failed' as const,
      rowCount,
      rejectedCount: rejections.count,
      changedCount: 0,
      rejections: rejections.kept,
      error: isExpected
        ? error.message
        : `the import failed: ${error instanceof Error ? error.message : String(error)}`,
    }
    await recordRun(database, context, report, now())
    if (!isExpected) throw error
    return { runId: context.runId, ...report }
  }
}

function merchantIdOf(network: string, externalId: string): string {
  return deterministicCatalogueId(`${network}:${externalId}`)
}

function sameCashback(a: Cashback, b: Cashback): boolean {
  return a.kind === b.kind && a.rateBasisPoints === b.rateBasisPoints && a.maxPerOrder === b.maxPerOrder
}

/**
 * A network's offers file: its merchants as a whole. New offers become merchants, changed ones
 * are updated (a rate change is added to the rate history and rewrites the estimates of the
 * merchant's products), paused ones and those the file no longer has are delisted with their
 * products, and return when the network lists them again.
 */
export async function importOffers(
  database: Database,
  options: { adapter: NetworkAdapter; source: ImportSource; now?: () => Date },
): Promise<ImportReport> {
  const now = options.now ?? (() => new Date())
  const context: RunContext = {
    runId: createRecordId(),
    startedAt: now(),
    adapter: options.adapter,
    kind: 'offers',
    source: options.source.name,
  }
  return runImport(database, context, now, async (rejections) => {
    const offers = new Map<string, { row: number; offer: OfferRecord }>()
    let rowCount = 0
    for await (const read of options.adapter.readOffers(options.source.open())) {
      rowCount = read.row
      if (!read.ok) reject(rejections, read.row, read.reason)
      else if (offers.has(read.record.externalId)) {
        reject(
          rejections,
          read.row,
          `id ${read.record.externalId} repeats row ${offers.get(read.record.externalId)?.row}`,
        )
      } else offers.set(read.record.externalId, { row: read.row, offer: read.record })
    }
    if (offers.size === 0) throw new ImportRefusedError('the file has no offer that could be imported')
    const changedCount = await changeCatalogue(database, (writer) =>
      applyOffers(
        writer,
        options.adapter.id,
        [...offers.values()].map(({ offer }) => offer),
        context.runId,
        now(),
      ),
    )
    return { rowCount, changedCount }
  })
}

async function applyOffers(
  writer: CatalogueWriter,
  network: string,
  offers: readonly OfferRecord[],
  runId: string,
  at: Date,
): Promise<number> {
  const transaction = writer.database
  const existing = new Map(
    (await transaction.select().from(merchants).where(eq(merchants.network, network)).for('update')).map((row) => [
      row.externalId ?? '',
      row,
    ]),
  )
  const source = `import:${runId}`
  let changed = 0
  const added = offers.filter((offer) => !existing.has(offer.externalId))
  await writer.insertMerchants(
    added.map((offer) => ({
      id: merchantIdOf(network, offer.externalId),
      name: offer.name,
      description: offer.description,
      categoryLabel: offer.categoryLabel,
      cashback: offer.cashback,
      trackingDays: offer.trackingDays,
      confirmationDays: offer.confirmationDays,
      terms: offer.terms,
      topRank: null,
      popularity: 0,
      shopUrl: offer.trackingLink,
      createdAt: at,
      network: {
        id: network,
        externalId: offer.externalId,
        websiteUrl: offer.websiteUrl,
        deepLinkTemplate: offer.deepLinkTemplate,
        logoSourceUrl: offer.logoUrl,
      },
      listed: offer.isActive,
    })),
    source,
  )
  changed += added.length

  for (const offer of offers) {
    const row = existing.get(offer.externalId)
    if (row === undefined) continue
    const wanted = {
      nameTh: offer.name.th,
      nameEn: offer.name.en,
      descriptionTh: offer.description.th,
      descriptionEn: offer.description.en,
      categoryLabel: offer.categoryLabel,
      categoryId: categoryOfLabel(offer.categoryLabel) as MerchantCategoryId,
      trackingDays: offer.trackingDays,
      confirmationDays: offer.confirmationDays,
      termsTh: offer.terms.th,
      termsEn: offer.terms.en,
      shopUrl: offer.trackingLink,
      websiteUrl: offer.websiteUrl,
      deepLinkTemplate: offer.deepLinkTemplate,
      logoSourceUrl: offer.logoUrl,
      searchText: [offer.name.th, offer.name.en].join(searchTextSeparator),
    }
    const differs = (Object.keys(wanted) as (keyof typeof wanted)[]).some(
      (key) => JSON.stringify(wanted[key]) !== JSON.stringify(row[key]),
    )
    const cashbackChanged = !sameCashback(offer.cashback, {
      kind: row.cashbackKind,
      rateBasisPoints: row.cashbackRateBasisPoints,
      maxPerOrder: row.cashbackMaxPerOrder,
    })
    const listingChanged = row.listed !== offer.isActive
    if (!differs && !cashbackChanged && !listingChanged) continue
    changed += 1
    if (differs) {
      await transaction.update(merchants).set(wanted).where(eq(merchants.id, row.id))
      // Products carry their merchant's names in their search text.
      if (row.nameTh !== wanted.nameTh || row.nameEn !== wanted.nameEn) {
        await transaction
          .update(products)
          .set({
            searchText: sql`${products.nameTh} || ${searchTextSeparator} || ${products.nameEn} || ${searchTextSeparator} || ${wanted.nameTh} || ${searchTextSeparator} || ${wanted.nameEn}`,
          })
          .where(eq(products.merchantId, row.id))
      }
    }
    if (cashbackChanged) await writer.updateMerchantCashback(row.id, offer.cashback, source)
    if (listingChanged) await setMerchantListed(transaction, row.id, offer.isActive, at)
  }

  const offered = new Set(offers.map((offer) => offer.externalId))
  for (const row of existing.values()) {
    if (offered.has(row.externalId ?? '') || !row.listed) continue
    await setMerchantListed(transaction, row.id, false, at)
    changed += 1
  }
  if (changed === 0) writer.changedNothing()
  return changed
}

/**
 * A merchant and its products leave or return to the lists together. A product the merchant's
 * own feed withdrew (`delisted_at` set) stays delisted when the merchant returns.
 */
async function setMerchantListed(transaction: Database, merchantId: string, listed: boolean, at: Date) {
  await transaction
    .update(merchants)
    .set({ listed, delistedAt: listed ? null : at })
    .where(eq(merchants.id, merchantId))
  await transaction
    .update(products)
    .set({ listed })
    .where(and(eq(products.merchantId, merchantId), isNull(products.delistedAt)))
}

async function networkMerchant(database: Database, network: string, externalId: string) {
  const [merchant] = await database
    .select()
    .from(merchants)
    .where(and(eq(merchants.network, network), eq(merchants.externalId, externalId)))
  if (merchant === undefined) {
    throw new ImportRefusedError(`no merchant ${externalId} from ${network}: import its offers first`)
  }
  return merchant
}

const feedItemsRowsSchema = v.object({ rows: v.array(v.object({ item_id: v.string() })) })

/**
 * A merchant's product feed in the Google Merchant Center format. `language: 'th'` is the primary
 * feed: it is the merchant's products as a whole (what it leaves out is delisted, and a run that
 * would delist more than half the shelf is refused unless `allowShrink`). `language: 'en'` is a
 * supplemental feed: English titles for items the primary feed has; until one comes, the English
 * name repeats the Thai title.
 */
export async function importProductFeed(
  database: Database,
  options: {
    adapter: NetworkAdapter
    merchantExternalId: string
    language: 'th' | 'en'
    source: ImportSource
    allowShrink?: boolean
    now?: () => Date
  },
): Promise<ImportReport> {
  const now = options.now ?? (() => new Date())
  const context: RunContext = {
    runId: createRecordId(),
    startedAt: now(),
    adapter: options.adapter,
    kind: 'products',
    source: options.source.name,
  }
  return runImport(database, context, now, async (rejections) =>
    changeCatalogue(database, async (writer) => {
      const merchant = await networkMerchant(writer.database, options.adapter.id, options.merchantExternalId)
      const result =
        options.language === 'th'
          ? await applyPrimaryFeed(writer, merchant, options, rejections, now())
          : await applySupplementalFeed(writer, merchant, options, rejections)
      if (result.changedCount === 0) writer.changedNothing()
      return result
    }),
  )
}

type MerchantRecord = typeof merchants.$inferSelect

async function applyPrimaryFeed(
  writer: CatalogueWriter,
  merchant: MerchantRecord,
  options: { source: ImportSource; allowShrink?: boolean },
  rejections: Rejections,
  at: Date,
): Promise<{ rowCount: number; changedCount: number }> {
  const transaction = writer.database
  // The feed's item ids, to find repeats across batches and what the feed left out.
  // Several feeds may be imported in one outer transaction (the demo seed): the table then exists.
  await transaction.execute(
    sql`create temporary table if not exists feed_items (item_id text primary key) on commit drop`,
  )
  await transaction.execute(sql`delete from feed_items`)
  const cashback: Cashback = {
    kind: merchant.cashbackKind,
    rateBasisPoints: merchant.cashbackRateBasisPoints,
    maxPerOrder: merchant.cashbackMaxPerOrder,
  }
  const merchantNames = [merchant.nameTh, merchant.nameEn].join(searchTextSeparator)
  let rowCount = 0
  let keptCount = 0
  let changedCount = 0
  let batch: { row: number; record: ProductFeedRecord }[] = []

  const flush = async () => {
    if (batch.length === 0) return
    const inBatch = new Map<string, number>()
    const unique = batch.filter(({ row, record }) => {
      const earlier = inBatch.get(record.itemId)
      if (earlier !== undefined) reject(rejections, row, `id ${record.itemId} repeats row ${earlier}`)
      else inBatch.set(record.itemId, row)
      return earlier === undefined
    })
    batch = []
    const fresh = v.parse(
      feedItemsRowsSchema,
      await transaction.execute(sql`insert into feed_items (item_id)
        select unnest(${sql.param(unique.map(({ record }) => record.itemId))}::text[])
        on conflict do nothing returning item_id`),
    )
    const freshIds = new Set(fresh.rows.map((row) => row.item_id))
    const kept = unique.filter(({ row, record }) => {
      if (!freshIds.has(record.itemId)) reject(rejections, row, `id ${record.itemId} repeats an earlier row`)
      return freshIds.has(record.itemId)
    })
    keptCount += kept.length
    if (kept.length === 0) return
    const values = kept.map(({ record }) => {
      const id = deterministicCatalogueId(`${merchant.id}:${record.itemId}`)
      const estimatedCashback = estimateCashback(record.price, cashback)
      return {
        id,
        merchantId: merchant.id,
        feedItemId: record.itemId,
        nameTh: record.title,
        nameEn: record.title,
        price: record.price,
        regularPrice: record.regularPrice,
        estimatedCashback,
        netPrice: record.price - estimatedCashback,
        categoryId: record.categoryId,
        comparisonKey: productComparisonKey(id, record),
        popularity: 0,
        searchText: [record.title, record.title, merchantNames].join(searchTextSeparator),
        brand: record.brand,
        gtin: record.gtin,
        mpn: record.mpn,
        link: record.link,
        imageSourceUrl: record.imageLink,
        listed: record.isAvailable && merchant.listed,
        delistedAt: record.isAvailable ? null : at,
        createdAt: at,
      }
    })
    // An English name a supplemental feed gave is kept; otherwise it follows the Thai title.
    const nameEn = sql`case when ${products.hasEnglishName} then ${products.nameEn} else excluded.name_en end`
    const updates = {
      nameTh: sql`excluded.name_th`,
      nameEn,
      price: sql`excluded.price`,
      regularPrice: sql`excluded.regular_price`,
      estimatedCashback: sql`excluded.estimated_cashback`,
      netPrice: sql`excluded.net_price`,
      categoryId: sql`excluded.category_id`,
      comparisonKey: sql`excluded.comparison_key`,
      searchText: sql`excluded.name_th || ${searchTextSeparator} || ${nameEn} || ${searchTextSeparator} || ${merchantNames}`,
      brand: sql`excluded.brand`,
      gtin: sql`excluded.gtin`,
      mpn: sql`excluded.mpn`,
      link: sql`excluded.link`,
      imageSourceUrl: sql`excluded.image_source_url`,
      listed: sql`excluded.listed`,
      // Withdrawn keeps the day it was first withdrawn.
      delistedAt: sql`case when excluded.delisted_at is null then null else coalesce(${products.delistedAt}, excluded.delisted_at) end`,
    }
    const columns = {
      nameTh: products.nameTh,
      nameEn: products.nameEn,
      price: products.price,
      regularPrice: products.regularPrice,
      estimatedCashback: products.estimatedCashback,
      netPrice: products.netPrice,
      categoryId: products.categoryId,
      comparisonKey: products.comparisonKey,
      searchText: products.searchText,
      brand: products.brand,
      gtin: products.gtin,
      mpn: products.mpn,
      link: products.link,
      imageSourceUrl: products.imageSourceUrl,
      listed: products.listed,
      delistedAt: products.delistedAt,
    }
    const keys = Object.keys(updates) as (keyof typeof updates)[]
    const written = await transaction
      .insert(products)
      .values(values)
      .onConflictDoUpdate({
        target: [products.merchantId, products.feedItemId],
        set: updates,
        // Only rows that differ are written: the same feed again changes nothing.
        setWhere: sql`(${sql.join(
          keys.map((key) => columns[key]),
          sql`, `,
        )}) is distinct from (${sql.join(
          keys.map((key) => updates[key]),
          sql`, `,
        )})`,
      })
      .returning({ id: products.id })
    changedCount += written.length
  }

  for await (const read of readProductFeed(options.source.open(), merchant.categoryId)) {
    rowCount = read.row
    if (!read.ok) reject(rejections, read.row, read.reason)
    else batch.push({ row: read.row, record: read.record })
    if (batch.length >= productsPerBatch) await flush()
  }
  await flush()
  if (keptCount === 0) throw new ImportRefusedError('the feed has no item that could be imported')

  const leftOut = and(
    eq(products.merchantId, merchant.id),
    isNotNull(products.feedItemId),
    isNull(products.delistedAt),
    sql`${products.feedItemId} not in (select item_id from feed_items)`,
  )
  const [shelf] = await transaction
    .select({
      listed: sql<number>`count(*) filter (where ${products.delistedAt} is null)::integer`,
      leftOut: sql<number>`count(*) filter (where ${leftOut})::integer`,
    })
    .from(products)
    .where(eq(products.merchantId, merchant.id))
  const leftOutCount = shelf?.leftOut ?? 0
  if (!options.allowShrink && leftOutCount > maxShrinkShare * (shelf?.listed ?? 0)) {
    throw new ImportRefusedError(
      `the feed leaves out ${leftOutCount} of the merchant's ${shelf?.listed ?? 0} listed products; if that is right, import it with --allow-shrink`,
    )
  }
  if (leftOutCount > 0) {
    await transaction.update(products).set({ listed: false, delistedAt: at }).where(leftOut)
    changedCount += leftOutCount
  }
  return { rowCount, changedCount }
}

async function applySupplementalFeed(
  writer: CatalogueWriter,
  merchant: MerchantRecord,
  options: { source: ImportSource },
  rejections: Rejections,
): Promise<{ rowCount: number; changedCount: number }> {
  const transaction = writer.database
  let rowCount = 0
  let changedCount = 0
  let keptCount = 0
  const merchantNames = [merchant.nameTh, merchant.nameEn].join(searchTextSeparator)
  let batch: { row: number; itemId: string; title: string }[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const items = batch
    batch = []
    const known = await transaction
      .select({ itemId: products.feedItemId })
      .from(products)
      .where(
        and(
          eq(products.merchantId, merchant.id),
          inArray(
            products.feedItemId,
            items.map((item) => item.itemId),
          ),
        ),
      )
    const knownIds = new Set(known.map((row) => row.itemId))
    const kept = items.filter((item) => {
      if (!knownIds.has(item.itemId))
        reject(rejections, item.row, `id ${item.itemId} is not in the merchant's primary feed`)
      return knownIds.has(item.itemId)
    })
    keptCount += kept.length
    if (kept.length === 0) return
    // One statement per batch; rows whose English name is already this title are left alone.
    const updated = v.parse(
      feedItemsRowsSchema,
      await transaction.execute(sql`update ${products} set
          name_en = titles.title,
          has_english_name = true,
          search_text = ${products.nameTh} || ${searchTextSeparator} || titles.title || ${searchTextSeparator} || ${merchantNames}
        from unnest(
          ${sql.param(kept.map((item) => item.itemId))}::text[],
          ${sql.param(kept.map((item) => item.title))}::text[]
        ) as titles (item_id, title)
        where ${products.merchantId} = ${merchant.id} and ${products.feedItemId} = titles.item_id
          and (${products.nameEn}, ${products.hasEnglishName}) is distinct from (titles.title, true)
        returning titles.item_id`),
    )
    changedCount += updated.rows.length
  }
  for await (const row of readFeedRows(options.source.open())) {
    rowCount = row.row
    const read = translatedTitleOf(row)
    if (!read.ok) reject(rejections, row.row, read.reason)
    else batch.push({ row: row.row, ...read.record })
    if (batch.length >= productsPerBatch) await flush()
  }
  await flush()
  if (keptCount === 0) throw new ImportRefusedError('the feed has no item that could be imported')
  return { rowCount, changedCount }
}
