/**
 * The catalogue benchmark of issues 3 and 13. `npm run bench:catalogue` (and the second half of
 * `npm run bench`); not part of `npm test`.
 *
 * Two databases, each with the seed its budget names: PGlite (the embedded database) with the demo
 * catalogue, then PostgreSQL with the 10,000-merchant / 100,000-product benchmark catalogue
 * (BENCH_POSTGRES=0 skips PostgreSQL, BENCH_POSTGRES=only skips PGlite). For each:
 *
 * 1. Seeds it: a temporary PGlite data directory (BENCH_DATA_DIR reuses a seeded one across runs),
 *    and for PostgreSQL DATABASE_URL or else a throwaway cluster this script starts and removes.
 * 2. Load, the headline: the real server (the compiled `dist/server/main.js`) as a child process
 *    on 127.0.0.1, and autocannon with BENCH_CONNECTIONS (50) connections for BENCH_DURATION (10)
 *    seconds per scenario, after BENCH_WARMUP (2) seconds unmeasured, sending `Accept-Encoding` as
 *    a browser does. The static `/api/status` of the same server, measured in the same run, is the
 *    reference every budget is a ratio of.
 *    - Issue 13, every query distinct: each request's path is made as it is sent (autocannon's
 *      `setupRequest`) and never repeats, in warm-up or measure: a term of 1–6 consecutive Thai or
 *      Latin letters cut from a random merchant's or product's name (Latin in random case), a
 *      random sort and language, a random page among the first five. No response cache can
 *      answer these. Budget, merchants and products each: ≥ 0.1 × the static req/s, no errors,
 *      p99 < 150 ms on PGlite and < 100 ms on PostgreSQL.
 *    - Issue 3, one repeated URL per scenario (lists and searches the response cache answers):
 *      ≥ 0.5 × the static req/s, p99 < 100 ms, no errors.
 *    Before loading, the benchmark waits for the server's catalogue index (BENCH_INDEX_WAIT
 *    seconds, 120; 0 does not wait): until a one-letter product search that no cache has seen
 *    answers in under 5 ms three times running, where SQL needs tens (PGlite) to hundreds
 *    (PostgreSQL) of milliseconds to count every product containing it. The server logs nothing
 *    (as before issue 13: a line per request would be measured too, through a pipe to this
 *    process). Its resident memory is printed before the index and after the load.
 * 3. Per request, BENCH_REQUESTS (100; 0 skips it) sequential requests per scenario: in-process
 *    with the response cache and the index off (the SQL path), then over HTTP with a warm cache.
 *    Also EXPLAINs a Thai and an English search, and measures the heap the index takes (after a
 *    garbage collection, the same catalogue loaded in this process).
 *
 * `--processes N` (PostgreSQL only: PGlite is one process) starts N server processes behind a
 * small round-robin proxy (scripts/bench/round-robin-proxy.ts), as a load balancer would, so how
 * the API scales with processes can be measured on a machine with the cores for it.
 *
 * Prints a summary of both databases and exits 1 when a budget fails. The load generator shares
 * the machine's cores with the server, so compare figures from one run, and repeat a run before
 * trusting a small difference.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { pino } from 'pino'
import { merchantSorts, productSorts } from '#domain/contracts/catalogue'
import { createApp } from '#server/app'
import { loadCatalogueIndex } from '#server/catalogue/catalogue-index'
import { openDatabase } from '#server/db/database'
import { createSilentEventChannel } from '#server/events/event-channel'
import {
  benchmarkCatalogueSize,
  demoCatalogueSize,
  generateDemoCatalogue,
  type CatalogueSize,
  type DemoCatalogue,
} from '#server/seed/demo-catalogue'
import { createSeededRandom, type SeededRandom } from '#server/seed/seeded-random'
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
const indexWaitSeconds = numberSetting('BENCH_INDEX_WAIT', 120)
const { values: commandLine } = parseArgs({ options: { processes: { type: 'string', default: '1' } } })
const processCount = Number(commandLine.processes)
if (!Number.isInteger(processCount) || processCount < 1) throw new Error('--processes must be a whole number ≥ 1')
const postgresSetting = process.env['BENCH_POSTGRES']?.trim() ?? ''
if (!['', '0', '1', 'only'].includes(postgresSetting)) throw new Error('BENCH_POSTGRES is 0, 1 or only')
// Several processes share one database only on PostgreSQL.
const runPglite = processCount === 1 && postgresSetting !== 'only'
const runPostgres = postgresSetting !== '0'
const givenDatabaseUrl = process.env['DATABASE_URL']?.trim() || undefined
const keptDataDirectory = process.env['BENCH_DATA_DIR']?.trim() || undefined
const logger = pino({ level: 'error' })

type DatabaseName = 'PGlite' | 'PostgreSQL'
type Budget = { minimumRatio: number; maximumP99Milliseconds: number }

/** Issue 13: every query distinct. */
const distinctBudgets: Record<DatabaseName, Budget> = {
  PGlite: { minimumRatio: 0.1, maximumP99Milliseconds: 150 },
  PostgreSQL: { minimumRatio: 0.1, maximumP99Milliseconds: 100 },
}
/** Issue 3: one URL, repeated. */
const repeatedBudget: Budget = { minimumRatio: 0.5, maximumP99Milliseconds: 100 }

