import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { categoryOfLabel, type MerchantCategoryId } from '#domain/categories'
import {
  merchantListResponseSchema,
  merchantListSearchParams,
  productListResponseSchema,
  productListSearchParams,
  type MerchantListRequest,
  type ProductListRequest,
} from '#domain/contracts/catalogue'
import type { App } from '#server/app'
import { deterministicCatalogueId } from '#server/catalogue/catalogue-ids'
import { changeCatalogue, type MerchantInput, type ProductInput } from '#server/catalogue/catalogue-writes'
import {
  merchantNameTiers,
  noMatch,
  planSearch,
  productMerchantTiers,
  productNameTiers,
  rankedTier,
  relevanceTier,
  searchFieldOf,
} from '#server/catalogue/search-relevance'
import { wordsOfSearch, wordsOfText } from '#server/catalogue/search-words'
import { createRecordingLogger, createTestApp } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

/**
 * Search that understands shoppers (issue 19, docs/decisions/020), on a catalogue of its own (the
 * demo's names change with the demo), through the API, on PGlite here and on PostgreSQL with
 * TEST_DATABASE_URL. The microphones, earbuds and the repair shop's products are the most popular
 * items, so popularity alone would put them first.
 */

const day = Date.UTC(2026, 9, 1)

function merchant(key: string, name: [string, string], categoryLabel: string, popularity: number): MerchantInput {
  return {
    id: deterministicCatalogueId(`search-fixture:${key}`),
    name: { th: name[0], en: name[1] },
    description: { th: name[0], en: name[1] },
    categoryLabel,
    cashback: { kind: 'up-to', rateBasisPoints: 300, maxPerOrder: null },
    trackingDays: 7,
    confirmationDays: 30,
    terms: { th: [], en: [] },
    topRank: null,
    popularity,
    shopUrl: `https://${key}.example`,
    createdAt: new Date(day),
  }
}

const itCity = merchant('it-city', ['ไอทีซิตี้', 'IT City'], 'Computer & Electronics', 50)
const repairShop = merchant('repair', ['ร้านซ่อมมือถือเฮียตี๋', 'Hia Tee Phone Repair'], 'Services', 90)
const sportWorld = merchant('sport', ['สปอร์ตเวิลด์', 'Sport World'], 'Sports & Fitness', 40)
const soundHouse = merchant('sound', ['ซาวด์เฮาส์', 'Sound House'], 'Computer & Electronics', 80)
const fixtureMerchants = [itCity, repairShop, sportWorld, soundHouse]

function product(
  key: string,
  seller: MerchantInput,
  name: [string, string],
  popularity: number,
  price: number,
  categoryId: MerchantCategoryId = seller.categoryLabel === 'Sports & Fitness' ? 'sports' : 'computers',
) {
  return {
    id: deterministicCatalogueId(`search-fixture:${key}`),
    merchantId: seller.id,
    name: { th: name[0], en: name[1] },
    price,
    categoryId,
    comparisonKey: key,
    popularity,
    createdAt: new Date(day + popularity * 1000),
  } satisfies ProductInput
}

