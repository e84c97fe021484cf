import * as v from 'valibot'
import { merchantCategoryIdSchema } from '#domain/categories'
import { catalogueSearchMaxLength, merchantSorts, productSorts } from '#domain/contracts/catalogue-basics'

const searchTextSchema = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(catalogueSearchMaxLength)))

/** `/merchants?category=&search=&sort=`: a list is shareable and the back button restores it. */
export const merchantListSearchSchema = v.object({
  category: v.optional(merchantCategoryIdSchema),
  search: searchTextSchema,
  sort: v.optional(v.picklist(merchantSorts)),
})
export type MerchantListSearch = v.InferOutput<typeof merchantListSearchSchema>

/** `/products?category=&search=&sort=`. */
export const productListSearchSchema = v.object({
  category: v.optional(merchantCategoryIdSchema),
  search: searchTextSchema,
  sort: v.optional(v.picklist(productSorts)),
})
export type ProductListSearch = v.InferOutput<typeof productListSearchSchema>

/** `/search?q=`. */
export const catalogueSearchSchema = v.object({
  q: searchTextSchema,
})