/** What a browser on the app sends: the gzip path is part of what is measured. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' }

type Scenario = { name: string; path: string }
type Target = { name: DatabaseName; size: CatalogueSize; databaseUrl: string | undefined; dataDirectory: string }

/** Scenarios that name real rows: ids are deterministic, so no query is needed to find them. */
function scenariosOf(catalogue: DemoCatalogue) {
  const { merchants, products } = catalogue
  const sharedProduct =
    products.find((product, index) => products[index + 1]?.comparisonKey === product.comparisonKey) ?? products[0]
  const merchantId = merchants[Math.floor(merchants.length / 20)]?.id ?? ''
  const productId = products[Math.floor(products.length / 2)]?.id ?? ''
  const merchantSkip = Math.floor(merchants.length / 2)
  const productSkip = Math.floor(products.length / 20)
  const filter = (value: object) => encodeURIComponent(JSON.stringify(value))
  const repeated: Scenario[] = [
    { name: 'merchants, first page', path: '/cws-api/merchants' },
    { name: `merchants, skip=${merchantSkip}`, path: `/cws-api/merchants?skip=${merchantSkip}` },
    { name: 'products, Thai search รองเท้า', path: `/cws-api/products?search=${encodeURIComponent('รองเท้า')}` },
    { name: 'products, English search running shoes', path: '/cws-api/products?search=running%20shoes' },
  ]
  const sequential: Scenario[] = [
    ...repeated.slice(0, 2),
    { name: 'merchants, category', path: `/cws-api/merchants?filter=${filter({ category: 'fashion' })}` },
    { name: 'merchants, Thai search สยาม', path: `/cws-api/merchants?search=${encodeURIComponent('สยาม')}` },
    { name: 'products, first page', path: '/cws-api/products' },
    { name: `products, skip=${productSkip}`, path: `/cws-api/products?skip=${productSkip}` },
    {
      name: 'products, category by price',
      path: `/cws-api/products?sort=price-low&filter=${filter({ category: 'sports' })}`,
    },
    ...repeated.slice(2),
    { name: 'products, Thai search หูฟังไร้สาย', path: `/cws-api/products?search=${encodeURIComponent('หูฟังไร้สาย')}` },
    { name: 'products, English search SONIX', path: '/cws-api/products?search=SONIX' },
    { name: 'products, 1-letter Thai search', path: `/cws-api/products?search=${encodeURIComponent('ร')}` },
    { name: 'products, 2-letter Thai search', path: `/cws-api/products?search=${encodeURIComponent('หู')}` },
    { name: 'merchant detail', path: `/cws-api/merchants/${merchantId}` },
    { name: 'product detail', path: `/cws-api/products/${productId}` },
    { name: 'product offers', path: `/cws-api/products/${sharedProduct?.id ?? productId}/offers` },
  ]
  return { repeated, sequential }
}

/** Thai letters and marks (not digits or signs), and Latin letters. */
const letter = /[\u0e01-\u0e4e\p{Script=Latin}]/u

/**
 * Paths of one list endpoint, never the same twice: a term of 1–6 consecutive letters from a
 * random name, as a shopper types part of what they look for, with a random sort, language and
 * page. Seeded, so runs are comparable.
 */
