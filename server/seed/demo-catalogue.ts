import { categoryOfLabel, merchantCategories, merchantCategoryIds, type MerchantCategoryId } from '#domain/categories'
import type { Cashback } from '#domain/contracts/catalogue'
import { bahtToSatang } from '#domain/money'
import { deterministicCatalogueId } from '#server/catalogue/catalogue-ids'
import { demoStoreUrl } from '#server/catalogue/catalogue-urls'
import type { MerchantInput, ProductInput } from '#server/catalogue/catalogue-writes'
import {
  categoryWords,
  commonTerms,
  descriptionTemplates,
  extraTerms,
  merchantNamePrefixes,
  merchantNameSuffixes,
  type CategoryWords,
  type Word,
} from '#server/seed/catalogue-words'
import { createSeededRandom, type SeededRandom } from '#server/seed/seeded-random'

export type CatalogueSize = { merchantCount: number; productCount: number }

/** Spec'd minimums are 300 merchants and 10,000 products. */
export const demoCatalogueSize: CatalogueSize = { merchantCount: 320, productCount: 10_500 }
export const benchmarkCatalogueSize: CatalogueSize = { merchantCount: 10_000, productCount: 100_000 }

export const defaultDemoSeed = 20_261_101

/** Shown as "top merchants" on the home screen. */
const topMerchantCount = 20
/** Share of merchants paying the flat rate of spec section 9 ('flat 2 percent ..., with a cap'). */
const flatRateShare = 0.15
const flatRateBasisPoints = 200
/** Dates are relative to a fixed day so the data does not change with the clock. */
const referenceTime = Date.UTC(2026, 9, 1)
const dayMilliseconds = 86_400_000

export type DemoCatalogue = { merchants: MerchantInput[]; products: ProductInput[] }

/** Marketplaces are few; every other category is about equally common. */
function categoryWeight(category: MerchantCategoryId): number {
  return category === 'marketplace' ? 1 : 3
}

function pickCategory(random: SeededRandom): MerchantCategoryId {
  const total = merchantCategoryIds.reduce((sum, category) => sum + categoryWeight(category), 0)
  let remaining = random.next() * total
  for (const category of merchantCategoryIds) {
    remaining -= categoryWeight(category)
    if (remaining < 0) return category
  }
  return merchantCategoryIds[0]
}

function isShortWord(text: string): boolean {
  return /^[A-Z][a-z]{1,5}$/.test(text)
}

/** 'บ้านสวนมาร์ท' / 'Baan Suan Mart', 'ช้อปดี' / 'ShopDee', 'สยามบุ๊ค' / 'Siam Book'. */
function composeMerchantName(random: SeededRandom, words: CategoryWords): Word {
  const stem = random.pick(words.merchantStems)
  const prefix = random.pick(merchantNamePrefixes)
  const suffix = random.pick(merchantNameSuffixes)
  const pattern = random.integer(0, 2)
  const parts = pattern === 0 ? [prefix, stem] : pattern === 1 ? [stem, suffix] : [prefix, stem, suffix]
  const compact = parts.length === 2 && parts.every((part) => isShortWord(part.en)) && random.chance(0.4)
  return {
    th: parts.map((part) => part.th).join(''),
    en: parts.map((part) => part.en).join(compact ? '' : ' '),
  }
}

function uniqueMerchantName(random: SeededRandom, words: CategoryWords, taken: Set<string>): Word {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const name = composeMerchantName(random, words)
    const repeatsAWord = new Set(name.en.split(' ')).size < name.en.split(' ').length
    if (!repeatsAWord && !taken.has(name.th) && !taken.has(name.en.toLowerCase())) {
      taken.add(name.th)
      taken.add(name.en.toLowerCase())
      return name
    }
  }
  // Large benchmark catalogues run out of combinations: number the branches.
  const base = composeMerchantName(random, words)
  for (let branch = 2; ; branch += 1) {
    const name = { th: `${base.th} ${branch}`, en: `${base.en} ${branch}` }
    if (!taken.has(name.th) && !taken.has(name.en.toLowerCase())) {
      taken.add(name.th)
      taken.add(name.en.toLowerCase())
      return name
    }
  }
}

