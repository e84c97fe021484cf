import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { merchantSchema, productSchema, type Merchant, type Product } from '#domain/contracts/catalogue'
import type { MerchantCategoryId } from '#domain/categories'
import { isApiError } from '../../../lib/api-client'
import { catalogueKeys } from './catalogue-keys'
import { mergePagesById } from './list-pages'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The items inside one cached answer: an infinite list's pages, a `{ data }` list, or a detail. */
function itemsOf(data: unknown): unknown[] {
  if (!isRecord(data)) return []
  if (Array.isArray(data.pages)) return data.pages.flatMap(itemsOf)
  if (Array.isArray(data.data)) return data.data
  return [data]
}

/** Every distinct item of one kind this device has cached, from lists and detail pages alike. */
function cachedItems<TSchema extends typeof merchantSchema | typeof productSchema>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  schema: TSchema,
): v.InferOutput<TSchema>[] {
  const items = new Map<string, v.InferOutput<TSchema>>()
  for (const [, data] of queryClient.getQueriesData({ queryKey })) {
    for (const item of itemsOf(data)) {
      if (v.is(schema, item)) items.set(item._id, item)
    }
  }
  return [...items.values()]
}

function matchesSearch(name: { th: string; en: string }, search: string): boolean {
  const needle = search.toLocaleLowerCase()
  return name.th.toLocaleLowerCase().includes(needle) || name.en.toLocaleLowerCase().includes(needle)
}

type CachedSearch = { search: string; category?: MerchantCategoryId }

/** Offline search: the same substring match as the server, over the merchants this device has seen. */
export function findCachedMerchants(queryClient: QueryClient, { search, category }: CachedSearch): Merchant[] {
  return cachedItems(queryClient, catalogueKeys.merchants(), merchantSchema).filter(
    (merchant) => (category === undefined || merchant.categoryId === category) && matchesSearch(merchant.name, search),
  )
}

/** Offline search over the products this device has seen, by product or merchant name. */
export function findCachedProducts(queryClient: QueryClient, { search, category }: CachedSearch): Product[] {
  return cachedItems(queryClient, catalogueKeys.products(), productSchema).filter(
    (product) =>
      (category === undefined || product.categoryId === category) &&
      (matchesSearch(product.name, search) || matchesSearch(product.merchant.name, search)),
  )
}

type ListQuery<TItem> = {
  data: InfiniteData<{ data: TItem[]; total: number }> | undefined
  isError: boolean
  error: unknown
}

/**
 * What a list shows: the pages the server answered, merged by `_id`; or, offline, for a search
 * that was never made online, the matches among what this device saved (`isSearchingCache`).
 */
export function listItemsOrCachedMatches<TItem extends { _id: string }>(
  query: ListQuery<TItem>,
  search: string | undefined,
  findCached: (search: string) => TItem[],
): { items: TItem[]; isSearchingCache: boolean } {
  if (search && query.isError && isApiError(query.error, 'network')) {
    return { items: findCached(search), isSearchingCache: true }
  }
  return { items: mergePagesById(query.data), isSearchingCache: false }
}