function distinctPaths(
  endpoint: 'merchants' | 'products',
  catalogue: DemoCatalogue,
  random: SeededRandom,
): { next(): string; readonly count: number } {
  const sorts: readonly string[] = endpoint === 'merchants' ? merchantSorts : productSorts
  const names = [
    ...catalogue.merchants.flatMap((merchant) => [merchant.name.th, merchant.name.en]),
    ...(endpoint === 'products' ? catalogue.products.flatMap((product) => [product.name.th, product.name.en]) : []),
  ].map((name) => Array.from(name))
  const sent = new Set<string>()

  function term(): string {
    for (;;) {
      const name = random.pick(names)
      const start = random.integer(0, name.length - 1)
      if (!letter.test(name[start] ?? '')) continue
      const wanted = random.integer(1, 6)
      const letters: string[] = []
      for (let position = start; position < name.length && letters.length < wanted; position += 1) {
        const character = name[position] ?? ''
        if (!letter.test(character)) break
        letters.push(character)
      }
      const text = letters.join('')
      const casing = random.integer(0, 2)
      return casing === 0 ? text : casing === 1 ? text.toLowerCase() : text.toUpperCase()
    }
  }

  return {
    next() {
      const parameters = new URLSearchParams({
        search: term(),
        sort: random.pick(sorts),
        locale: random.pick(['th', 'en']),
      })
      let page = random.integer(0, 4)
      // Past the fifth page only when the first five of this search were all asked already.
      for (;;) {
        if (page > 0) parameters.set('skip', String(page * 12))
        const path = `/cws-api/${endpoint}?${parameters.toString()}`
        if (!sent.has(path)) {
          sent.add(path)
          return path
        }
        page += 1
      }
    },
    get count() {
      return sent.size
    },
  }
}

/** The address the load goes to: one server process, or the proxy in front of several. */
type BenchServer = {
  baseUrl: string
  processCount: number
  servers: ServerProcess[]
  isAlive(): boolean
  output(): string
}
type LoadResult = { name: string; perSecond: number; p50: number; p99: number; errors: number; requests: number }
type Verdict = {
  database: DatabaseName
  scenario: string
  kind: 'distinct' | 'repeated'
  result: LoadResult
  ratio: number
  budget: Budget
  passed: boolean
}
type TargetReport = { target: Target; reference: LoadResult; verdicts: Verdict[]; notes: string[] }

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
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

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
    const result = await seedCatalogueIfEmpty(connection.database, { size: target.size })
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
      // With DATABASE_URL the server wants proofs and pictures on storage every process shares;
      // the bench is one process, so folders of its own stand in for that shared disk.
      ...(target.databaseUrl === undefined
        ? {}
        : {
            DATABASE_URL: target.databaseUrl,
            PROOF_STORAGE: 'filesystem',
            PROOF_DIR: path.join(target.dataDirectory, 'proofs'),
            PICTURE_STORAGE: 'filesystem',
            PICTURE_DIR: path.join(target.dataDirectory, 'pictures'),
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
  if (count === 1 && only !== undefined) return { baseUrl: only.baseUrl, processCount: 1, servers, isAlive, output }
  const proxy = await startRoundRobinProxy(servers.map((server) => server.port))
  cleanups.push(() => proxy.close())
  return { baseUrl: `http://127.0.0.1:${proxy.port}`, processCount: count, servers, isAlive, output }
}

/** Resident memory of a server process, from /proc (Linux). */
async function residentBytes(server: ServerProcess): Promise<number | undefined> {
  const status = await readFile(`/proc/${server.child.pid ?? 0}/status`, 'utf8').catch(() => '')
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
  return kilobytes === undefined ? undefined : Number(kilobytes) * 1024
}

const indexProbeFastMilliseconds = 5

/**
 * Waits for each server's catalogue index (see the top of this file); every probe asks for
 * another page, so no cache answers it.
 */
async function waitForIndexes(server: BenchServer): Promise<string[]> {
  if (indexWaitSeconds === 0) return ['index: not waited for (BENCH_INDEX_WAIT=0)']
  const notes: string[] = []
  for (const child of server.servers) {
    const started = Date.now()
    let fastInARow = 0
    for (let probe = 1; fastInARow < 3; probe += 1) {
      if (Date.now() - started > indexWaitSeconds * 1000) break
      const sent = performance.now()
      const response = await fetch(`${child.baseUrl}/cws-api/products?search=%E0%B8%A3&skip=${probe * 12 + 1}`)
      await response.arrayBuffer()
      fastInARow = performance.now() - sent < indexProbeFastMilliseconds ? fastInARow + 1 : 0
      if (fastInARow === 0) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    notes.push(
      fastInARow === 3
        ? `index: serving ${((Date.now() - started) / 1000).toFixed(1)} s after the first list`
        : `index: searches still slow after ${indexWaitSeconds} s (measured anyway)`,
    )
  }
  return notes
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
    requests: result.requests.total,
  }
}

async function loadRepeated(server: BenchServer, scenario: Scenario): Promise<LoadResult> {
  const url = `${server.baseUrl}${scenario.path}`
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`Refusing to load ${url}: only 127.0.0.1`)
  // A real answer first (and a warm cache): a benchmark of 404s or 500s would prove nothing.
  const probe = await fetch(url, { headers: browserHeaders })
  const body = await probe.text()
  if (probe.status !== 200) throw new Error(`${scenario.path} answered ${probe.status}: ${body.slice(0, 200)}`)
  return runLoad(server, { url, connections, headers: browserHeaders }, scenario.name)
}

