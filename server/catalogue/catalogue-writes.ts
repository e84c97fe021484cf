import { eq, inArray, sql } from 'drizzle-orm'
import { categoryOfLabel, type MerchantCategoryId } from '#domain/categories'
import { estimateCashback } from '#domain/cashback-estimate'
import type { Cashback, LocalizedList, LocalizedText } from '#domain/contracts/catalogue'
import { bumpCatalogueVersion } from '#server/catalogue/catalogue-version'
import type { Database } from '#server/db/database'
import { merchantRateChanges, merchants, products } from '#server/db/schema'
import { createRecordId } from '#server/db/record-id'
import { publishEvent } from '#server/events/event-channel'

export type MerchantInput = {
  id: string
  name: LocalizedText
  description: LocalizedText
  /** The network's label; must match one of domain/categories.ts. */
  categoryLabel: string
  cashback: Cashback
  trackingDays: number
  confirmationDays: number
  terms: LocalizedList
  topRank: number | null
  popularity: number
  shopUrl: string
  createdAt: Date
  /** For merchants from an affiliate network's offers (server/catalogue/feeds). */
  network?: {
    id: string
    externalId: string
    websiteUrl: string | null
    deepLinkTemplate: string | null
    logoSourceUrl: string | null
  }
  /** False for an offer the network has paused. */
  listed?: boolean
}

export type ProductInput = {
  id: string
  merchantId: string
  name: LocalizedText
  price: number
  categoryId: MerchantCategoryId
  comparisonKey: string
  popularity: number
  createdAt: Date
  /** What a product feed says about the item (server/catalogue/feeds); absent for hand-made rows. */
  feed?: {
    itemId: string
    regularPrice: number | null
    brand: string | null
    gtin: string | null
    mpn: string | null
    link: string
    imageSourceUrl: string | null
    hasEnglishName: boolean
  }
}

type MerchantFacts = { cashback: Cashback; name: LocalizedText }

/** One INSERT per this many rows: big enough to be fast, far below PostgreSQL's parameter limit. */
const rowsPerInsert = 500

export class CatalogueInputError extends Error {
  override name = 'CatalogueInputError'
}

/** Between the names of a search text; catalogue-index.ts relies on it holding a character no search term can. */
export const searchTextSeparator = ' \u2022 '

/** The text the trigram index searches: every name a shopper might type, in both languages. */
export function searchTextOf(...names: LocalizedText[]): string {
  return names.flatMap((name) => [name.th, name.en]).join(searchTextSeparator)
}

function assertValidCashback(cashback: Cashback, merchantId: string): void {
  if (cashback.kind === 'flat' && cashback.maxPerOrder === null) {
    throw new CatalogueInputError(`Merchant ${merchantId}: a flat rate needs a cap per order`)
  }
}

function merchantRow(input: MerchantInput): typeof merchants.$inferInsert {
  const categoryId = categoryOfLabel(input.categoryLabel)
  if (categoryId === undefined) {
    throw new CatalogueInputError(`Merchant ${input.id}: unknown category label '${input.categoryLabel}'`)
  }
  assertValidCashback(input.cashback, input.id)
  return {
    id: input.id,
    nameTh: input.name.th,
    nameEn: input.name.en,
    descriptionTh: input.description.th,
    descriptionEn: input.description.en,
    categoryLabel: input.categoryLabel,
    categoryId,
    cashbackKind: input.cashback.kind,
    cashbackRateBasisPoints: input.cashback.rateBasisPoints,
    cashbackMaxPerOrder: input.cashback.maxPerOrder,
    trackingDays: input.trackingDays,
    confirmationDays: input.confirmationDays,
    termsTh: input.terms.th,
    termsEn: input.terms.en,
    topRank: input.topRank,
    popularity: input.popularity,
    shopUrl: input.shopUrl,
    searchText: searchTextOf(input.name),
    createdAt: input.createdAt,
    network: input.network?.id ?? null,
    externalId: input.network?.externalId ?? null,
    websiteUrl: input.network?.websiteUrl ?? null,
    deepLinkTemplate: input.network?.deepLinkTemplate ?? null,
    logoSourceUrl: input.network?.logoSourceUrl ?? null,
    listed: input.listed ?? true,
    delistedAt: input.listed === false ? input.createdAt : null,
  }
}