const samsung = product(
  'samsung',
  itCity,
  ['สมาร์ทโฟน Samsung Galaxy A55 5G 256GB', 'Samsung Galaxy A55 5G Smartphone, 256GB'],
  10,
  1_299_000,
)
const oppo = product('oppo', itCity, ['โทรศัพท์มือถือ OPPO Reno 12 Pro', 'OPPO Reno 12 Pro Mobile Phone'], 20, 1_599_000)
const xiaomi = product('xiaomi', itCity, ['มือถือ Xiaomi Redmi Note 13', 'Xiaomi Redmi Note 13 Phone'], 15, 699_000)
const vivo = product('vivo', itCity, ['สมาร์ตโฟน vivo Y28 สีฟ้า', 'vivo Y28 Smartphone, Blue'], 5, 499_000)
const phones = [samsung, oppo, xiaomi, vivo]
const wirelessMicrophone = product(
  'rode',
  soundHouse,
  ['ไมโครโฟนไร้สาย Rode Wireless GO', 'Rode Wireless GO Microphone'],
  300,
  899_000,
)
const desktopMicrophone = product('usb-mic', soundHouse, ['ไมโครโฟนตั้งโต๊ะ USB', 'USB Desktop Microphone'], 250, 159_000)
const earbuds = product(
  'sony',
  soundHouse,
  ['หูฟังไร้สาย Sony WF-1000XM5', 'Sony WF-1000XM5 Wireless Earbuds'],
  200,
  899_000,
)
const screenGlass = product(
  'glass',
  repairShop,
  ['ฟิล์มกระจกกันรอย iPhone 15', 'iPhone 15 Tempered Glass Screen Protector'],
  400,
  29_000,
)
const battery = product(
  'battery',
  repairShop,
  ['บริการเปลี่ยนแบตเตอรี่', 'Battery Replacement Service'],
  350,
  99_000,
  'services',
)
/** A service whose name holds the words for a phone: what a shopper searching for one wants after the phones. */
const phoneRepair = product(
  'phone-repair',
  repairShop,
  ['บริการซ่อมมือถือ เปลี่ยนหน้าจอ', 'Phone Repair: Screen Replacement'],
  500,
  149_000,
  'services',
)
const sneakers = product(
  'nike',
  sportWorld,
  ['รองเท้าผ้าใบ Nike Air Max สีแดง', 'Nike Air Max Sneakers, Red'],
  30,
  459_000,
)
const runningShoes = product(
  'adidas',
  sportWorld,
  ['รองเท้าวิ่งผู้ชาย Adidas Ultraboost', "Adidas Ultraboost Men's Running Shoes"],
  60,
  599_000,
)
const sandals = product('havaianas', sportWorld, ['รองเท้าแตะ Havaianas', 'Havaianas Flip-Flops'], 70, 79_000)
const fixtureProducts = [
  samsung,
  oppo,
  xiaomi,
  vivo,
  wirelessMicrophone,
  desktopMicrophone,
  earbuds,
  screenGlass,
  battery,
  phoneRepair,
  sneakers,
  runningShoes,
  sandals,
]
const merchantById = new Map(fixtureMerchants.map((row) => [row.id, row]))
const microphones = [wirelessMicrophone, desktopMicrophone]

const names = (rows: readonly { name: { th: string; en: string } }[]) => rows.map((row) => row.name.en)
const byId = (left: { id: string }, right: { id: string }) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)

/** What search-relevance.ts says the product search answers, relevance order. */
function expectedProducts(search: string): ProductInput[] {
  const plan = planSearch(search.trim().toLowerCase())
  const tierOf = (row: ProductInput) => {
    const seller = merchantById.get(row.merchantId)
    if (seller === undefined) throw new Error('no merchant')
    const tier = relevanceTier(plan, [
      { field: searchFieldOf([row.name.th, row.name.en]), tiers: productNameTiers },
      { field: searchFieldOf([seller.name.th, seller.name.en]), tiers: productMerchantTiers },
    ])
    return rankedTier(plan, tier, productNameTiers, row.categoryId)
  }
  return fixtureProducts
    .map((row) => ({ row, tier: tierOf(row) }))
    .filter(({ tier }) => tier !== noMatch)
    .sort(
      (left, right) =>
        left.tier - right.tier || right.row.popularity - left.row.popularity || byId(left.row, right.row),
    )
    .map(({ row }) => row)
}

function expectedMerchants(search: string): MerchantInput[] {
  const plan = planSearch(search.trim().toLowerCase())
  return fixtureMerchants
    .map((row) => ({
      row,
      tier: rankedTier(
        plan,
        relevanceTier(plan, [{ field: searchFieldOf([row.name.th, row.name.en]), tiers: merchantNameTiers }]),
        merchantNameTiers,
        categoryOfLabel(row.categoryLabel) ?? 'marketplace',
      ),
    }))
    .filter(({ tier }) => tier !== noMatch)
    .sort(
      (left, right) =>
        left.tier - right.tier || right.row.popularity - left.row.popularity || byId(left.row, right.row),
    )
    .map(({ row }) => row)
}

async function listProducts(app: App, request: ProductListRequest) {
  const path = `/cws-api/products?${new URLSearchParams(productListSearchParams({ limit: 50, ...request })).toString()}`
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  return v.parse(productListResponseSchema, await response.json())
}

