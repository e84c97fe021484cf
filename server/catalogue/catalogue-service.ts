import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type {
  MerchantListQuery,
  MerchantListResponse,
  ProductListQuery,
  ProductListResponse,
  ProductOffersResponse,
} from '#domain/contracts/catalogue'
import { normalizeSearchTerm } from '#domain/search-text'
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
import { loadCatalogueIndex, type CatalogueIndex } from '#server/catalogue/catalogue-index'
import { currentCatalogueVersion, hearsCatalogueChanges } from '#server/catalogue/catalogue-version'
import { createResponseCache } from '#server/catalogue/response-cache'
import type { Database } from '#server/db/database'
import type { Logger } from '#server/logger'

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
  /**
   * A search answered while the index of the current catalogue was not ready (docs/decisions/020):
   * kept by no cache, here or in the browser.
   */
  isProvisional?: true
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
  /**
   * The in-memory index that answers the lists (catalogue-index.ts); `false` leaves every list to
   * SQL. Not built above `maxProducts` products (default 250,000), which bounds its memory. A
   * search with no index to make do with (after a start) waits up to `waitMilliseconds` (default
   * 1,500) for it. With `loadAtStart`, it starts loading at once rather than on the first list: a
   * server process does (main.ts), so one that has just joined the others behind the load balancer
   * ranks its first searches as they do.
   */
  searchIndex?: false | { maxProducts?: number; waitMilliseconds?: number; loadAtStart?: boolean }
  /** Hears when the index is built, too big, or fails to load. */
  logger?: Pick<Logger, 'info' | 'warn'>
}

/** About 100 MB of index; a bigger catalogue is searched by SQL. */
const defaultMaxIndexedProducts = 250_000
const defaultSearchWaitMilliseconds = 1_500
/** After a failed load, SQL answers alone this long before the index is tried again. */
const indexRetryMilliseconds = 10_000

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