function demoCashback(random: SeededRandom, words: CategoryWords): Cashback {
  if (random.chance(flatRateShare)) {
    return {
      kind: 'flat',
      rateBasisPoints: flatRateBasisPoints,
      maxPerOrder: random.pick([5_000, 10_000, 10_000, 10_000, 20_000]),
    }
  }
  const [lowest, highest] = words.rateBasisPoints
  // Rates move in quarter percents, as networks publish them.
  const rateBasisPoints = random.integer(lowest / 25, highest / 25) * 25
  const maxPerOrder = random.chance(0.4) ? random.pick([10_000, 20_000, 30_000, 50_000, 100_000]) : null
  return { kind: 'up-to', rateBasisPoints, maxPerOrder }
}

/** Popularity with a long tail: a few merchants and products get most of the clicks. */
function skewedPopularity(random: SeededRandom): number {
  return Math.floor(100_000 * random.next() ** 3)
}

function pastDate(random: SeededRandom, withinDays: number): Date {
  return new Date(referenceTime - random.integer(0, withinDays * dayMilliseconds))
}

function generateMerchants(random: SeededRandom, count: number, seed: number): MerchantInput[] {
  const takenNames = new Set<string>()
  const merchants: MerchantInput[] = []
  for (let index = 0; index < count; index += 1) {
    // The first merchants cover every category, so even a small catalogue has them all.
    const categoryId = index < merchantCategoryIds.length ? merchantCategoryIds[index] : pickCategory(random)
    if (categoryId === undefined) throw new Error('unreachable: category index out of range')
    const category = merchantCategories.find((candidate) => candidate.id === categoryId) ?? merchantCategories[0]
    const words = categoryWords[categoryId]
    const id = deterministicCatalogueId(`demo-merchant:${seed}:${index}`)
    const name = uniqueMerchantName(random, words, takenNames)
    const extra = random.sample(extraTerms, random.integer(1, 2))
    merchants.push({
      id,
      name,
      description: random.pick(descriptionTemplates)(name, words.description),
      categoryLabel: random.pick(category.matches),
      cashback: demoCashback(random, words),
      trackingDays: random.integer(1, 7),
      confirmationDays: random.pick([30, 45, 60, 60, 90, 90, 120]),
      terms: {
        th: [...commonTerms, ...extra].map((term) => term.th),
        en: [...commonTerms, ...extra].map((term) => term.en),
      },
      topRank: null,
      popularity: skewedPopularity(random),
      shopUrl: demoStoreUrl(id),
      createdAt: pastDate(random, 730),
    })
  }
  // Top merchants are drawn from the most popular, then ranked in the operator's own order.
  const mostPopular = [...merchants].sort((left, right) => right.popularity - left.popularity)
  const top = random.sample(mostPopular.slice(0, topMerchantCount * 3), topMerchantCount)
  top.forEach((merchant, position) => {
    merchant.topRank = position + 1
  })
  return merchants
}

/** Thai shops price at 1,290 and 459 rather than 1,287 and 455. */
function retailBaht(baht: number): number {
  if (baht >= 1_000) return Math.round(baht / 100) * 100 - 10
  if (baht >= 20) return Math.round(baht / 10) * 10 - 1
  return Math.max(1, Math.round(baht))
}

type CatalogueItem = { key: string; name: Word; categoryId: MerchantCategoryId; basePriceBaht: number }

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function modelOf(
  random: SeededRandom,
  words: CategoryWords,
  forceCode: boolean,
): { key: string; name: Word } | undefined {
  if (words.modelStyle === 'volume' && !forceCode) {
    const volume = random.integer(1, 30)
    return { key: `vol-${volume}`, name: { th: `เล่ม ${volume}`, en: `vol. ${volume}` } }
  }
  if (words.modelStyle === 'none' && !forceCode) return undefined
  const code = `${random.pick(['A', 'S', 'X', 'M', 'Z', 'Pro ', 'Lite ', 'Max '])}${random.integer(1, 99)}`
  return { key: slug(code), name: { th: code, en: code } }
}