async function listMerchants(app: App, request: MerchantListRequest) {
  const path = `/cws-api/merchants?${new URLSearchParams(merchantListSearchParams({ limit: 50, ...request })).toString()}`
  const response = await app.request(path)
  expect(response.status, path).toBe(200)
  return v.parse(merchantListResponseSchema, await response.json())
}

const englishNamesOf = (answer: { data: { name: { en: string } }[] }) => answer.data.map((row) => row.name.en)

describe('words of names and searches', () => {
  it('splits Thai into words, and knows the words of the synonym list the word breaker does not', () => {
    expect(wordsOfSearch('มือถือ')).toEqual(['มือถือ'])
    expect(wordsOfSearch('เคสมือถือ')).toEqual(['เคส', 'มือถือ'])
    expect(wordsOfSearch('โทรศัพท์มือถือ')).toEqual(['โทรศัพท์มือถือ'])
    expect(wordsOfSearch('รองเท้าวิ่ง ผู้ชาย')).toEqual(['รองเท้าวิ่ง', 'ผู้ชาย'])
    expect(wordsOfText('ร้านซ่อมมือถือ')).toEqual(expect.arrayContaining(['ร้าน', 'ซ่อม', 'มือ', 'ถือ', 'มือถือ']))
    expect(wordsOfText('สมาร์ทโฟน samsung')).toEqual(expect.arrayContaining(['สมาร์ทโฟน', 'samsung']))
    expect(wordsOfSearch('  ')).toEqual([])
  })

  it('finds Latin words whole: a word before its prefix, before a synonym, before a substring', () => {
    const plan = planSearch('phone')
    const tierOf = (name: string) => relevanceTier(plan, [{ field: searchFieldOf([name]), tiers: productNameTiers }])
    expect(tierOf('OPPO Mobile Phone')).toBe(productNameTiers.exact)
    expect(tierOf('Phones for kids')).toBe(productNameTiers.prefix)
    expect(tierOf('Samsung Smartphone')).toBe(productNameTiers.synonym)
    expect(tierOf('USB Microphone')).toBe(productNameTiers.substring)
    expect(tierOf('Phoen stand')).toBe(productNameTiers.fuzzy)
    expect(tierOf('Desk lamp')).toBe(noMatch)
  })
})

