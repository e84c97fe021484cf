/**
 * Catalogue latency and throughput on the 10,000-merchant / 100,000-product seed. `npm run
 * bench:catalogue`; not part of `npm test`.
 *
 * 1. Seeds a data directory (BENCH_DATA_DIR to reuse one across runs; a temporary one otherwise)
 *    or uses DATABASE_URL's PostgreSQL.
 * 2. The database path: the app in-process with its catalogue cache off, N sequential requests per
 *    scenario, p50/p95. Also EXPLAINs a Thai and an English search to show the trigram index.
 * 3. The served path: the real server (`server/main.ts`) as a child process, N sequential HTTP
 *    requests per scenario (warm cache), then CONCURRENCY connections for DURATION seconds beside
 *    the static `/api/status` endpoint of the same server.
 *
 * Budgets are not fixed yet: the numbers are printed, nothing fails.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { createApp } from '#server/app'
import { openDatabase } from '#server/db/database'
import { benchmarkCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { childEnvironment, findFreePort, startServer } from '#server/test/child-processes'

const requestsPerScenario = Number(process.env['BENCH_REQUESTS'] ?? 200)
const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? 50)
const durationSeconds = Number(process.env['BENCH_DURATION'] ?? 5)
const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined
const keptDataDirectory = process.env['BENCH_DATA_DIR']?.trim() || undefined
const logger = pino({ level: 'error' })

// Ids are deterministic, so the scenarios can name real merchants and products without a query.
const catalogue = generateDemoCatalogue(benchmarkCatalogueSize)
const sharedProduct =
  catalogue.products.find((product, index) => catalogue.products[index + 1]?.comparisonKey === product.comparisonKey) ??
  catalogue.products[0]
const merchantId = catalogue.merchants[500]?.id ?? ''
const productId = catalogue.products[50_000]?.id ?? ''

const filter = (value: object) => encodeURIComponent(JSON.stringify(value))
const scenarios: [name: string, path: string][] = [
  ['merchants, first page', '/cws-api/merchants'],
  ['merchants, skip=5000', '/cws-api/merchants?skip=5000'],
  ['merchants, category', `/cws-api/merchants?filter=${filter({ category: 'fashion' })}`],
  ['merchants, Thai search สยาม', `/cws-api/merchants?search=${encodeURIComponent('สยาม')}`],
  ['products, first page', '/cws-api/products'],
  ['products, skip=5000', '/cws-api/products?skip=5000'],
  ['products, category by price', `/cws-api/products?sort=price-low&filter=${filter({ category: 'sports' })}`],
  ['products, Thai search รองเท้า', `/cws-api/products?search=${encodeURIComponent('รองเท้า')}`],
  ['products, Thai search หูฟังไร้สาย', `/cws-api/products?search=${encodeURIComponent('หูฟังไร้สาย')}`],
  ['products, English search running shoes', '/cws-api/products?search=running%20shoes'],
  ['products, English search SONIX', '/cws-api/products?search=SONIX'],
  ['products, 2-letter search', `/cws-api/products?search=${encodeURIComponent('หู')}`],
  ['merchant detail', `/cws-api/merchants/${merchantId}`],
  ['product detail', `/cws-api/products/${productId}`],
  ['product offers', `/cws-api/products/${sharedProduct?.id ?? productId}/offers`],
]

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

function formatMilliseconds(value: number): string {
  return value.toFixed(value < 10 ? 2 : 1).padStart(8)
}

async function measureSequential(send: () => Response | Promise<Response>): Promise<{ p50: number; p95: number }> {
  const durations: number[] = []
  for (let index = 0; index < requestsPerScenario; index += 1) {
    const started = performance.now()
    const response = await send()
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`Status ${response.status}`)
    durations.push(performance.now() - started)
  }
  durations.sort((left, right) => left - right)
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) }
}

async function measureConcurrent(url: string): Promise<{ perSecond: number; p99: number; errors: number }> {
  const durations: number[] = []
  let errors = 0
  const deadline = performance.now() + durationSeconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now()
        try {
          const response = await fetch(url)
          await response.arrayBuffer()
          if (response.status !== 200) errors += 1
        } catch {
          errors += 1
        }
        durations.push(performance.now() - started)
      }
    }),
  )
  durations.sort((left, right) => left - right)
  return { perSecond: durations.length / durationSeconds, p99: percentile(durations, 0.99), errors }
}

const dataDirectory = keptDataDirectory ?? (await mkdtemp(path.join(tmpdir(), 'ngernkhuen-bench-')))
try {
  // 1. Data
  {
    const connection = await openDatabase({ databaseUrl, dataDirectory, logger })
    try {
      await connection.migrate()
      const seed = await seedCatalogueIfEmpty(connection.database, { size: benchmarkCatalogueSize })
      process.stdout.write(
        seed.seeded
          ? `Seeded ${seed.merchantCount} merchants and ${seed.productCount} products in ${seed.milliseconds} ms (${connection.kind})\n`
          : `Using the catalogue already in ${databaseUrl === undefined ? dataDirectory : 'DATABASE_URL'}\n`,
      )

      // 2. The database path, no cache.
      process.stdout.write(`\nIn-process, catalogue cache off, ${requestsPerScenario} sequential requests each (ms)\n`)
      process.stdout.write(`${'scenario'.padEnd(42)}     p50      p95\n`)
      const app = createApp({
        database: connection.database,
        maintenance: false,
        clientDirectory: '/nonexistent',
        logger,
        catalogueCache: { maxEntries: 0 },
      })
      for (const [name, scenarioPath] of scenarios) {
        const result = await measureSequential(() => app.request(scenarioPath))
        process.stdout.write(`${name.padEnd(42)}${formatMilliseconds(result.p50)} ${formatMilliseconds(result.p95)}\n`)
      }

      for (const search of ['%รองเท้า%', '%running shoes%']) {
        const plan: unknown = await connection.database.execute(
          sql`explain select id from products where search_text ilike ${search} order by popularity desc nulls last, id limit 12`,
        )
        const rows: unknown[] =
          typeof plan === 'object' && plan !== null && 'rows' in plan && Array.isArray(plan.rows) ? plan.rows : []
        const lines = rows.map((row) => (typeof row === 'object' && row !== null ? Object.values(row).join('') : ''))
        process.stdout.write(`\nEXPLAIN products search ${search}:\n  ${lines.join('\n  ')}\n`)
      }
    } finally {
      await connection.close()
    }
  }

  // 3. The served path.
  const environment = childEnvironment({
    DATA_DIR: dataDirectory,
    CLIENT_DIR: '/nonexistent',
    APP_MODE: databaseUrl === undefined ? 'demo' : 'production',
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
  })
  const server = await startServer(environment, await findFreePort())
  try {
    process.stdout.write(`\nReal server over HTTP, warm cache, ${requestsPerScenario} sequential requests each (ms)\n`)
    process.stdout.write(`${'scenario'.padEnd(42)}     p50      p95\n`)
    for (const [name, scenarioPath] of scenarios) {
      const result = await measureSequential(() => fetch(`${server.baseUrl}${scenarioPath}`))
      process.stdout.write(`${name.padEnd(42)}${formatMilliseconds(result.p50)} ${formatMilliseconds(result.p95)}\n`)
    }

    process.stdout.write(`\n${concurrency} connections for ${durationSeconds} s each (warm cache)\n`)
    process.stdout.write(`${'scenario'.padEnd(42)}   req/s  p99 ms  errors\n`)
    const concurrentScenarios: [string, string][] = [
      ['static /api/status (reference)', '/api/status'],
      ...scenarios.filter(([name]) =>
        [
          'merchants, first page',
          'merchants, skip=5000',
          'products, Thai search รองเท้า',
          'products, English search running shoes',
        ].includes(name),
      ),
    ]
    for (const [name, scenarioPath] of concurrentScenarios) {
      const result = await measureConcurrent(`${server.baseUrl}${scenarioPath}`)
      process.stdout.write(
        `${name.padEnd(42)}${result.perSecond.toFixed(0).padStart(8)}${formatMilliseconds(result.p99)}${String(result.errors).padStart(8)}\n`,
      )
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
  }
} finally {
  if (keptDataDirectory === undefined) await rm(dataDirectory, { recursive: true, force: true })
}
