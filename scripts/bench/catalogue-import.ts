import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatHundredths } from '#domain/money'
import { benchmarkCatalogueSize, defaultDemoSeed, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { startPostgresCluster } from './postgres-cluster'

/**
 * `npm run bench:import`: issue 19's import budget. One merchant's Google Merchant Center feed of
 * 100,000 products (a marketplace's size) imported into an empty catalogue, then the same file
 * again (which must change nothing), on PostgreSQL and on the embedded database, by the built
 * operator CLI (`node dist/server/ops.js catalogue import …`, as production runs it), each run a
 * fresh process whose wall time (start-up included) and peak memory are measured. Budget: under
 * 60 s and 300 MB for the first import on PostgreSQL. The embedded database lives in the importing
 * process, so its figure includes the database itself.
 */

const budget = { milliseconds: 60_000, megabytes: 300 }
const productCount = 100_000

function write(text: string): void {
  process.stdout.write(text)
}

async function writeFeed(file: string): Promise<void> {
  const { products } = generateDemoCatalogue({ ...benchmarkCatalogueSize, productCount }, defaultDemoSeed)
  const out = createWriteStream(file)
  const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
  out.write('id,title,link,image_link,price,sale_price,brand,gtin,mpn,google_product_category,availability\n')
  for (const [index, product] of products.entries()) {
    const feed = product.feed
    const itemId = `BENCH-${index}`
    const regularPrice = feed?.regularPrice ?? null
    const line = [
      itemId,
      product.name.th,
      `https://shop.example.co.th/p/${itemId}`,
      `https://shop.example.co.th/img/${itemId}.jpg`,
      `${formatHundredths(regularPrice ?? product.price)} THB`,
      regularPrice === null ? '' : `${formatHundredths(product.price)} THB`,
      feed?.brand ?? '',
      feed?.gtin ?? '',
      feed?.mpn ?? '',
      'Home & Garden',
      'in_stock',
    ]
    if (!out.write(`${line.map(quote).join(',')}\n`))
      await new Promise((resolve) => out.once('drain', () => resolve(undefined)))
  }
  await new Promise((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve(undefined))),
  )
}

type Step = { ms: number; peakMegabytes: number; output: string }
type RunResult = { first: Step; again: Step }

const repositoryRoot = path.resolve(import.meta.dirname, '../..')

/** `node dist/server/ops.js …` as an operator runs it in production, timed and measured. */
function runOps(argumentList: string[], target: { databaseUrl?: string; dataDirectory: string }): Promise<Step> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(import.meta.dirname, 'report-peak-memory.ts'),
      path.join(repositoryRoot, 'dist/server/ops.js'),
      ...argumentList,
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: target.databaseUrl ?? '',
        DATA_DIR: target.dataDirectory,
        // With DATABASE_URL the CLI asks where proofs and pictures are kept; an import uses neither.
        PROOF_STORAGE: 'filesystem',
        PROOF_DIR: path.join(target.dataDirectory, 'proofs'),
        PICTURE_STORAGE: 'filesystem',
        PICTURE_DIR: path.join(target.dataDirectory, 'pictures'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const peak = /peak-rss-kb (\d+)/.exec(errors)
      if (code !== 0 || peak === null)
        reject(new Error(`ops ${argumentList.join(' ')} failed (${String(code)}): ${output}${errors}`))
      else
        resolve({
          ms: Math.round(performance.now() - started),
          peakMegabytes: Math.round(Number(peak[1]) / 1024),
          output: output.trim(),
        })
    })
  })
}

async function runImport(
  directory: string,
  feed: string,
  target: { databaseUrl?: string; dataDirectory: string },
): Promise<RunResult> {
  const offers = path.join(directory, 'offers.json')
  await writeFile(
    offers,
    JSON.stringify({
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
    }),
  )
  await runOps(['catalogue', 'import', 'involve-asia', offers], target)
  const importFeed = ['catalogue', 'import', 'involve-asia', feed, '--merchant', '1']
  return { first: await runOps(importFeed, target), again: await runOps(importFeed, target) }
}

const directory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-import-bench-'))
let failed = false
try {
  const feed = path.join(directory, 'feed.csv')
  write(`Writing a ${productCount.toLocaleString('en-US')}-product feed…\n`)
  await writeFeed(feed)
  const cluster = await startPostgresCluster()
  const results: [string, RunResult][] = []
  try {
    results.push([
      'PostgreSQL 15',
      await runImport(directory, feed, { databaseUrl: cluster.databaseUrl, dataDirectory: directory }),
    ])
  } finally {
    await cluster.stop()
  }
  results.push([
    'embedded (PGlite)',
    await runImport(directory, feed, { dataDirectory: path.join(directory, 'pglite') }),
  ])
  write('\n| database | first import | peak memory | same file again |\n|---|---|---|---|\n')
  for (const [name, result] of results) {
    write(
      `| ${name} | ${(result.first.ms / 1000).toFixed(1)} s | ${result.first.peakMegabytes} MB | ` +
        `${(result.again.ms / 1000).toFixed(1)} s, ${result.again.peakMegabytes} MB |\n`,
    )
  }
  for (const [name, result] of results) write(`\n${name}:\n  ${result.first.output}\n  ${result.again.output}\n`)
  const postgres = results[0]?.[1]
  if (postgres !== undefined) {
    const withinTime = postgres.first.ms <= budget.milliseconds
    const withinMemory = postgres.first.peakMegabytes <= budget.megabytes
    write(
      `\nBudget on PostgreSQL: ${withinTime ? 'PASS' : 'FAIL'} time ≤ ${budget.milliseconds / 1000} s, ` +
        `${withinMemory ? 'PASS' : 'FAIL'} peak memory ≤ ${budget.megabytes} MB\n`,
    )
    failed = !withinTime || !withinMemory
  }
} finally {
  await rm(directory, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