/** Every request a path never sent before, warm-up included. */
async function loadDistinct(
  server: BenchServer,
  endpoint: 'merchants' | 'products',
  catalogue: DemoCatalogue,
): Promise<LoadResult> {
  const paths = distinctPaths(endpoint, catalogue, createSeededRandom(endpoint === 'merchants' ? 1_301 : 1_302))
  const probe = await fetch(`${server.baseUrl}${paths.next()}`, { headers: browserHeaders })
  if (probe.status !== 200) throw new Error(`A distinct ${endpoint} search answered ${probe.status}`)
  await probe.arrayBuffer()
  const result = await runLoad(
    server,
    {
      url: server.baseUrl,
      connections,
      headers: browserHeaders,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths.next() }) }],
    },
    `${endpoint}, every query distinct`,
  )
  // autocannon may prepare a request or two it never sends, never fewer than it sends.
  if (paths.count < result.requests)
    throw new Error(`Only ${paths.count} distinct paths for ${result.requests} requests`)
  return result
}

function judge(target: Target, kind: Verdict['kind'], result: LoadResult, reference: LoadResult): Verdict {
  const budget = kind === 'distinct' ? distinctBudgets[target.name] : repeatedBudget
  const ratio = result.perSecond / reference.perSecond
  const passed = result.errors === 0 && ratio >= budget.minimumRatio && result.p99 < budget.maximumP99Milliseconds
  return { database: target.name, scenario: result.name, kind, result, ratio, budget, passed }
}

const tableHeader =
  `${'scenario'.padEnd(50)}${column('req/s', 9)}${column('p50 ms', 9)}${column('p99 ms', 9)}${column('errors', 8)}` +
  `${column('ratio', 7)}  budget\n`

function row(result: LoadResult): string {
  return (
    `${result.name.padEnd(50)}${column(result.perSecond.toFixed(0), 9)}${column(milliseconds(result.p50), 9)}` +
    `${column(milliseconds(result.p99), 9)}${column(String(result.errors), 8)}`
  )
}

function verdictRow(verdict: Verdict): string {
  const { budget } = verdict
  const goal = `≥ ${budget.minimumRatio}×, p99 < ${budget.maximumP99Milliseconds} ms`
  return `${row(verdict.result)}${column(verdict.ratio.toFixed(2), 7)}  ${verdict.passed ? 'PASS' : 'FAIL'} (${goal})\n`
}

