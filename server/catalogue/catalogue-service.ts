import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type {
  MerchantListQuery,
  MerchantListResponse,
  ProductListQuery,
  ProductListResponse,
  ProductOffersResponse,
} from '#domain/contracts/catalogue'
import { isCatalogueId } from '#server/catalogue/catalogue-ids'
import {
  countMerchants,
  countProducts,
  selectMerchant,
  selectMerchantPage,
  selectProduct,
  selectProductOffers,
  selectProductPage,
  type MerchantSearch,
  type ProductSearch,
} from '#server/catalogue/catalogue-queries'
import { currentCatalogueVersion } from '#server/catalogue/catalogue-version'
import { createResponseCache } from '#server/catalogue/response-cache'
import type { Database } from '#server/db/database'

/** Bytes as sent, with the strong validator of exactly these bytes. */
export type EncodedBody = { body: Uint8Array<ArrayBuffer>; entityTag: string }

/**
 * A serialized answer, computed once per cache fill: the JSON as UTF-8 and, made on first demand
 * and kept with it, its gzip form. Each is a representation of its own with its own strong ETag
 * (the gzip one ends in `-gz`), so a cached answer costs no serialization and no compression.
 */
export type JsonRepresentation = EncodedBody & {
  /** `undefined` when the answer is too small for gzip to pay off. */
  gzipped(): EncodedBody | undefined
}

export type CatalogueService = {
  listMerchants(query: MerchantListQuery): Promise<JsonRepresentation>
  listProducts(query: ProductListQuery): Promise<JsonRepresentation>
  /** `undefined` when there is no such merchant (or the id is malformed). */
  getMerchant(id: string): Promise<JsonRepresentation | undefined>
  getProduct(id: string): Promise<JsonRepresentation | undefined>
  getProductOffers(id: string): Promise<JsonRepresentation | undefined>
}

export type CatalogueCacheOptions = {
  maxEntries?: number
  /** Bounds how long another process's catalogue change stays invisible here. */
  timeToLiveMilliseconds?: number
}

/** Below this many bytes gzip saves too little to be worth a round of work (as `hono/compress`). */
const gzipThresholdBytes = 1024

const utf8 = new TextEncoder()

function represent(value: unknown): JsonRepresentation {
  const body = utf8.encode(JSON.stringify(value))
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  let gzipped: EncodedBody | undefined
  return {
    body,
    entityTag: `"${tag}"`,
    gzipped() {
      if (body.byteLength < gzipThresholdBytes) return undefined
      gzipped ??= { body: new Uint8Array(gzipSync(body)), entityTag: `"${tag}-gz"` }
      return gzipped
    },
  }
}

/** Object keys in a fixed order, so `{a,b}` and `{b,a}` share a cache entry. */
function canonicalFilter(filter: object | undefined): string {
  if (filter === undefined) return ''
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined)
  return JSON.stringify(entries.sort(([left], [right]) => left.localeCompare(right)))
}

/** Searches are case-insensitive, so the cache key and the query use one spelling. */
function normalizedSearch(search: string | undefined): string | undefined {
  return search?.toLowerCase()
}

function searchKey(search: MerchantSearch | ProductSearch): string {
  return JSON.stringify([search.search ?? null, canonicalFilter(search.filter)])
}

function pageKey(query: MerchantListQuery | ProductListQuery): string {
  // Only the name sort depends on the language; the others share one entry for both.
  const locale = query.sort === 'name' ? query.locale : null
  return JSON.stringify([query.sort, locale, query.limit, query.skip, searchKey(query)])
}

/**
 * Catalogue answers are the same for every shopper, so they are built once and kept, serialized
 * with their ETag, in a bounded cache that empties when this process changes the catalogue
 * (catalogue-version.ts) and otherwise expires after a minute. Totals are cached on their own:
 * every page of one search shares its count, and counting is the expensive part.
 */
export function createCatalogueService(database: Database, options: CatalogueCacheOptions = {}): CatalogueService {
  const cacheOptions = {
    maxEntries: options.maxEntries ?? 500,
    timeToLiveMilliseconds: options.timeToLiveMilliseconds ?? 60_000,
  }
  const responses = createResponseCache<JsonRepresentation | undefined>(cacheOptions)
  const totals = createResponseCache<number>(cacheOptions)
  let cachedVersion = currentCatalogueVersion(database)

  function dropStaleCaches(): void {
    const version = currentCatalogueVersion(database)
    if (version === cachedVersion) return
    cachedVersion = version
    responses.clear()
    totals.clear()
  }

  async function cached(key: string, load: () => Promise<unknown>): Promise<JsonRepresentation | undefined> {
    dropStaleCaches()
    return responses.getOrLoad(key, async () => {
      const value = await load()
      return value === undefined ? undefined : represent(value)
    })
  }

  async function cachedList(key: string, load: () => Promise<unknown>): Promise<JsonRepresentation> {
    const representation = await cached(key, load)
    if (representation === undefined) throw new Error(`List ${key} produced no answer`)
    return representation
  }

  return {
    listMerchants(query) {
      const normalized = { ...query, search: normalizedSearch(query.search) }
      return cachedList(`merchants:${pageKey(normalized)}`, async () => {
        const [data, total] = await Promise.all([
          selectMerchantPage(database, normalized),
          totals.getOrLoad(`merchants:${searchKey(normalized)}`, () => countMerchants(database, normalized)),
        ])
        return { data, total } satisfies MerchantListResponse
      })
    },
    listProducts(query) {
      const normalized = { ...query, search: normalizedSearch(query.search) }
      return cachedList(`products:${pageKey(normalized)}`, async () => {
        const [data, total] = await Promise.all([
          selectProductPage(database, normalized),
          totals.getOrLoad(`products:${searchKey(normalized)}`, () => countProducts(database, normalized)),
        ])
        return { data, total } satisfies ProductListResponse
      })
    },
    async getMerchant(id) {
      if (!isCatalogueId(id)) return undefined
      return cached(`merchant:${id}`, () => selectMerchant(database, id))
    },
    async getProduct(id) {
      if (!isCatalogueId(id)) return undefined
      return cached(`product:${id}`, () => selectProduct(database, id))
    },
    async getProductOffers(id) {
      if (!isCatalogueId(id)) return undefined
      return cached(`offers:${id}`, async () => {
        const data = await selectProductOffers(database, id)
        return data === undefined ? undefined : ({ data, total: data.length } satisfies ProductOffersResponse)
      })
    },
  }
}