function newCatalogueItem(random: SeededRandom, categoryId: MerchantCategoryId, takenKeys: Set<string>): CatalogueItem {
  const words = categoryWords[categoryId]
  for (let attempt = 0; ; attempt += 1) {
    const productType = random.pick(words.productTypes)
    const brand = random.pick(words.brands)
    const variant = random.pick(words.variants)
    const model = modelOf(random, words, attempt >= 10)
    const key = [categoryId, productType.key, slug(brand), model?.key, variant.key].filter(Boolean).join('-')
    if (takenKeys.has(key)) continue
    takenKeys.add(key)
    const brandAndModel = model === undefined ? brand : `${brand} ${model.name.en}`
    return {
      key,
      categoryId,
      name: {
        th: [productType.th, brand, model?.name.th, variant.th].filter(Boolean).join(' '),
        en: `${brandAndModel} ${productType.en}, ${variant.en}`,
      },
      basePriceBaht: retailBaht(random.integer(productType.minimumBaht, productType.maximumBaht)),
    }
  }
}

/** How many merchants sell one item: most items one or two, some up to five. */
function offerCount(random: SeededRandom): number {
  const roll = random.next()
  if (roll < 0.35) return 1
  if (roll < 0.65) return 2
  if (roll < 0.85) return 3
  if (roll < 0.95) return 4
  return 5
}

function generateProducts(
  random: SeededRandom,
  merchants: readonly MerchantInput[],
  count: number,
  seed: number,
): ProductInput[] {
  const categoryOfMerchant = new Map<string, MerchantCategoryId>()
  const merchantsByCategory = new Map<MerchantCategoryId, MerchantInput[]>()
  for (const merchant of merchants) {
    const categoryId = categoryOfLabel(merchant.categoryLabel)
    if (categoryId === undefined) throw new Error(`Merchant ${merchant.id} has an unknown label`)
    categoryOfMerchant.set(merchant.id, categoryId)
    const sameCategory = merchantsByCategory.get(categoryId)
    if (sameCategory === undefined) merchantsByCategory.set(categoryId, [merchant])
    else sameCategory.push(merchant)
  }
  const marketplaces = merchantsByCategory.get('marketplace') ?? []
  const otherCategories = merchantCategoryIds.filter((category) => category !== 'marketplace')

  const takenKeys = new Set<string>()
  const products: ProductInput[] = []
  while (products.length < count) {
    // Items start at a merchant; popular merchants start more of them.
    const origin = merchants[Math.floor(merchants.length * random.next() ** 1.5)] ?? merchants[0]
    if (origin === undefined) break
    const originCategory = categoryOfMerchant.get(origin.id) ?? 'marketplace'
    const itemCategory =
      originCategory === 'marketplace' && random.chance(0.7) ? random.pick(otherCategories) : originCategory
    const item = newCatalogueItem(random, itemCategory, takenKeys)
    // The same item is sold by shops of its category and by marketplaces.
    const candidates = [...(merchantsByCategory.get(itemCategory) ?? []), ...marketplaces].filter(
      (merchant) => merchant.id !== origin.id,
    )
    const sellers = [origin, ...random.sample(candidates, offerCount(random) - 1)]
    for (const seller of sellers) {
      if (products.length >= count) break
      // Shops differ by a few percent on the same item.
      const priceBaht = retailBaht(item.basePriceBaht * (0.93 + random.next() * 0.14))
      products.push({
        id: deterministicCatalogueId(`demo-product:${seed}:${products.length}`),
        merchantId: seller.id,
        name: item.name,
        price: bahtToSatang(priceBaht),
        categoryId: item.categoryId,
        comparisonKey: item.key,
        popularity: skewedPopularity(random),
        createdAt: pastDate(random, 365),
      })
    }
  }
  return products
}

/** The same input always gives the same catalogue (ids, names, prices, dates). */
export function generateDemoCatalogue(size: CatalogueSize, seed: number = defaultDemoSeed): DemoCatalogue {
  const random = createSeededRandom(seed)
  const merchants = generateMerchants(random, size.merchantCount, seed)
  const products = generateProducts(random, merchants, size.productCount, seed)
  return { merchants, products }
}