async function loadSection(target: Target, server: BenchServer, catalogue: DemoCatalogue): Promise<TargetReport> {
  const processes =
    server.processCount === 1
      ? '1 server process'
      : `${server.processCount} server processes behind a round-robin proxy`
  const notes: string[] = []
  const [firstServer] = server.servers
  const before = firstServer === undefined ? undefined : await residentBytes(firstServer)
  notes.push(...(await waitForIndexes(server)))
  write(
    `\n${target.name} (${catalogue.merchants.length} merchants, ${catalogue.products.length} products), ${processes}: ` +
      `${connections} connections, ${durationSeconds} s per scenario (after ${warmupSeconds} s warm-up)\n`,
  )
  for (const note of notes) write(`  ${note}\n`)
  write(tableHeader)
  const reference = await loadRepeated(server, { name: 'static /api/status (reference)', path: '/api/status' })
  write(`${row(reference)}\n`)
  const verdicts: Verdict[] = []
  for (const endpoint of ['merchants', 'products'] as const) {
    const verdict = judge(target, 'distinct', await loadDistinct(server, endpoint, catalogue), reference)
    write(verdictRow(verdict))
    verdicts.push(verdict)
  }
  for (const scenario of scenariosOf(catalogue).repeated) {
    const verdict = judge(target, 'repeated', await loadRepeated(server, scenario), reference)
    write(verdictRow({ ...verdict, result: { ...verdict.result, name: `${scenario.name} (repeated)` } }))
    verdicts.push(verdict)
  }
  const after = firstServer === undefined ? undefined : await residentBytes(firstServer)
  if (before !== undefined && after !== undefined) {
    const note = `server resident memory: ${megabytes(before)} before the index, ${megabytes(after)} after the load`
    notes.push(note)
    write(`  ${note}\n`)
  }
  return { target, reference, verdicts, notes }
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

async function latencyTable(
  title: string,
  scenarios: Scenario[],
  send: (scenarioPath: string) => Response | Promise<Response>,
) {
  write(`\n${title}, ${requestsPerScenario} sequential requests each (ms)\n`)
  write(`${'scenario'.padEnd(50)}${column('p50', 9)}${column('p95', 9)}\n`)
  for (const { name, path: scenarioPath } of scenarios) {
    const result = await measureSequential(() => send(scenarioPath))
    write(`${name.padEnd(50)}${column(milliseconds(result.p50), 9)}${column(milliseconds(result.p95), 9)}\n`)
  }
}

/** After a full collection, so what is measured is what stays reachable. */
function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc')
  const collect = runInNewContext('gc') as () => void
  collect()
  collect()
  return process.memoryUsage().heapUsed
}

/** The database path without any cache, the query plans of a search, and the index's heap. */
async function databaseSection(target: Target, catalogue: DemoCatalogue): Promise<string[]> {
  const connection = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDirectory: target.dataDirectory,
    logger,
  })
  const notes: string[] = []
  try {
    const app = createApp({
      database: connection.database,
      // One process, nothing else writes: no notifications to hear.
      events: createSilentEventChannel(),
      maintenance: false,
      clientDirectory: '/nonexistent',
      logger,
      catalogueCache: { maxEntries: 0, searchIndex: false },
      // The benchmark sends no proofs and asks for no made pictures.
      proofStorage: createMemoryProofStorage(),
      pictureStorage: createMemoryProofStorage(),
    })
    await latencyTable(
      `${target.name}: in-process, response cache and index off (SQL)`,
      scenariosOf(catalogue).sequential,
      (scenarioPath) => app.request(scenarioPath),
    )
    for (const search of ['%รองเท้า%', '%running shoes%', '%ร%']) {
      const plan: unknown = await connection.database.execute(
        sql`explain select id from products where search_text ilike ${search} order by popularity desc nulls last, id limit 12`,
      )
      const rows: unknown[] =
        typeof plan === 'object' && plan !== null && 'rows' in plan && Array.isArray(plan.rows) ? plan.rows : []
      const lines = rows.map((row) => (typeof row === 'object' && row !== null ? Object.values(row).join('') : ''))
      write(`\nEXPLAIN products search ${search}:\n  ${lines.join('\n  ')}\n`)
    }

    const heapBefore = heapAfterCollection()
    const started = performance.now()
    const outcome = await loadCatalogueIndex(connection.database, { maxProducts: Number.MAX_SAFE_INTEGER })
    const loadMilliseconds = performance.now() - started
    const heapAfter = heapAfterCollection()
    if (outcome.kind === 'loaded') {
      const note =
        `index heap (in this process, after GC): ${megabytes(heapAfter - heapBefore)} for ` +
        `${outcome.index.merchantCount} merchants and ${outcome.index.productCount} products ` +
        `(its own estimate ${megabytes(outcome.index.approximateBytes)}), loaded in ${loadMilliseconds.toFixed(0)} ms`
      write(`\n${note}\n`)
      notes.push(note)
    }
  } finally {
    await connection.close()
  }
  return notes
}

