import { createReadStream } from 'node:fs'
import { pino } from 'pino'
import { importOffers, importProductFeed } from '#server/catalogue/feeds/catalogue-import'
import { involveAsiaAdapter } from '#server/catalogue/feeds/network-adapters'
import { openDatabase } from '#server/db/database'

/** One measured run of scripts/bench/catalogue-import.ts, in a process of its own. */
const feed = process.argv[2] ?? ''
const connection = await openDatabase({
  databaseUrl: process.env['BENCH_DATABASE_URL'] || undefined,
  dataDirectory: process.env['BENCH_DATA_DIR'] ?? '',
  logger: pino({ level: 'silent' }),
})
await connection.migrate()
const database = connection.database
const offers = JSON.stringify({
  status: 'success',
  data: {
    data: [
      {
        offer_id: 1,
        offer_name: 'Bench Mall',
        categories: 'Marketplace',
        commission_rate: '4%',
        tracking_period: 7,
        validation_period: 60,
        tracking_link: 'https://invol.co/aff_m?offer_id=1',
        offer_status: 'Active',
      },
    ],
  },
})
await importOffers(database, {
  adapter: involveAsiaAdapter,
  source: {
    name: 'offers',
    open: async function* () {
      yield Buffer.from(offers)
    },
  },
})
const source = { name: feed, open: () => createReadStream(feed) }
const options = { adapter: involveAsiaAdapter, merchantExternalId: '1', language: 'th' as const, source }
let started = performance.now()
const first = await importProductFeed(database, options)
const firstMs = Math.round(performance.now() - started)
started = performance.now()
const again = await importProductFeed(database, options)
const againMs = Math.round(performance.now() - started)
await connection.close()
process.stdout.write(
  `${JSON.stringify({
    first: { ms: firstMs, status: first.status, changed: first.changedCount },
    again: { ms: againMs, status: again.status },
    peakMegabytes: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
)
