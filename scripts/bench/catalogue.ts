/**
 * The catalogue benchmark of issue 3 on the 10,000-merchant / 100,000-product seed. `npm run
 * bench:catalogue` (and the second half of `npm run bench`); not part of `npm test`.
 *
 * For each database (PGlite always; PostgreSQL too with BENCH_POSTGRES=1, or only it with
 * BENCH_POSTGRES=only):
 *
 * 1. Seeds it: a temporary PGlite data directory (BENCH_DATA_DIR reuses a seeded one across runs),
 *    and for PostgreSQL DATABASE_URL or else a throwaway cluster this script starts and removes.
 * 2. Load, the headline: the real server (the compiled `dist/server/main.js`) as a child process
 *    on 127.0.0.1, and autocannon with BENCH_CONNECTIONS (50) connections for BENCH_DURATION (10)
 *    seconds per scenario, after BENCH_WARMUP (2) seconds unmeasured, sending `Accept-Encoding` as a browser
 *    does. The static `/api/status` of the same server is the reference. Budget: every list
 *    scenario reaches half the reference's requests/s with a p99 under 100 ms and no errors.
 * 3. Per request, BENCH_REQUESTS (100; 0 skips it) sequential requests per scenario: in-process
 *    with the catalogue cache off (the database path), then over HTTP with a warm cache. Also
 *    EXPLAINs a Thai and an English search to show the trigram index.
 *
 * `--processes N` (PostgreSQL only: PGlite is one process) starts N server processes behind a
 * small round-robin proxy (scripts/bench/round-robin-proxy.ts), as a load balancer would, so how
 * the API scales with processes can be measured on a machine with the cores for it. Every run
 * also loads a search whose every request asks something new (no response cache can answer it):
 * measured, not judged, until issue 13 sets its budget.
 *
 * Exits 1 when a budget fails. The load generator shares the machine's cores with the server, so
 * compare figures from one run, and repeat a run before trusting a small difference.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { createApp } from '#server/app'
import { openDatabase } from '#server/db/database'
import { createSilentEventChannel } from '#server/events/event-channel'
import { benchmarkCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { childEnvironment, findFreePort, startServer, type ServerProcess } from '#server/test/child-processes'
import { createMemoryProofStorage } from '#server/test/proofs'
import { startPostgresCluster } from './postgres-cluster'
import { startRoundRobinProxy } from './round-robin-proxy'

function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name]?.trim() || fallback)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0`)
  return value
}

const connections = numberSetting('BENCH_CONNECTIONS', numberSetting('BENCH_CONCURRENCY', 50))
const durationSeconds = numberSetting('BENCH_DURATION', 10)
const warmupSeconds = numberSetting('BENCH_WARMUP', 2)
const requestsPerScenario = numberSetting('BENCH_REQUESTS', 100)
const { values: commandLine } = parseArgs({ options: { processes: { type: 'string', default: '1' } } })
const processCount = Number(commandLine.processes)
if (!Number.isInteger(processCount) || processCount < 1) throw new Error('--processes must be a whole number ≥ 1')
// Several processes share one database only on PostgreSQL.
const postgresSetting = processCount > 1 ? 'only' : (process.env['BENCH_POSTGRES']?.trim() ?? '')
const givenDatabaseUrl = process.env['DATABASE_URL']?.trim() || undefined
const keptDataDirectory = process.env['BENCH_DATA_DIR']?.trim() || undefined
const logger = pino({ level: 'error' })

/** Budgets of issue 3. */
const minimumThroughputRatio = 0.5
const maximumP99Milliseconds = 100

/** What a browser on the app sends: the gzip path is part of what is measured. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' }

// Ids are deterministic, so the scenarios can name real merchants and products without a query.
const catalogue = generateDemoCatalogue(benchmarkCatalogueSize)
const sharedProduct =
  catalogue.products.find((product, index) => catalogue.products[index + 1]?.comparisonKey === product.comparisonKey) ??
  catalogue.products[0]
const merchantId = catalogue.merchants[500]?.id ?? ''
const productId = catalogue.products[50_000]?.id ?? ''

const staticScenario: [name: string, path: string] = ['static /api/status (reference)', '/api/status']
/** The list endpoints issue 3 names. */
const loadScenarios: [name: string, path: string][] = [
  ['merchants, first page', '/cws-api/merchants'],
  ['merchants, skip=5000', '/cws-api/merchants?skip=5000'],
  ['products, Thai search รองเท้า', `/cws-api/products?search=${encodeURIComponent('รองเท้า')}`],
  ['products, English search running shoes', '/cws-api/products?search=running%20shoes'],
]