/** Searches are case-insensitive, so the cache key and the query use one spelling (domain/search-text.ts). */
function normalizedSearch(search: string | undefined): string | undefined {
  return search === undefined ? undefined : normalizeSearchTerm(search)
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
 *
 * Lists are answered from the catalogue index once it is ready (a search that is new each time
 * costs microseconds instead of a query, which PGlite would serve one at a time). It is loaded on
 * the first list after start or after a change, in the background. Lists without a search are
 * answered by SQL until it is ready (a start is never slowed, and a change shows at once);
 * searches, which only the index ranks, make do with the index it replaces, or after a start wait
 * a moment for it (docs/decisions/020). It belongs to one catalogue version,
 * like every cache here, and while no event channel hears other processes' changes it also lives
 * no longer than the cache's time-to-live.
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

  const searchIndexOptions = options.searchIndex
  const maxIndexedProducts =
    searchIndexOptions === false ? 0 : (searchIndexOptions?.maxProducts ?? defaultMaxIndexedProducts)
  const searchWaitMilliseconds =
    searchIndexOptions === false ? 0 : (searchIndexOptions?.waitMilliseconds ?? defaultSearchWaitMilliseconds)
  let index: { version: number; loadedAt: number; index: CatalogueIndex | undefined } | undefined
  /** The index of the catalogue before a change, kept for searches until the next one is ready. */
  let previous: CatalogueIndex | undefined
  /** Settles when the load under way has ended, however it ended. */
  let loading: Promise<void> | undefined
  let retryAt = 0

  function loadIndex(version: number): void {
    const started = performance.now()
    // What is read can be no older than this, which is what the time-to-live counts from.
    const readFrom = Date.now()
    loading = loadCatalogueIndex(database, { maxProducts: maxIndexedProducts })
      .then((outcome) => {
        // A change during the load may or may not be in what was read: only the version it
        // started at is certain, and a moved version means the load is already stale.
        if (currentCatalogueVersion(database) !== version) return
        const loaded = outcome.kind === 'loaded' ? outcome.index : undefined
        index = { version, loadedAt: readFrom, index: loaded }
        previous = undefined
        if (loaded === undefined) {
          options.logger?.info(
            { products: outcome.kind === 'too-large' ? outcome.productCount : undefined, maxIndexedProducts },
            'catalogue index: too many products, SQL answers the lists',
          )
          return
        }
        options.logger?.info(
          {
            merchants: loaded.merchantCount,
            products: loaded.productCount,
            approximateMegabytes: Math.round(loaded.approximateBytes / 100_000) / 10,
            milliseconds: Math.round(performance.now() - started),
          },
          'catalogue index ready',
        )
      })
      .catch((error: unknown) => {
        retryAt = Date.now() + indexRetryMilliseconds
        options.logger?.warn({ err: error }, 'catalogue index: loading failed, SQL answers the lists')
      })
      .finally(() => {
        loading = undefined
      })
  }

  function isFresh(loaded: NonNullable<typeof index>): boolean {
    return hearsCatalogueChanges(database) || Date.now() - loaded.loadedAt < cacheOptions.timeToLiveMilliseconds
  }

  /**
   * The index of the current catalogue, or `undefined` (SQL answers) while it loads. An index that
   * is no longer current is kept for searches until the next one is ready (the one of a changed
   * catalogue as `previous`), so memory holds at most two.
   */
  function currentIndex(): CatalogueIndex | undefined {
    if (searchIndexOptions === false) return undefined
    const version = currentCatalogueVersion(database)
    if (index !== undefined && index.version === version && isFresh(index)) return index.index
    if (index !== undefined && index.version !== version) {
      previous = index.index ?? previous
      index = undefined
    }
    if (loading === undefined && Date.now() >= retryAt) loadIndex(version)
    return undefined
  }

  /**
   * The index a search is answered with (docs/decisions/020): the current catalogue's when it is
   * ready. While it loads, the index it replaces answers at once (a catalogue changes in bursts,
   * and each change would otherwise hold every search up for a rebuild); with none, after a start,
   * the search waits up to `searchWaitMilliseconds`, then makes do with SQL's plain substrings.
   * Such answers are provisional (`isCurrent` false). SQL is also the answer, a current one, when
   * there is no index to be had: the catalogue is above the memory bound, or the last load failed.
   */
  async function searchIndex(): Promise<{ index: CatalogueIndex | undefined; isCurrent: boolean }> {
    const deadline = Date.now() + searchWaitMilliseconds
    for (;;) {
      const fresh = currentIndex()
      if (fresh !== undefined) return { index: fresh, isCurrent: true }
      const version = currentCatalogueVersion(database)
      // Too large to be built (`index.index` undefined): SQL. Else past its time-to-live: it answers
      // while the next one loads, provisionally, since a change elsewhere may not be in it.
      if (index !== undefined && index.version === version) {
        return { index: index.index, isCurrent: index.index === undefined }
      }
      if (previous !== undefined) return { index: previous, isCurrent: false }
      // No load under way: the last one failed, and SQL is what there is until the next try.
      if (loading === undefined) return { index: undefined, isCurrent: true }
      const remaining = deadline - Date.now()
      if (remaining <= 0) return { index: undefined, isCurrent: false }
      let timer: NodeJS.Timeout | undefined
      await Promise.race([loading, new Promise((resolve) => (timer = setTimeout(resolve, remaining)))])
      clearTimeout(timer)
    }
  }

  async function cached(key: string, load: () => Promise<unknown>): Promise<JsonRepresentation | undefined> {
    dropStaleCaches()
    return responses.getOrLoad(key, async () => {
      const value = await load()
      return value === undefined ? undefined : represent(value)
    })
  }

  /** A list, kept unless it is a provisional search answer. */
  async function cachedList(
    key: string,
    load: () => Promise<{ value: unknown; isProvisional: boolean }>,
  ): Promise<JsonRepresentation> {
    dropStaleCaches()
    const representation = await responses.getOrLoad(
      key,
      async () => {
        const { value, isProvisional } = await load()
        const made = represent(value)
        return isProvisional ? { ...made, isProvisional } : made
      },
      (made) => made?.isProvisional !== true,
    )
    if (representation === undefined) throw new Error(`List ${key} produced no answer`)
    return representation
  }

  /** The index a list is answered with: searches as `searchIndex`, other lists as `currentIndex`. */
  async function listIndex(
    search: string | undefined,
  ): Promise<{ index: CatalogueIndex | undefined; isCurrent: boolean }> {
    return search === undefined ? { index: currentIndex(), isCurrent: true } : searchIndex()
  }

  if (searchIndexOptions !== false && searchIndexOptions?.loadAtStart === true) currentIndex()

  return {
    listMerchants(query) {
      const normalized = { ...query, search: normalizedSearch(query.search) }
      return cachedList(`merchants:${pageKey(normalized)}`, async () => {
        const { index: ready, isCurrent } = await listIndex(normalized.search)
        const isProvisional = !isCurrent
        const indexed = ready?.listMerchants(normalized)
        if (indexed !== undefined) return { value: indexed satisfies MerchantListResponse, isProvisional }
        const [data, total] = await Promise.all([
          selectMerchantPage(database, normalized),
          totals.getOrLoad(`merchants:${searchKey(normalized)}`, () => countMerchants(database, normalized)),
        ])
        return { value: { data, total } satisfies MerchantListResponse, isProvisional }
      })
    },
    listProducts(query) {
      const normalized = { ...query, search: normalizedSearch(query.search) }
      return cachedList(`products:${pageKey(normalized)}`, async () => {
        const { index: ready, isCurrent } = await listIndex(normalized.search)
        const isProvisional = !isCurrent
        const indexed = ready?.listProducts(normalized)
        if (indexed !== undefined) return { value: indexed satisfies ProductListResponse, isProvisional }
        const [data, total] = await Promise.all([
          selectProductPage(database, normalized),
          totals.getOrLoad(`products:${searchKey(normalized)}`, () => countProducts(database, normalized)),
        ])
        return { value: { data, total } satisfies ProductListResponse, isProvisional }
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
