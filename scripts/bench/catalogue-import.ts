import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { formatHundredths } from '#domain/money'
import { benchmarkCatalogueSize, defaultDemoSeed, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { startPostgresCluster } from './postgres-cluster'

/**
 * `npm run bench:import`: issue 19's import budget. One merchant's Google Merchant Center feed of
 * 100,000 products (a marketplace's size) imported into an empty catalogue, then the same file
 * again (which must change nothing), on PostgreSQL and on the embedded database, each in a fresh
 * process whose peak memory is measured. Budget: under 60 s and under 300 MB for the first import.
 * The embedded database lives in the importing process, so its figure includes PostgreSQL itself.
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
    const onSale = feed?.regularPrice !== null && feed?.regularPrice !== undefined
    const line = [
      itemId,
      product.name.th,
      `https://shop.example.co.th/p/${itemId}`,
      `https://shop.example.co.th/img/${itemId}.jpg`,
      `${formatHundredths(onSale ? (feed?.regularPrice ?? product.price) : product.price)} THB`,
      onSale ? `${formatHundredths(product.price)} THB` : '',
      feed?.brand ?? '',
      feed?.gtin ?? '',
      feed?.mpn ?? '',
      'Home & Garden',
      'in_stock',
    ]
    if (!out.write(`${line.map(quote).join(',')}\n`)) await new Promise((resolve) => out.once('drain', resolve))
  }
  await new Promise((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve(undefined))),
  )
}

type RunResult = {
  first: { ms: number; status: string; changed: number }
  again: { ms: number; status: string }
  peakMegabytes: number
}

function runImport(feed: string, target: { databaseUrl?: string; dataDirectory: string }): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'catalogue-import-run.ts'), feed],
    {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: target.databaseUrl ?? '',
        BENCH_DATA_DIR: target.dataDirectory,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the import run failed (${String(code)}): ${output}`))
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as RunResult)
    })
  })
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
      await runImport(feed, { databaseUrl: cluster.databaseUrl, dataDirectory: directory }),
    ])
  } finally {
    await cluster.stop()
  }
  results.push(['embedded (PGlite)', await runImport(feed, { dataDirectory: path.join(directory, 'pglite') })])
  write('\n| database | first import | peak memory | same file again |\n|---|---|---|---|\n')
  for (const [name, result] of results) {
    write(
      `| ${name} | ${(result.first.ms / 1000).toFixed(1)} s (${result.first.status}, ${result.first.changed} changed) | ` +
        `${result.peakMegabytes} MB | ${(result.again.ms / 1000).toFixed(1)} s (${result.again.status}) |\n`,
    )
  }
  const postgres = results[0]?.[1]
  if (postgres !== undefined) {
    const withinTime = postgres.first.ms <= budget.milliseconds
    const withinMemory = postgres.peakMegabytes <= budget.megabytes
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