function productRow(input: ProductInput, merchant: MerchantFacts): typeof products.$inferInsert {
  const estimatedCashback = estimateCashback(input.price, merchant.cashback)
  return {
    id: input.id,
    merchantId: input.merchantId,
    nameTh: input.name.th,
    nameEn: input.name.en,
    price: input.price,
    estimatedCashback,
    netPrice: input.price - estimatedCashback,
    categoryId: input.categoryId,
    comparisonKey: input.comparisonKey,
    popularity: input.popularity,
    searchText: searchTextOf(input.name, merchant.name),
    createdAt: input.createdAt,
    feedItemId: input.feed?.itemId ?? null,
    regularPrice: input.feed?.regularPrice ?? null,
    brand: input.feed?.brand ?? null,
    gtin: input.feed?.gtin ?? null,
    mpn: input.feed?.mpn ?? null,
    link: input.feed?.link ?? null,
    imageSourceUrl: input.feed?.imageSourceUrl ?? null,
    hasEnglishName: input.feed?.hasEnglishName ?? false,
  }
}

function inBatches<Item>(items: readonly Item[]): Item[][] {
  const batches: Item[][] = []
  for (let start = 0; start < items.length; start += rowsPerInsert) {
    batches.push(items.slice(start, start + rowsPerInsert))
  }
  return batches
}

export type CatalogueWriter = {
  /** New merchants; each one's rate starts its rate history, recorded as from `source`. */
  insertMerchants(inputs: readonly MerchantInput[], source?: string): Promise<void>
  insertProducts(inputs: readonly ProductInput[]): Promise<void>
  /**
   * Changes a merchant's cashback, adds it to the rate history (as from `source`, when it differs)
   * and rewrites its products' estimates, in the same transaction.
   */
  updateMerchantCashback(merchantId: string, cashback: Cashback, source?: string): Promise<void>
  deleteEverything(): Promise<void>
  /** The change turned out to change nothing: no process needs to drop its caches. */
  changedNothing(): void
  /** The transaction, for reads the change depends on. */
  readonly database: Database
}

async function recordRateChanges(
  transaction: Database,
  changes: readonly { merchantId: string; cashback: Cashback; at: Date }[],
  source: string,
): Promise<void> {
  for (const batch of inBatches(changes)) {
    await transaction.insert(merchantRateChanges).values(
      batch.map(({ merchantId, cashback, at }) => ({
        id: createRecordId(),
        merchantId,
        cashbackKind: cashback.kind,
        rateBasisPoints: cashback.rateBasisPoints,
        maxPerOrder: cashback.maxPerOrder,
        source,
        changedAt: at,
      })),
    )
  }
}