const filter = (value: object) => encodeURIComponent(JSON.stringify(value))
const latencyScenarios: [name: string, path: string][] = [
  ...loadScenarios.slice(0, 2),
  ['merchants, category', `/cws-api/merchants?filter=${filter({ category: 'fashion' })}`],
  ['merchants, Thai search สยาม', `/cws-api/merchants?search=${encodeURIComponent('สยาม')}`],
  ['products, first page', '/cws-api/products'],
  ['products, skip=5000', '/cws-api/products?skip=5000'],
  ['products, category by price', `/cws-api/products?sort=price-low&filter=${filter({ category: 'sports' })}`],
  ...loadScenarios.slice(2),
  ['products, Thai search หูฟังไร้สาย', `/cws-api/products?search=${encodeURIComponent('หูฟังไร้สาย')}`],
  ['products, English search SONIX', '/cws-api/products?search=SONIX'],
  ['products, 2-letter search', `/cws-api/products?search=${encodeURIComponent('หู')}`],
  ['merchant detail', `/cws-api/merchants/${merchantId}`],
  ['product detail', `/cws-api/products/${productId}`],
  ['product offers', `/cws-api/products/${sharedProduct?.id ?? productId}/offers`],
]

/**
 * A search whose every request asks something new, as shoppers typing do: the start (3 to 12
 * characters) of a product name, walking the catalogue, so no response cache can answer it.
 */
function distinctSearchPath(requestNumber: number): string {
  const product = catalogue.products[(requestNumber * 7_919) % catalogue.products.length]
  const name = requestNumber % 2 === 0 ? product?.name.th : product?.name.en
  const term = Array.from(name ?? 'รองเท้า')
    .slice(0, 3 + (requestNumber % 10))
    .join('')
    .trim()
  return `/cws-api/products?search=${encodeURIComponent(term)}`
}
const distinctScenarioName = 'products, a new search every request'

type Target = { name: 'PGlite' | 'PostgreSQL'; databaseUrl: string | undefined; dataDirectory: string }
/** The address the load goes to: one server process, or the proxy in front of several. */
type BenchServer = { baseUrl: string; processCount: number; isAlive(): boolean; output(): string }
type LoadResult = { name: string; perSecond: number; p50: number; p99: number; errors: number }
type Verdict = { database: string; scenario: string; passed: boolean }

/** Cleanups still owed; Ctrl-C runs them too, so no server or cluster outlives the benchmark. */
const cleanups: (() => Promise<void>)[] = []
async function runCleanups(): Promise<void> {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch((error: unknown) => console.error(error))
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`)
    void runCleanups().finally(() => process.exit(130))
  })
}

const write = (text: string) => process.stdout.write(text)
const column = (value: string, width: number) => value.padStart(width)
const milliseconds = (value: number) => value.toFixed(value < 10 ? 2 : 1)

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN
}

async function seed(target: Target): Promise<void> {
  const connection = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDirectory: target.dataDirectory,
    logger,
  })
  try {
    await connection.migrate()
    const result = await seedCatalogueIfEmpty(connection.database, { size: benchmarkCatalogueSize })
    write(
      result.seeded
        ? `Seeded ${result.merchantCount} merchants and ${result.productCount} products in ${result.milliseconds} ms\n`
        : `Using the catalogue already in ${target.databaseUrl === undefined ? target.dataDirectory : 'the database'}\n`,
    )
  } finally {
    await connection.close()
  }
}

async function startBenchServer(target: Target): Promise<ServerProcess> {
  const server = await startServer(
    childEnvironment({
      DATA_DIR: target.dataDirectory,
      CLIENT_DIR: '/nonexistent',
      // Demo mode on PostgreSQL too: production wants settings (secrets, mail) a benchmark has no
      // use for, and the demo seed does nothing to a catalogue that is already there.
      APP_MODE: 'demo',
      // With DATABASE_URL the server wants proofs on storage every process shares; the bench
      // uploads none, so a folder of its own stands in for that shared disk.
      ...(target.databaseUrl === undefined
        ? {}
        : {
            DATABASE_URL: target.databaseUrl,
            PROOF_STORAGE: 'filesystem',
            PROOF_DIR: path.join(target.dataDirectory, 'proofs'),
          }),
    }),
    await findFreePort(),
    // The compiled server production runs (`npm run bench` builds it first).
    { command: [process.execPath, 'dist/server/main.js'] },
  )
  const stop = async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return
    server.child.kill('SIGTERM')
    await server.exited
  }
  cleanups.push(stop)
  return server
}

async function startBenchServers(target: Target, count: number): Promise<BenchServer> {
  const servers: ServerProcess[] = []
  for (let index = 0; index < count; index += 1) servers.push(await startBenchServer(target))
  const isAlive = () => servers.every((server) => server.child.exitCode === null && server.child.signalCode === null)
  const output = () => servers.map((server) => server.output()).join('\n')
  const [only] = servers
  if (count === 1 && only !== undefined) return { baseUrl: only.baseUrl, processCount: 1, isAlive, output }
  const proxy = await startRoundRobinProxy(servers.map((server) => server.port))
  cleanups.push(() => proxy.close())
  return { baseUrl: `http://127.0.0.1:${proxy.port}`, processCount: count, isAlive, output }
}

