import { categoryOfLabel, merchantCategories, merchantCategoryIds, type MerchantCategoryId } from '#domain/categories'
import type { Cashback } from '#domain/contracts/catalogue'
import { bahtToSatang } from '#domain/money'
import { deterministicCatalogueId } from '#server/catalogue/catalogue-ids'
import { demoPictureUrl, demoProductLink, demoStoreUrl } from '#server/catalogue/catalogue-urls'
import { productComparisonKey } from '#server/catalogue/feeds/product-identity'
import type { MerchantInput, ProductInput } from '#server/catalogue/catalogue-writes'
import {
  categoryWords,
  commonTerms,
  descriptionTemplates,
  extraTerms,
  merchantNamePrefixes,
  merchantNameSuffixes,
  bookTitles,
  type CategoryWords,
  type ProductType,
  type Variant,
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

/**
 * The demo networks: the demo's merchants arrive through the same adapters as real ones, with ids
 * in ranges of their own.
 */
export const demoNetworks = {
  involveAsia: { id: 'involve-asia', firstExternalId: 30_000 },
  accesstrade: { id: 'accesstrade', firstExternalId: 700 },
} as const

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

function generateMerchants(random: SeededRandom, count: number): MerchantInput[] {
  const takenNames = new Set<string>()
  const merchants: MerchantInput[] = []
  for (let index = 0; index < count; index += 1) {
    // The first merchants cover every category, so even a small catalogue has them all.
    const categoryId = index < merchantCategoryIds.length ? merchantCategoryIds[index] : pickCategory(random)
    if (categoryId === undefined) throw new Error('unreachable: category index out of range')
    const category = merchantCategories.find((candidate) => candidate.id === categoryId) ?? merchantCategories[0]
    const words = categoryWords[categoryId]
    // Three in five demo merchants come through one demo network, the rest through the other.
    const network = index % 5 < 3 ? demoNetworks.involveAsia : demoNetworks.accesstrade
    const externalId = String(network.firstExternalId + index)
    const id = deterministicCatalogueId(`${network.id}:${externalId}`)
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
      network: {
        id: network.id,
        externalId,
        websiteUrl: demoStoreUrl(id),
        deepLinkTemplate: `${demoStoreUrl(id)}?url={url}`,
        logoSourceUrl: null,
      },
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

/** One thing for sale, the same wherever it is sold: several merchants may list it. */
type CatalogueItem = {
  key: string
  name: Word
  categoryId: MerchantCategoryId
  type: ProductType
  variant: Variant
  brand: string
  /** The maker's part number: brand and model (and variant). */
  mpn: string
  /** GTIN-13 for goods with a barcode; services, trips and tickets have none. */
  gtin: string | null
  basePriceBaht: number
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Small words and units stay lower case in an English listing title. */
const lowerCaseWords = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'the', 'to', 'with', 'by', 'up'])
const unitWords = new Set(['g', 'ml', 'kg', 'l', 'mAh', 'm²', 'cm', 'mm', 'in', 'hp', 'm', 'ft'])

/** 'wireless earbuds, black' → 'Wireless Earbuds, Black', as shops title their listings. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) =>
      unitWords.has(word.replace(/,$/, '')) || (index > 0 && lowerCaseWords.has(word))
        ? word
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ')
}

/** Product lines, for makers that sell the same kind of thing in several: 'Premium', 'Classic'. */
const productLines = ['Premium', 'Classic', 'Gold', 'Signature', 'Select', 'Extra', 'Original', 'Fresh']

/** Books whose listing names a title; guides, magazines and dictionaries go by their publisher. */
const typesWithTitles: ReadonlySet<string> = new Set([
  'translated-novel',
  'picture-book',
  'manga',
  'self-help',
  'cookbook',
  'travel-photo-book',
  'audiobook',
  'history-book',
])

/** Things that are not goods on a shelf carry no barcode. */
const categoriesWithoutBarcodes: ReadonlySet<MerchantCategoryId> = new Set(['travel', 'services'])
const typesWithoutBarcodes: ReadonlySet<string> = new Set([
  'cinema-ticket',
  'concert-ticket',
  'streaming-plan',
  'theme-park-ticket',
  'game-top-up',
  'audiobook',
  'gift-card',
  'mystery-box',
])

/** A made-up but valid GTIN-13 in Thailand's GS1 prefix (885), the same for the same item. */
function demoGtin(itemKey: string): string {
  const digits = `885${BigInt(`0x${deterministicCatalogueId(`gtin:${itemKey}`).slice(0, 15)}`)
    .toString()
    .slice(-9)
    .padStart(9, '0')}`
  let sum = 0
  for (let index = 0; index < 12; index += 1) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3)
  return `${digits}${(10 - (sum % 10)) % 10}`
}

function newCatalogueItem(random: SeededRandom, categoryId: MerchantCategoryId, takenKeys: Set<string>): CatalogueItem {
  const words = categoryWords[categoryId]
  for (let attempt = 0; ; attempt += 1) {
    const type = random.pick(words.productTypes)
    const brand = random.pick(words.brands)
    const variant = random.pick(type.variants)
    const hasBarcode = !categoriesWithoutBarcodes.has(categoryId) && !typesWithoutBarcodes.has(type.key)
    const title = typesWithTitles.has(type.key) ? random.pick(bookTitles) : undefined
    // Gadgets and goods carry model codes; when names run out, other things get a product line.
    const code =
      (words.modelStyle === 'code' && hasBarcode) || attempt >= 30
        ? `${random.pick(['A', 'S', 'X', 'M', 'Z', 'Pro ', 'Lite ', 'Max '])}${random.integer(1, 99)}`
        : attempt >= 10
          ? random.pick(productLines)
          : undefined
    const key = [
      categoryId,
      type.key,
      slug(brand),
      title === undefined ? undefined : slug(title.en),
      code && slug(code),
      variant.key,
    ]
      .filter(Boolean)
      .join('-')
    if (takenKeys.has(key)) continue
    takenKeys.add(key)
    const thType = [type.th, type.thSuffix].filter(Boolean).join(' ')
    const enType = titleCase([type.enSuffix, type.en].filter(Boolean).join(' '))
    const name =
      title === undefined
        ? {
            th: [thType, brand, code, variant.th].filter(Boolean).join(' '),
            en: `${[brand, code, enType].filter(Boolean).join(' ')}, ${titleCase(variant.en)}`,
          }
        : {
            th: `${thType} ${title.th} ${variant.th} (${brand})`,
            en: `${title.en}: ${enType}, ${titleCase(variant.en)} (${brand})`,
          }
    const baseBaht = type.fixedBaht
      ? Number(variant.key)
      : random.integer(type.minimumBaht, type.maximumBaht) * (variant.priceFactor ?? 1)
    return {
      key,
      categoryId,
      name,
      type,
      variant,
      brand,
      // One part number per item, so brand and MPN name exactly one thing.
      mpn: `${slug(brand).replace(/-/g, '').slice(0, 4)}-${deterministicCatalogueId(`mpn:${key}`).slice(0, 8)}`.toUpperCase(),
      gtin: hasBarcode ? demoGtin(key) : null,
      basePriceBaht: type.fixedBaht ? baseBaht : retailBaht(baseBaht),
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

function generateProducts(random: SeededRandom, merchants: readonly MerchantInput[], count: number): ProductInput[] {
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
    // A marketplace item's shops are marketplaces: each shop once.
    const candidates = [...new Set([...(merchantsByCategory.get(itemCategory) ?? []), ...marketplaces])].filter(
      (merchant) => merchant.id !== origin.id,
    )
    const sellers = [origin, ...random.sample(candidates, offerCount(random) - 1)]
    for (const seller of sellers) {
      if (products.length >= count) break
      // Shops differ by a few percent on the same item; face-value items do not.
      const priceBaht = item.type.fixedBaht
        ? item.basePriceBaht
        : retailBaht(item.basePriceBaht * (0.93 + random.next() * 0.14))
      // One listing in five is on sale, 10 to 25 % below its usual price.
      const onSale = !item.type.fixedBaht && random.chance(0.2)
      const salePriceBaht = onSale ? retailBaht(priceBaht * (0.75 + random.next() * 0.15)) : priceBaht
      const itemId = `${slug(seller.name.en).slice(0, 3).toUpperCase() || 'SKU'}-${deterministicCatalogueId(`${seller.id}:${item.key}`).slice(0, 8).toUpperCase()}`
      const id = deterministicCatalogueId(`${seller.id}:${itemId}`)
      // Stored as 14 digits, as the import keeps every GTIN.
      const facts = { gtin: item.gtin?.padStart(14, '0') ?? null, brand: item.brand, mpn: item.mpn }
      products.push({
        id,
        merchantId: seller.id,
        name: item.name,
        price: bahtToSatang(salePriceBaht),
        categoryId: item.categoryId,
        comparisonKey: productComparisonKey(id, facts),
        popularity: skewedPopularity(random),
        createdAt: pastDate(random, 365),
        feed: {
          itemId,
          regularPrice: onSale && salePriceBaht < priceBaht ? bahtToSatang(priceBaht) : null,
          ...facts,
          link: demoProductLink(seller.id, itemId),
          imageSourceUrl: demoPictureUrl(item.type.key, item.variant.colour),
          hasEnglishName: true,
        },
      })
    }
  }
  return products
}

/** The same input always gives the same catalogue (ids, names, prices, dates). */
export function generateDemoCatalogue(size: CatalogueSize, seed: number = defaultDemoSeed): DemoCatalogue {
  const random = createSeededRandom(seed)
  const merchants = generateMerchants(random, size.merchantCount)
  const products = generateProducts(random, merchants, size.productCount)
  return { merchants, products }
}