describe('search that understands shoppers, Thai and English', () => {
  let testDatabase: TestDatabase
  let app: App

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await changeCatalogue(testDatabase.connection.database, async (writer) => {
      await writer.insertMerchants(fixtureMerchants)
      await writer.insertProducts(fixtureProducts)
    })
    app = createTestApp(testDatabase.connection.database, { catalogueCache: { maxEntries: 0 } })
  })
  afterAll(() => testDatabase.dispose())

  it.each(['มือถือ', 'โทรศัพท์', 'phone', 'Phone'])(
    '%s finds phones first: not microphones, not the phone-repair shop',
    async (search) => {
      for (const locale of ['th', 'en'] as const) {
        const answer = await listProducts(app, { search, locale })
        const found = englishNamesOf(answer)
        expect(new Set(found.slice(0, phones.length)), `${search} (${locale}): ${found.join(' | ')}`).toEqual(
          new Set(names(phones)),
        )
        expect(found).toEqual(names(expectedProducts(search)))
      }
    },
  )

  it('ranks exact words, then synonyms, then other kinds of goods, then substrings, then the shop that only names it', async () => {
    // The phone repair, the most popular and named with the very word, is a service: after the phones.
    expect(englishNamesOf(await listProducts(app, { search: 'มือถือ' }))).toEqual(
      names([oppo, xiaomi, samsung, vivo, phoneRepair, screenGlass, battery]),
    )
    expect(englishNamesOf(await listProducts(app, { search: 'โทรศัพท์' }))).toEqual(
      names([oppo, xiaomi, samsung, vivo, phoneRepair]),
    )
    expect(englishNamesOf(await listProducts(app, { search: 'phone' }))).toEqual(
      names([oppo, xiaomi, samsung, vivo, phoneRepair, screenGlass, ...microphones, battery]),
    )
    // Searches that name no kind of goods keep the plain order: the repair, exact, first.
    expect(englishNamesOf(await listProducts(app, { search: 'ซ่อม' }))[0]).toBe(phoneRepair.name.en)
    // The repair shop is what the merchant search finds for a phone: by its name, and by synonym.
    for (const search of ['มือถือ', 'โทรศัพท์', 'phone', 'smartphone']) {
      expect(englishNamesOf(await listMerchants(app, { search }))).toEqual([repairShop.name.en])
    }
    expect(englishNamesOf(await listProducts(app, { search: 'sneakers' }))).toEqual(names([sneakers]))
    // Running shoes are close enough to pass for a typo, and come last.
    expect(englishNamesOf(await listProducts(app, { search: 'รองเท้าผ้าใบ' }))).toEqual(names([sneakers, runningShoes]))
    expect(englishNamesOf(await listProducts(app, { search: 'running shoes' }))).toEqual(names([runningShoes]))
    expect(englishNamesOf(await listProducts(app, { search: 'headphones' }))).toEqual(names([earbuds]))
  })

  it('still finds one or two Thai letters anywhere in a name', async () => {
    for (const search of ['ม', 'ฟ', 'ไร้', 'ถื']) {
      const containing = fixtureProducts.filter((row) => {
        const seller = merchantById.get(row.merchantId)
        return [row.name.th, row.name.en, seller?.name.th ?? '', seller?.name.en ?? ''].some((name) =>
          name.toLowerCase().includes(search),
        )
      })
      const answer = await listProducts(app, { search })
      expect(containing.length).toBeGreaterThan(0)
      expect(new Set(answer.data.map((row) => row._id)), search).toEqual(
        new Set(expectedProducts(search).map((row) => row.id)),
      )
      for (const row of containing)
        expect(
          answer.data.map((found) => found._id),
          search,
        ).toContain(row.id)
    }
  })

  it('forgives a typo, after everything found without one', async () => {
    expect(englishNamesOf(await listProducts(app, { search: 'samsng' }))).toEqual(names([samsung]))
    expect(englishNamesOf(await listProducts(app, { search: 'sneakrs' }))).toEqual(names([sneakers]))
    // A typo of a word for a phone names phones too: the repair, also found by typo, after them.
    expect(englishNamesOf(await listProducts(app, { search: 'มือถอ' }))).toEqual(names([oppo, xiaomi, phoneRepair]))
    expect(englishNamesOf(await listMerchants(app, { search: 'sportt world' }))).toEqual([sportWorld.name.en])
  })

  it('finds the same in any other order, and pages through it', async () => {
    const relevant = await listProducts(app, { search: 'phone' })
    const byPrice = await listProducts(app, { search: 'phone', sort: 'price-low' })
    expect(byPrice.total).toBe(relevant.total)
    expect(byPrice.data.map((row) => row.price)).toEqual(relevant.data.map((row) => row.price).sort((a, b) => a - b))
    const pages = [
      await listProducts(app, { search: 'phone', limit: 3 }),
      await listProducts(app, { search: 'phone', limit: 3, skip: 3 }),
      await listProducts(app, { search: 'phone', limit: 3, skip: 6 }),
    ]
    expect(pages.flatMap(englishNamesOf)).toEqual(englishNamesOf(relevant))
    // `relevance` without a search is the popular order.
    const browse = await listProducts(app, { sort: 'relevance' })
    expect(browse).toEqual(await listProducts(app, { sort: 'popular' }))
  })

  it('answers what search-relevance.ts defines, for any search', async () => {
    const searches = new Set(['a', 'e', 'ร', 'รองเท้า', 'wireless', 'ไร้สาย', 'o', 'ซ่อม', 'nike red', 'zzz', '5g'])
    for (const row of [...fixtureProducts, ...fixtureMerchants]) {
      for (const name of [row.name.th, row.name.en]) {
        const letters = Array.from(name)
        for (const length of [1, 2, 4, 7]) {
          const start = (letters.length * 7 + length * 13) % Math.max(1, letters.length - length)
          searches.add(letters.slice(start, start + length).join(''))
        }
      }
    }
    for (const search of searches) {
      if (search.trim() === '') continue
      expect(englishNamesOf(await listProducts(app, { search })), search).toEqual(names(expectedProducts(search)))
      expect(englishNamesOf(await listMerchants(app, { search })), search).toEqual(names(expectedMerchants(search)))
    }
  })

  it('has the index ready for the first search when told to load it at start, as a server process is', async () => {
    const recording = createRecordingLogger()
    // No waiting: a first search with no index would be SQL's, unranked and not to be kept.
    const started = createTestApp(testDatabase.connection.database, {
      logger: recording.logger,
      catalogueCache: { searchIndex: { waitMilliseconds: 0, loadAtStart: true } },
    })
    await expect.poll(() => recording.lines().some((line) => line['msg'] === 'catalogue index ready')).toBe(true)
    const response = await started.request(
      `/cws-api/products?${new URLSearchParams(productListSearchParams({ search: 'phone', limit: 50 })).toString()}`,
    )
    expect(response.headers.get('cache-control')).toContain('public')
    const answer = v.parse(productListResponseSchema, await response.json())
    expect(englishNamesOf(answer)).toEqual(names(expectedProducts('phone')))
  })

  it('waits for the index rather than answer a first search without ranking', async () => {
    const fresh = createTestApp(testDatabase.connection.database, { catalogueCache: { maxEntries: 0 } })
    expect(englishNamesOf(await listProducts(fresh, { search: 'phone' }))).toEqual(names(expectedProducts('phone')))
  })

  it('falls back to plain substrings in SQL when there can be no index', async () => {
    const recording = createRecordingLogger()
    for (const catalogueCache of [{ searchIndex: false as const }, { searchIndex: { maxProducts: 5 } }]) {
      const sqlOnly = createTestApp(testDatabase.connection.database, {
        logger: recording.logger,
        catalogueCache: { maxEntries: 0, ...catalogueCache },
      })
      const answer = await listProducts(sqlOnly, { search: 'phone' })
      const containing = fixtureProducts
        .filter((row) => {
          const seller = merchantById.get(row.merchantId)
          return [row.name.th, row.name.en, seller?.name.th ?? '', seller?.name.en ?? ''].some((name) =>
            name.toLowerCase().includes('phone'),
          )
        })
        .sort((left, right) => right.popularity - left.popularity || byId(left, right))
      expect(englishNamesOf(answer)).toEqual(names(containing))
    }
  })
})

