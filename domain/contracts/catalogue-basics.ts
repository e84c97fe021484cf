import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'
import { merchantCategoryIdSchema } from '../categories.ts'
import { pictureSchema } from '../pictures/catalogue-pictures.ts'
import type { MerchantListRequest, ProductListRequest } from './catalogue.ts'

/**
 * The part of the catalogue contract (domain/contracts/catalogue.ts, which re-exports all of it)
 * that every page's first load runs: what the list pages' addresses accept (the search's length,
 * the sorts), and the merchant list the home page shows with the query string it asks with. The
 * products, the filters and the query schemas the server reads are in catalogue.ts, which only the
 * pages that show products load (issue 13's first-load budget, docs/decisions/014).
 */

/** Spec section 9: 12 per page. */
export const catalogueDefaultLimit = 12
export const catalogueMaxLimit = 50
export const catalogueSearchMaxLength = 100
/** Prices and filters live in a PostgreSQL `integer` column (satang). */
export const catalogueMaxSatang = 2_147_483_647

/** Merchant and product ids: 24 lowercase hex characters (the `_id` shape of spec section 3). */
export const catalogueIdSchema = recordIdSchema
export type CatalogueId = v.InferOutput<typeof catalogueIdSchema>

/** Satang (prices, caps), as the database's `integer` holds them. */
export const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(catalogueMaxSatang))

export const localizedTextSchema = v.object({ th: v.string(), en: v.string() })
export type LocalizedText = v.InferOutput<typeof localizedTextSchema>

export const localizedListSchema = v.object({ th: v.array(v.string()), en: v.array(v.string()) })
export type LocalizedList = v.InferOutput<typeof localizedListSchema>

export const cashbackKinds = ['up-to', 'flat'] as const
export type CashbackKind = (typeof cashbackKinds)[number]

/**
 * `up-to`: the rate is the most a purchase earns. `flat`: every purchase earns the rate, capped
 * (spec section 9: 'flat 2 percent at selected merchants, with a cap'), so `maxPerOrder` is set.
 * 250 basis points = 2.5 %.
 */
export const cashbackSchema = v.object({
  kind: v.picklist(cashbackKinds),
  rateBasisPoints: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000)),
  maxPerOrder: v.nullable(satangSchema),
})
export type Cashback = v.InferOutput<typeof cashbackSchema>

/**
 * Optional as well as nullable: answers saved on a phone before pictures existed (the persisted
 * query cache, the service worker's) have no such field and must still be read.
 */
export const optionalPictureSchema = v.optional(v.nullable(pictureSchema))

export const merchantSchema = v.object({
  _id: catalogueIdSchema,
  name: localizedTextSchema,
  description: localizedTextSchema,
  /**
   * Same-origin path of one picture of the logo: its made JPEG when `logo` is set, otherwise a
   * drawn placeholder (`/media/merchants/{id}/logo.svg`).
   */
  logoUrl: v.string(),
  /** The logo in every size made (domain/pictures); `null` while it is not made (or cannot be). */
  logo: optionalPictureSchema,
  /** The affiliate network's label, e.g. 'Health & Beauty'. */
  category: v.string(),
  categoryId: merchantCategoryIdSchema,
  cashback: cashbackSchema,
  trackingDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
  confirmationDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
  terms: localizedListSchema,
  /** 1 is the top merchant; `null` for merchants that are not top merchants. */
  topRank: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /**
   * Where the tracked link sends the shopper: the shop's absolute URL, or for demo merchants a
   * same-origin path (`/demo-store/{id}`).
   */
  shopUrl: v.string(),
  productCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type Merchant = v.InferOutput<typeof merchantSchema>

export const merchantListResponseSchema = v.object({
  data: v.array(merchantSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type MerchantListResponse = v.InferOutput<typeof merchantListResponseSchema>

/**
 * `relevance`: what a search found best first, then the most popular (docs/decisions/020); without
 * a search it is `popular`. `popular`: top merchants by rank, then the most popular. `cashback`:
 * highest rate first.
 */
export const merchantSorts = ['relevance', 'popular', 'cashback', 'newest', 'name'] as const
export type MerchantSort = (typeof merchantSorts)[number]
export const defaultMerchantSort = 'popular' satisfies MerchantSort

/** Products also sort by price; `cashback` is the highest estimated cashback first. */
export const productSorts = [...merchantSorts, 'price-low', 'price-high'] as const
export type ProductSort = (typeof productSorts)[number]
export const defaultProductSort = 'popular' satisfies ProductSort

function listSearchParams(request: {
  limit?: number
  skip?: number
  search?: string
  sort?: string
  locale?: string
  filter?: object
}): Record<string, string> {
  const params: Record<string, string> = {}
  if (request.limit !== undefined) params.limit = String(request.limit)
  if (request.skip !== undefined && request.skip !== 0) params.skip = String(request.skip)
  const search = request.search?.trim()
  if (search !== undefined && search !== '') params.search = search
  if (request.sort !== undefined) params.sort = request.sort
  if (request.locale !== undefined) params.locale = request.locale
  if (request.filter !== undefined) {
    const definedEntries = Object.entries(request.filter).filter(([, value]) => value !== undefined)
    if (definedEntries.length > 0) params.filter = JSON.stringify(Object.fromEntries(definedEntries))
  }
  return params
}

/** The query string of `GET /cws-api/merchants` for a request (what `merchantListQuerySchema` reads). */
export function merchantListSearchParams(request: MerchantListRequest): Record<string, string> {
  return listSearchParams(request)
}

/** The query string of `GET /cws-api/products` for a request (what `productListQuerySchema` reads). */
export function productListSearchParams(request: ProductListRequest): Record<string, string> {
  return listSearchParams(request)
}