function createWriter(transaction: Database, announcement: { wanted: boolean }): CatalogueWriter {
  // Products need their merchant's rate and names; merchants inserted in this change are known.
  const knownMerchants = new Map<string, MerchantFacts>()

  async function merchantFactsFor(merchantIds: readonly string[]): Promise<Map<string, MerchantFacts>> {
    const missing = [...new Set(merchantIds)].filter((id) => !knownMerchants.has(id))
    for (const batch of inBatches(missing)) {
      const rows = await transaction
        .select({
          id: merchants.id,
          nameTh: merchants.nameTh,
          nameEn: merchants.nameEn,
          kind: merchants.cashbackKind,
          rateBasisPoints: merchants.cashbackRateBasisPoints,
          maxPerOrder: merchants.cashbackMaxPerOrder,
        })
        .from(merchants)
        .where(inArray(merchants.id, batch))
      for (const row of rows) {
        knownMerchants.set(row.id, {
          name: { th: row.nameTh, en: row.nameEn },
          cashback: { kind: row.kind, rateBasisPoints: row.rateBasisPoints, maxPerOrder: row.maxPerOrder },
        })
      }
    }
    return knownMerchants
  }

  return {
    database: transaction,
    changedNothing() {
      announcement.wanted = false
    },
    async insertMerchants(inputs, source = 'seed') {
      for (const batch of inBatches(inputs.map(merchantRow))) {
        await transaction.insert(merchants).values(batch)
      }
      for (const input of inputs) knownMerchants.set(input.id, { name: input.name, cashback: input.cashback })
      await recordRateChanges(
        transaction,
        inputs.map((input) => ({ merchantId: input.id, cashback: input.cashback, at: input.createdAt })),
        source,
      )
    },
    async insertProducts(inputs) {
      const facts = await merchantFactsFor(inputs.map((input) => input.merchantId))
      const rows = inputs.map((input) => {
        const merchant = facts.get(input.merchantId)
        if (merchant === undefined) {
          throw new CatalogueInputError(`Product ${input.id}: no merchant ${input.merchantId}`)
        }
        return productRow(input, merchant)
      })
      for (const batch of inBatches(rows)) {
        await transaction.insert(products).values(batch)
      }
    },
    async updateMerchantCashback(merchantId, cashback, source = 'operator') {
      assertValidCashback(cashback, merchantId)
      const [before] = await transaction
        .select({
          kind: merchants.cashbackKind,
          rateBasisPoints: merchants.cashbackRateBasisPoints,
          maxPerOrder: merchants.cashbackMaxPerOrder,
        })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .for('update')
      if (before === undefined) throw new CatalogueInputError(`No merchant ${merchantId}`)
      await transaction
        .update(merchants)
        .set({
          cashbackKind: cashback.kind,
          cashbackRateBasisPoints: cashback.rateBasisPoints,
          cashbackMaxPerOrder: cashback.maxPerOrder,
        })
        .where(eq(merchants.id, merchantId))
      const isChange =
        before.kind !== cashback.kind ||
        before.rateBasisPoints !== cashback.rateBasisPoints ||
        before.maxPerOrder !== cashback.maxPerOrder
      if (isChange) await recordRateChanges(transaction, [{ merchantId, cashback, at: new Date() }], source)
      knownMerchants.delete(merchantId)
      // Same rule as domain/cashback-estimate.ts: round down, then cap. Integer division in SQL
      // truncates, which is rounding down for the non-negative amounts stored here.
      const uncapped = sql`(${products.price}::bigint * ${cashback.rateBasisPoints} / 10000)::integer`
      const estimate =
        cashback.maxPerOrder === null ? uncapped : sql`least(${uncapped}, ${cashback.maxPerOrder}::integer)`
      await transaction
        .update(products)
        .set({ estimatedCashback: estimate, netPrice: sql`${products.price} - ${estimate}` })
        .where(eq(products.merchantId, merchantId))
    },
    async deleteEverything() {
      await transaction.delete(merchantRateChanges)
      await transaction.delete(products)
      await transaction.delete(merchants)
      knownMerchants.clear()
    },
  }
}

/**
 * The only way to change merchants and products: one transaction that also announces
 * `catalogue.changed` on commit (every process's caches of lists, details and pictures start
 * over), then the catalogue version of this database moves at once, without waiting for the
 * notification to come back.
 */
export async function changeCatalogue<Result>(
  database: Database,
  change: (writer: CatalogueWriter) => Promise<Result>,
): Promise<Result> {
  try {
    return await database.transaction(async (transaction) => {
      const announcement = { wanted: true }
      const result = await change(createWriter(transaction, announcement))
      if (announcement.wanted) await publishEvent(transaction, 'catalogue.changed', {})
      return result
    })
  } finally {
    // Also after a failed change: a rolled-back transaction may still have raced a cache fill.
    bumpCatalogueVersion(database)
  }
}