/** autocannon's measure of one run, after an unmeasured warm-up. */
async function runLoad(server: BenchServer, options: autocannon.Options, name: string): Promise<LoadResult> {
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds })
  const result = await autocannon({ ...options, duration: durationSeconds })
  if (!server.isAlive()) throw new Error(`A server died during ${name}:\n${server.output().slice(-4000)}`)
  return {
    name,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

async function load(server: BenchServer, [name, scenarioPath]: [string, string]): Promise<LoadResult> {
  const url = `${server.baseUrl}${scenarioPath}`
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`Refusing to load ${url}: only 127.0.0.1`)
  // A real answer first (and a warm cache): a benchmark of 404s or 500s would prove nothing.
  const probe = await fetch(url, { headers: browserHeaders })
  const body = await probe.text()
  if (probe.status !== 200) throw new Error(`${scenarioPath} answered ${probe.status}: ${body.slice(0, 200)}`)
  return runLoad(server, { url, connections, headers: browserHeaders }, name)
}

/** The search no cache can answer: each request's path is made as it is sent. */
async function loadDistinctSearches(server: BenchServer): Promise<LoadResult> {
  let requestNumber = 0
  return runLoad(
    server,
    {
      url: server.baseUrl,
      connections,
      headers: browserHeaders,
      requests: [
        {
          setupRequest: (request) => {
            requestNumber += 1
            return { ...request, path: distinctSearchPath(requestNumber) }
          },
        },
      ],
    },
    distinctScenarioName,
  )
}

async function loadSection(target: Target, server: BenchServer): Promise<Verdict[]> {
  const processes =
    server.processCount === 1
      ? '1 server process'
      : `${server.processCount} server processes behind a round-robin proxy`
  write(
    `\n${target.name}, ${processes}: ${connections} connections, ${durationSeconds} s per scenario (after ${warmupSeconds} s warm-up), ` +
      `budget ≥ ${minimumThroughputRatio} × the static req/s and p99 < ${maximumP99Milliseconds} ms\n`,
  )
  write(
    `${'scenario'.padEnd(40)}${column('req/s', 9)}${column('p50 ms', 9)}${column('p99 ms', 9)}${column('errors', 8)}` +
      `${column('ratio', 7)}  throughput  p99\n`,
  )
  const reference = await load(server, staticScenario)
  const row = (result: LoadResult) =>
    `${result.name.padEnd(40)}${column(result.perSecond.toFixed(0), 9)}${column(milliseconds(result.p50), 9)}` +
    `${column(milliseconds(result.p99), 9)}${column(String(result.errors), 8)}`
  write(`${row(reference)}\n`)
  const verdicts: Verdict[] = []
  for (const scenario of loadScenarios) {
    const result = await load(server, scenario)
    const ratio = result.perSecond / reference.perSecond
    const fastEnough = ratio >= minimumThroughputRatio && result.errors === 0
    const quickEnough = result.p99 < maximumP99Milliseconds && result.errors === 0
    const verdict = (passed: boolean) => (passed ? 'PASS' : 'FAIL')
    write(`${row(result)}${column(ratio.toFixed(2), 7)}  ${verdict(fastEnough).padEnd(10)}  ${verdict(quickEnough)}\n`)
    verdicts.push({ database: target.name, scenario: result.name, passed: fastEnough && quickEnough })
  }
  const distinct = await loadDistinctSearches(server)
  write(`${row(distinct)}${column((distinct.perSecond / reference.perSecond).toFixed(2), 7)}  (measured, not judged)\n`)
  return verdicts
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

async function latencyTable(title: string, send: (scenarioPath: string) => Response | Promise<Response>) {
  write(`\n${title}, ${requestsPerScenario} sequential requests each (ms)\n`)
  write(`${'scenario'.padEnd(40)}${column('p50', 9)}${column('p95', 9)}\n`)
  for (const [name, scenarioPath] of latencyScenarios) {
    const result = await measureSequential(() => send(scenarioPath))
    write(`${name.padEnd(40)}${column(milliseconds(result.p50), 9)}${column(milliseconds(result.p95), 9)}\n`)
  }
}

/** The database path without any cache, and the query plans of the two kinds of search. */
async function databaseSection(target: Target): Promise<void> {
  const connection = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDirectory: target.dataDirectory,
    logger,
  })
  try {
    const app = createApp({
      database: connection.database,
      // One process, nothing else writes: no notifications to hear.
      events: createSilentEventChannel(),
      maintenance: false,
      clientDirectory: '/nonexistent',
      logger,
      catalogueCache: { maxEntries: 0 },
      // The benchmark sends no proofs.
      proofStorage: createMemoryProofStorage(),
    })
    await latencyTable(`${target.name}: in-process, catalogue cache off`, (scenarioPath) => app.request(scenarioPath))
    for (const search of ['%รองเท้า%', '%running shoes%']) {
      const plan: unknown = await connection.database.execute(
        sql`explain select id from products where search_text ilike ${search} order by popularity desc nulls last, id limit 12`,
      )
      const rows: unknown[] =
        typeof plan === 'object' && plan !== null && 'rows' in plan && Array.isArray(plan.rows) ? plan.rows : []
      const lines = rows.map((row) => (typeof row === 'object' && row !== null ? Object.values(row).join('') : ''))
      write(`\nEXPLAIN products search ${search}:\n  ${lines.join('\n  ')}\n`)
    }
  } finally {
    await connection.close()
  }
}