async function benchmark(target: Target): Promise<TargetReport> {
  write(`\n=== ${target.name} ===\n`)
  await seed(target)
  const catalogue = generateDemoCatalogue(target.size)
  const server = await startBenchServers(target, target.name === 'PGlite' ? 1 : processCount)
  let report: TargetReport
  try {
    report = await loadSection(target, server, catalogue)
    if (requestsPerScenario > 0) {
      await latencyTable(
        `${target.name}: real server over HTTP, warm cache`,
        scenariosOf(catalogue).sequential,
        (scenarioPath) => fetch(`${server.baseUrl}${scenarioPath}`, { headers: browserHeaders }),
      )
    }
  } finally {
    // The proxy (when there is one) and every server process started for this target.
    const started = server.servers.length + (server.servers.length > 1 ? 1 : 0)
    for (let index = 0; index < started; index += 1) await cleanups.pop()?.()
  }
  // After the server: PGlite lets one process at a time open a data directory.
  if (requestsPerScenario > 0) report.notes.push(...(await databaseSection(target, catalogue)))
  return report
}

async function pgliteTarget(): Promise<Target> {
  const size = demoCatalogueSize
  if (keptDataDirectory !== undefined)
    return { name: 'PGlite', size, databaseUrl: undefined, dataDirectory: keptDataDirectory }
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-bench-'))
  cleanups.push(() => rm(dataDirectory, { recursive: true, force: true }))
  return { name: 'PGlite', size, databaseUrl: undefined, dataDirectory }
}

async function postgresTarget(): Promise<Target> {
  const size = benchmarkCatalogueSize
  // The server's DATA_DIR is unused with DATABASE_URL, but must name somewhere harmless.
  const dataDirectory = path.join(tmpdir(), 'ngernkhuen-bench-unused')
  if (givenDatabaseUrl !== undefined) return { name: 'PostgreSQL', size, databaseUrl: givenDatabaseUrl, dataDirectory }
  write('\nStarting a throwaway PostgreSQL cluster\n')
  const cluster = await startPostgresCluster()
  cleanups.push(cluster.stop)
  return { name: 'PostgreSQL', size, databaseUrl: cluster.databaseUrl, dataDirectory }
}

function summary(reports: TargetReport[]): void {
  write('\n=== Summary (ratio = req/s ÷ the static req/s of the same server) ===\n')
  write(
    `${'database'.padEnd(12)}${'scenario'.padEnd(50)}${column('req/s', 9)}${column('p99 ms', 9)}${column('ratio', 7)}  verdict\n`,
  )
  for (const { target, reference, verdicts } of reports) {
    write(
      `${target.name.padEnd(12)}${'static /api/status (reference)'.padEnd(50)}${column(reference.perSecond.toFixed(0), 9)}` +
        `${column(milliseconds(reference.p99), 9)}\n`,
    )
    for (const verdict of verdicts) {
      const name = verdict.kind === 'repeated' ? `${verdict.scenario} (repeated)` : verdict.scenario
      write(
        `${target.name.padEnd(12)}${name.padEnd(50)}${column(verdict.result.perSecond.toFixed(0), 9)}` +
          `${column(milliseconds(verdict.result.p99), 9)}${column(verdict.ratio.toFixed(2), 7)}  ${verdict.passed ? 'PASS' : 'FAIL'}\n`,
      )
    }
  }
  for (const { target, notes } of reports) for (const note of notes) write(`${target.name}: ${note}\n`)
}

const reports: TargetReport[] = []
try {
  if (runPglite) reports.push(await benchmark(await pgliteTarget()))
  if (runPostgres) reports.push(await benchmark(await postgresTarget()))
} finally {
  await runCleanups()
}

summary(reports)
const failures = reports.flatMap((report) => report.verdicts).filter((verdict) => !verdict.passed)
const verdictCount = reports.reduce((total, report) => total + report.verdicts.length, 0)
write(
  failures.length === 0
    ? `\nCatalogue load budget: PASS (${verdictCount} scenarios)\n`
    : `\nCatalogue load budget: FAIL (${failures.map((failure) => `${failure.database} ${failure.scenario}`).join('; ')})\n`,
)
if (failures.length > 0) process.exitCode = 1
