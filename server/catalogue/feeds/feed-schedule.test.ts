import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCatalogueOperatorCommand } from '#server/catalogue/feeds/catalogue-import-commands'
import { runDueFeeds, scheduleFeed } from '#server/catalogue/feeds/feed-schedule'
import type { Database } from '#server/db/database'
import { products } from '#server/db/schema'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

const offers = JSON.stringify({
  status: 'success',
  data: {
    data: [
      {
        offer_id: 9,
        offer_name: 'Fan House',
        categories: 'Home & Garden',
        commission_rate: '6%',
        tracking_period: 7,
        validation_period: 45,
        tracking_link: 'https://invol.co/aff_m?offer_id=9',
        offer_status: 'Active',
      },
    ],
  },
})
const feed = [
  'id,title,link,price',
  'fan-16,พัดลมตั้งพื้น 16 นิ้ว,https://fanhouse.example.co.th/p/16,"1,290 THB"',
  'fan-18,พัดลมตั้งพื้น 18 นิ้ว,https://fanhouse.example.co.th/p/18,"1,590 THB"',
].join('\n')

describe('scheduled catalogue feeds', () => {
  let testDatabase: TestDatabase
  let database: Database
  let server: Server
  let origin = ''
  const served: string[] = []

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    database = testDatabase.connection.database
    // The network's and the merchant's feed URLs, served here: tests never reach the internet.
    server = createServer((request, response) => {
      served.push(request.url ?? '')
      if (request.url === '/offers.json') response.end(offers)
      else if (request.url === '/feed.csv') response.end(feed)
      else response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await testDatabase.dispose()
  })

  it('imports each due feed once, from its URL, and again when its interval has passed', async () => {
    const start = new Date('2026-11-27T00:00:00Z')
    await scheduleFeed(
      database,
      {
        adapter: 'involve-asia',
        source: `${origin}/offers.json`,
        merchantExternalId: null,
        language: 'th',
        everyMinutes: 60,
      },
      start,
    )
    await scheduleFeed(
      database,
      {
        adapter: 'involve-asia',
        source: `${origin}/feed.csv`,
        merchantExternalId: '9',
        language: 'th',
        everyMinutes: 60,
      },
      new Date(start.getTime() + 1),
    )
    const at = (minutes: number) => () => new Date(start.getTime() + minutes * 60_000)

    // Offers first (due first), then the merchant's products.
    const first = await runDueFeeds(database, { now: at(1) })
    expect(first.map((report) => report.status)).toEqual(['applied', 'applied'])
    expect(await database.select().from(products)).toHaveLength(2)

    expect(await runDueFeeds(database, { now: at(30) })).toEqual([])
    // Two processes at once when the interval has passed: each feed is claimed by one of them.
    const rounds = await Promise.all([runDueFeeds(database, { now: at(62) }), runDueFeeds(database, { now: at(62) })])
    expect(rounds.flat().map((report) => report.status)).toEqual(['unchanged', 'unchanged'])
    expect(served.filter((url) => url === '/feed.csv')).toHaveLength(2)
  })

  it('keeps one schedule per feed and refuses a nonsense interval', async () => {
    const input = {
      adapter: 'involve-asia',
      source: `${origin}/offers.json`,
      merchantExternalId: null,
      language: 'th' as const,
    }
    const first = await scheduleFeed(database, { ...input, everyMinutes: 60 }, new Date())
    const again = await scheduleFeed(database, { ...input, everyMinutes: 120 }, new Date())
    expect(again).toMatchObject({ id: first.id, everyMinutes: 120 })

    expect(
      parseCatalogueOperatorCommand([
        'catalogue',
        'feeds',
        'add',
        'accesstrade',
        'https://x.example/f.tsv',
        '--merchant',
        '7',
        '--every',
        '6h',
      ]),
    ).toEqual({
      name: 'catalogue',
      action: 'feeds-add',
      feed: {
        adapter: 'accesstrade',
        source: 'https://x.example/f.tsv',
        merchantExternalId: '7',
        language: 'th',
        everyMinutes: 360,
      },
    })
    expect(
      parseCatalogueOperatorCommand([
        'catalogue',
        'feeds',
        'add',
        'accesstrade',
        'https://x.example/f',
        '--every',
        '5m',
      ]),
    ).toBeUndefined()
    expect(parseCatalogueOperatorCommand(['catalogue', 'feeds', 'add', 'nope', 'https://x.example/f'])).toBeUndefined()
  })
})