describe('searches while the index of the current catalogue loads', () => {
  let testDatabase: TestDatabase

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    await changeCatalogue(testDatabase.connection.database, async (writer) => {
      await writer.insertMerchants(fixtureMerchants)
      await writer.insertProducts(fixtureProducts)
    })
  })
  afterAll(() => testDatabase.dispose())

  it('makes do with the index it replaces (after a start, SQL), keeps none of it, then answers from the new one', async () => {
    const database = testDatabase.connection.database
    // No waiting at all, so every search before the index is ready makes do.
    const app = createTestApp(database, { catalogueCache: { searchIndex: { waitMilliseconds: 0 } } })
    const path = `/cws-api/products?${new URLSearchParams(productListSearchParams({ search: 'phone', limit: 50 })).toString()}`
    const read = async () => {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      return {
        cacheControl: response.headers.get('cache-control'),
        answer: v.parse(productListResponseSchema, await response.json()),
      }
    }

    // Just started: SQL's substrings, by popularity, and not to be kept.
    const first = await read()
    expect(first.cacheControl).toBe('no-store')
    expect(englishNamesOf(first.answer)).toEqual(
      names(
        [phoneRepair, screenGlass, battery, wirelessMicrophone, desktopMicrophone, oppo, xiaomi, samsung, vivo].sort(
          (left, right) => right.popularity - left.popularity,
        ),
      ),
    )
    await expect.poll(async () => englishNamesOf((await read()).answer)).toEqual(names(expectedProducts('phone')))
    expect((await read()).cacheControl).toContain('public')

    // A change: until the new index is ready, the old one answers (the old rate), unkept.
    await changeCatalogue(database, (writer) =>
      writer.updateMerchantCashback(itCity.id, { kind: 'up-to', rateBasisPoints: 1_000, maxPerOrder: null }),
    )
    const during = await read()
    expect(during.cacheControl).toBe('no-store')
    expect(englishNamesOf(during.answer)).toEqual(names(expectedProducts('phone')))
    const rateOf = (answer: typeof during.answer) =>
      answer.data.find((row) => row._id === oppo.id)?.merchant.cashback.rateBasisPoints
    expect(rateOf(during.answer)).toBe(300)
    await expect.poll(async () => rateOf((await read()).answer)).toBe(1_000)
    expect((await read()).cacheControl).toContain('public')
  })
})
