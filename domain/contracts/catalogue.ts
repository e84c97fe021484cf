import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'
import { merchantCategoryIdSchema } from '../categories.ts'
import { integerQuerySchema, jsonQuerySchema } from './query-params.ts'
import { defaultLocale, localeSchema } from '../locale.ts'
import { textSchema } from '../validation/text.ts'
import { pictureSchema } from '../pictures/catalogue-pictures.ts'

/**
 * The catalogue API of spec section 7: `GET /cws-api/merchants`, `GET /cws-api/products`, their
 * detail routes and `GET /cws-api/products/{id}/offers`. Lists answer `{ data, total }`.
 *
 * Query strings arrive as strings, so the query schemas take strings and transform them; the
 * client builds its query with `merchantListSearchParams` / `productListSearchParams`, which
 * write exactly what these schemas read.
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

export const comparisonKeySchema = v.pipe(
  textSchema(),
  v.minLength(1),
  v.maxLength(100),
  v.regex(/^[a-z0-9-]+$/, 'Expected lowercase letters, digits and dashes'),
)

const satangSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(catalogueMaxSatang))

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
const optionalPictureSchema = v.optional(v.nullable(pictureSchema))

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

/** What a product carries of its merchant, so a product list needs one call. */
export const merchantSummarySchema = v.object({
  _id: catalogueIdSchema,
  name: localizedTextSchema,
  logoUrl: v.string(),
  logo: optionalPictureSchema,
  cashback: cashbackSchema,
  /** The merchant's waits, shown before the click-out from a product. */
  trackingDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
  confirmationDays: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type MerchantSummary = v.InferOutput<typeof merchantSummarySchema>

export const productSchema = v.object({
  _id: catalogueIdSchema,
  name: localizedTextSchema,
  /**
   * Same-origin path of one picture of the product: its made JPEG when `image` is set, otherwise
   * a placeholder drawn for its category (`/media/products/{id}/picture.svg`).
   */
  imageUrl: v.string(),
  /** The product's picture in every size made (domain/pictures); `null` while it is not made (or cannot be). */
  image: optionalPictureSchema,
  /** Satang. */
  price: satangSchema,
  merchant: merchantSummarySchema,
  /** Satang, from `estimateCashback` in domain/cashback-estimate.ts. */
  estimatedCashback: satangSchema,
  categoryId: merchantCategoryIdSchema,
  /** The same product offered by several merchants shares this key. */
  comparisonKey: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type Product = v.InferOutput<typeof productSchema>

export const merchantListResponseSchema = v.object({
  data: v.array(merchantSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type MerchantListResponse = v.InferOutput<typeof merchantListResponseSchema>

export const productListResponseSchema = v.object({
  data: v.array(productSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type ProductListResponse = v.InferOutput<typeof productListResponseSchema>

/** `GET /cws-api/products/{id}/offers`: the same product at every merchant, cheapest net price first. */
export const productOffersResponseSchema = productListResponseSchema
export type ProductOffersResponse = ProductListResponse

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

/**
 * The order a list is given in: the one asked for, else `relevance` when there is a search and
 * `popular` when there is none (where relevance would mean popular anyway, and says so).
 */
export function resolveListSort<Sort extends MerchantSort | ProductSort>(
  sort: Sort | undefined,
  search: string | undefined,
): Sort | 'relevance' | 'popular' {
  if (search === undefined || search.trim() === '') return sort === undefined || sort === 'relevance' ? 'popular' : sort
  return sort ?? 'relevance'
}

export const merchantFilterSchema = v.strictObject({
  category: v.optional(merchantCategoryIdSchema),
  /** `true`: only flat-rate merchants; `false`: only up-to merchants. */
  flatRate: v.optional(v.boolean()),
  /** `true`: only top merchants; `false`: only the others. */
  top: v.optional(v.boolean()),
})
export type MerchantFilter = v.InferOutput<typeof merchantFilterSchema>

export const productFilterSchema = v.pipe(
  v.strictObject({
    category: v.optional(merchantCategoryIdSchema),
    merchant: v.optional(catalogueIdSchema),
    /** Satang, inclusive. */
    minPrice: v.optional(satangSchema),
    /** Satang, inclusive. */
    maxPrice: v.optional(satangSchema),
    comparisonKey: v.optional(comparisonKeySchema),
  }),
  v.check(
    (filter) => filter.minPrice === undefined || filter.maxPrice === undefined || filter.minPrice <= filter.maxPrice,
    'minPrice must not exceed maxPrice',
  ),
)
export type ProductFilter = v.InferOutput<typeof productFilterSchema>

const limitQuerySchema = v.optional(integerQuerySchema(1, catalogueMaxLimit), String(catalogueDefaultLimit))
const skipQuerySchema = v.optional(integerQuerySchema(0, 1_000_000_000), '0')

/** The language whose names the `name` sort follows; nothing else depends on it. */
const localeQuerySchema = v.optional(localeSchema, defaultLocale)

/** Trimmed; an empty search is no search. */
const searchQuerySchema = v.optional(
  v.pipe(
    textSchema(),
    v.trim(),
    v.maxLength(catalogueSearchMaxLength),
    v.transform((search) => (search === '' ? undefined : search)),
  ),
)

export const merchantListQuerySchema = v.pipe(
  v.object({
    limit: limitQuerySchema,
    skip: skipQuerySchema,
    search: searchQuerySchema,
    sort: v.optional(v.picklist(merchantSorts)),
    locale: localeQuerySchema,
    filter: jsonQuerySchema(
      merchantFilterSchema,
      'JSON object: `{ "category"?: <category id>, "flatRate"?: boolean, "top"?: boolean }`',
    ),
  }),
  v.transform((query) => ({ ...query, sort: resolveListSort(query.sort, query.search) })),
)
/** What the server works with after validation. */
export type MerchantListQuery = v.InferOutput<typeof merchantListQuerySchema>

export const productListQuerySchema = v.pipe(
  v.object({
    limit: limitQuerySchema,
    skip: skipQuerySchema,
    search: searchQuerySchema,
    sort: v.optional(v.picklist(productSorts)),
    locale: localeQuerySchema,
    filter: jsonQuerySchema(
      productFilterSchema,
      'JSON object: `{ "category"?: <category id>, "merchant"?: <merchant id>, "minPrice"?: <satang>, ' +
        '"maxPrice"?: <satang>, "comparisonKey"?: string }`',
    ),
  }),
  v.transform((query) => ({ ...query, sort: resolveListSort(query.sort, query.search) })),
)
export type ProductListQuery = v.InferOutput<typeof productListQuerySchema>

/** What the client asks for; every field may be left out and takes the server's default. */
export type MerchantListRequest = Partial<MerchantListQuery>
export type ProductListRequest = Partial<ProductListQuery>

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