async function benchmark(target: Target): Promise<Verdict[]> {
  write(`\n=== ${target.name} ===\n`)
  await seed(target)
  const server = await startBenchServers(target, processCount)
  let verdicts: Verdict[]
  try {
    verdicts = await loadSection(target, server)
    if (requestsPerScenario > 0) {
      await latencyTable(`${target.name}: real server over HTTP, warm cache`, (scenarioPath) =>
        fetch(`${server.baseUrl}${scenarioPath}`, { headers: browserHeaders }),
      )
    }
  } finally {
    // The proxy (when there is one) and every server process started for this target.
    for (let index = 0; index < processCount + (processCount > 1 ? 1 : 0); index += 1) await cleanups.pop()?.()
  }
  // After the server: PGlite lets one process at a time open a data directory.
  if (requestsPerScenario > 0) await databaseSection(target)
  return verdicts
}

async function pgliteTarget(): Promise<Target> {
  if (keptDataDirectory !== undefined)
    return { name: 'PGlite', databaseUrl: undefined, dataDirectory: keptDataDirectory }
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-bench-'))
  cleanups.push(() => rm(dataDirectory, { recursive: true, force: true }))
  return { name: 'PGlite', databaseUrl: undefined, dataDirectory }
}

async function postgresTarget(): Promise<Target> {
  // The server's DATA_DIR is unused with DATABASE_URL, but must name somewhere harmless.
  const dataDirectory = path.join(tmpdir(), 'ngernkhuen-bench-unused')
  if (givenDatabaseUrl !== undefined) return { name: 'PostgreSQL', databaseUrl: givenDatabaseUrl, dataDirectory }
  write('\nStarting a throwaway PostgreSQL cluster\n')
  const cluster = await startPostgresCluster()
  cleanups.push(cluster.stop)
  return { name: 'PostgreSQL', databaseUrl: cluster.databaseUrl, dataDirectory }
}

const verdicts: Verdict[] = []
try {
  if (postgresSetting !== 'only') verdicts.push(...(await benchmark(await pgliteTarget())))
  if (postgresSetting === '1' || postgresSetting === 'only') verdicts.push(...(await benchmark(await postgresTarget())))
} finally {
  await runCleanups()
}

const failures = verdicts.filter((verdict) => !verdict.passed)
write(
  failures.length === 0
    ? `\nCatalogue load budget: PASS (${verdicts.length} scenarios)\n`
    : `\nCatalogue load budget: FAIL (${failures.map((failure) => `${failure.database} ${failure.scenario}`).join('; ')})\n`,
)
if (failures.length > 0) process.exitCode = 1
