import * as v from 'valibot'

/**
 * The 14 merchant categories of spec section 3. Affiliate networks label merchants with their own
 * strings; `matches` lists the strings that belong to each category (compared case-insensitively).
 * Display names are translated in the app (src/features/catalogue), keyed by `id`.
 */
export const merchantCategories = [
  { id: 'books', matches: ['Books & Media', 'Books', 'Media'] },
  { id: 'computers', matches: ['Computer & Electronics', 'Computer', 'Electronics'] },
  { id: 'entertainment', matches: ['Entertainment'] },
  { id: 'fashion', matches: ['Fashion & Accessories', 'Fashion', 'Accessories'] },
  { id: 'food', matches: ['Food & Groceries', 'Food', 'Groceries'] },
  { id: 'health', matches: ['Health & Beauty', 'Health', 'Beauty'] },
  { id: 'furniture', matches: ['Furniture'] },
  { id: 'home', matches: ['Home & Garden', 'Home', 'Garden'] },
  { id: 'travel', matches: ['Travel & Hotel', 'Travel', 'Hotel'] },
  { id: 'marketplace', matches: ['Marketplace'] },
  { id: 'services', matches: ['Services'] },
  { id: 'sports', matches: ['Sports & Fitness', 'Sports', 'Fitness'] },
  { id: 'toys', matches: ['Toys'] },
] as const

export type MerchantCategoryId = (typeof merchantCategories)[number]['id']

/**
 * The categories' ids, in their order. Written out rather than read off `merchantCategories`, so an
 * app that needs only the ids (the category grid, the lists' filters) carries none of the
 * networks' labels, which only the server matches; categories.test.ts checks the two agree.
 */
export const merchantCategoryIds: [MerchantCategoryId, ...MerchantCategoryId[]] = [
  'books',
  'computers',
  'entertainment',
  'fashion',
  'food',
  'health',
  'furniture',
  'home',
  'travel',
  'marketplace',
  'services',
  'sports',
  'toys',
]

export const merchantCategoryIdSchema = v.picklist(merchantCategoryIds)

/** The category a network's label belongs to, or `undefined` when it matches none. */
export function categoryOfLabel(label: string): MerchantCategoryId | undefined {
  const normalized = label.trim().toLowerCase()
  return merchantCategories.find((category) => category.matches.some((match) => match.toLowerCase() === normalized))?.id
}
