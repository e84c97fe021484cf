import * as v from 'valibot'
import { merchantCategoryIdSchema } from '../categories.ts'
import { integerQuerySchema, jsonQuerySchema } from './query-params.ts'
import { defaultLocale, localeSchema } from '../locale.ts'
import { textSchema } from '../validation/text.ts'
import {
  cashbackSchema,
  catalogueDefaultLimit,
  catalogueIdSchema,
  catalogueMaxLimit,
  catalogueSearchMaxLength,
  localizedTextSchema,
  merchantSorts,
  optionalPictureSchema,
  productSorts,
  satangSchema,
  type MerchantSort,
  type ProductSort,
} from './catalogue-basics.ts'

export {
  cashbackKinds,
  cashbackSchema,
  catalogueDefaultLimit,
  catalogueIdSchema,
  catalogueMaxLimit,
  catalogueMaxSatang,
  catalogueSearchMaxLength,
  defaultMerchantSort,
  defaultProductSort,
  localizedListSchema,
  localizedTextSchema,
  merchantListResponseSchema,
  merchantListSearchParams,
  merchantSchema,
  merchantSorts,
  productListSearchParams,
  productSorts,
} from './catalogue-basics.ts'
export type {
  Cashback,
  CashbackKind,
  CatalogueId,
  LocalizedList,
  LocalizedText,
  Merchant,
  MerchantListResponse,
  MerchantSort,
  ProductSort,
} from './catalogue-basics.ts'

/**
 * The catalogue API of spec section 7: `GET /cws-api/merchants`, `GET /cws-api/products`, their
 * detail routes and `GET /cws-api/products/{id}/offers`. Lists answer `{ data, total }`.
 *
 * Query strings arrive as strings, so the query schemas take strings and transform them; the
 * client builds its query with `merchantListSearchParams` / `productListSearchParams`, which
 * write exactly what these schemas read.
 *
 * What every page's first load needs of it (the merchant list, the sorts, the query strings the
 * client writes) is domain/contracts/catalogue-basics.ts, re-exported here: the app imports that
 * from there, and this module only where products, filters or the server's query schemas are used.
 */

export const comparisonKeySchema = v.pipe(
  textSchema(),
  v.minLength(1),
  v.maxLength(100),
  v.regex(/^[a-z0-9-]+$/, 'Expected lowercase letters, digits and dashes'),
)

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

export const productListResponseSchema = v.object({
  data: v.array(productSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type ProductListResponse = v.InferOutput<typeof productListResponseSchema>

/** `GET /cws-api/products/{id}/offers`: the same product at every merchant, cheapest net price first. */
export const productOffersResponseSchema = productListResponseSchema
export type ProductOffersResponse = ProductListResponse

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
