import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import * as v from 'valibot'
import {
  importOffers,
  importProductFeed,
  type ImportReport,
  type ImportSource,
} from '#server/catalogue/feeds/catalogue-import'
import { findNetworkAdapter } from '#server/catalogue/feeds/network-adapters'
import type { Database } from '#server/db/database'
import { logLevels, type LogLevel } from '#server/env'

/**
 * One import of a network's file, whoever asks for it (the operator's `catalogue import`, a
 * scheduled feed), and the thread it runs on.
 *
 * On PostgreSQL an import runs on a worker thread of its own (decision 023), for two reasons. It
 * parses and writes for tens of seconds, which on a server process's main thread would hold up
 * the API's requests. And its allocation rate grows V8's young generation to 64 MB semi-spaces,
 * lifting a 100,000-product import over issue 19's 300 MB budget although it keeps only about
 * 20 MB alive: a worker's young generation is capped (`resourceLimits`), which no flag of the
 * process has to remember. The embedded database lives in one thread and cannot be shared with a
 * worker, so with PGlite (demo and tests) the import runs in process.
 */

const feedImportSchema = v.object({
  adapter: v.string(),
  /** A file path or an http(s) URL. */
  source: v.string(),
  /** The network's id of the merchant whose product feed this is; null for a network's offers file. */
  merchantExternalId: v.nullable(v.string()),
  language: v.picklist(['th', 'en']),
  /** Lets a product feed delist more than half of a shop's products. */
  allowShrink: v.boolean(),
})

export type FeedImport = v.InferOutput<typeof feedImportSchema>

export type FeedImporter = (feed: FeedImport) => Promise<ImportReport>

/** How long a feed URL may take to start answering. */
const urlTimeoutMilliseconds = 60_000

/** A local file, or an http(s) URL read as it downloads. */
export function importSourceOf(source: string): ImportSource {
  if (/^https?:\/\//i.test(source)) {
    return {
      name: source,
      async *open() {
        const response = await fetch(source, {
          signal: AbortSignal.timeout(urlTimeoutMilliseconds),
          redirect: 'follow',
        })
        if (!response.ok || response.body === null) throw new Error(`${source} answered ${response.status}`)
        yield* Readable.fromWeb(response.body)
      },
    }
  }
  return { name: source, open: () => createReadStream(source) }
}

/** Imports on the calling thread, into `database`. */
export function importFeedInProcess(database: Database, now: () => Date = () => new Date()): FeedImporter {
  return async (feed) => {
    const adapter = findNetworkAdapter(feed.adapter)
    if (adapter === undefined) throw new Error(`no adapter ${feed.adapter}`)
    const source = importSourceOf(feed.source)
    return feed.merchantExternalId === null
      ? importOffers(database, { adapter, source, now })
      : importProductFeed(database, {
          adapter,
          merchantExternalId: feed.merchantExternalId,
          language: feed.language,
          source,
          allowShrink: feed.allowShrink,
          now,
        })
  }
}

/**
 * The worker's young generation at most (V8 splits it into two semi-spaces and a space for large
 * new objects): 48 MB is 16 MB semi-spaces, Node's default before V8 grew them. A 100,000-product
 * feed (`npm run bench:import`): 307 MB and 23.8 s in process, 251 MB and 21.8 s on the worker.
 */
const workerYoungGenerationMegabytes = 48

export const feedImportWorkerInputSchema = v.object({
  databaseUrl: v.string(),
  logLevel: v.picklist(logLevels),
  feed: feedImportSchema,
})

export type FeedImportWorkerAnswer = { ok: true; report: ImportReport } | { ok: false; message: string }

/** Imports on a worker thread of its own, through its own connection to `databaseUrl`. */
export function importFeedOffThread(databaseUrl: string, logLevel: LogLevel): FeedImporter {
  return (feed) =>
    new Promise((resolve, reject) => {
      const input: v.InferInput<typeof feedImportWorkerInputSchema> = { databaseUrl, logLevel, feed }
      // The worker is built next to this module (`.js` in dist, `.ts` under tsx, which workers inherit).
      const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js'
      const worker = new Worker(new URL(`./feed-import-worker.${extension}`, import.meta.url), {
        workerData: input,
        resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMegabytes },
      })
      let answer: FeedImportWorkerAnswer | undefined
      worker.once('message', (message: FeedImportWorkerAnswer) => (answer = message))
      // A worker that dies (out of memory, a crash) ends its connection: PostgreSQL rolls the run back.
      worker.once('error', reject)
      worker.once('exit', (code) => {
        if (answer?.ok === true) resolve(answer.report)
        else reject(new Error(answer?.message ?? `the import's worker stopped (exit code ${code})`))
      })
    })
}
