import { parentPort, workerData } from 'node:worker_threads'
import * as v from 'valibot'
import {
  feedImportWorkerInputSchema,
  importFeedInProcess,
  type FeedImportWorkerAnswer,
} from '#server/catalogue/feeds/feed-imports'
import { openDatabase } from '#server/db/database'
import { createLogger } from '#server/logger'

/**
 * The thread one PostgreSQL import runs on (`importFeedOffThread` in feed-imports.ts, which says
 * why): it opens a connection of its own, imports, answers with the run's report and ends.
 */

const input = v.parse(feedImportWorkerInputSchema, workerData)
const connection = await openDatabase({
  databaseUrl: input.databaseUrl,
  // Only the embedded database uses a data directory.
  dataDirectory: '',
  // An import is one transaction, and its run is recorded after it: one connection at a time.
  poolMax: 1,
  logger: createLogger(input.logLevel, 'stderr'),
})
let answer: FeedImportWorkerAnswer
try {
  answer = { ok: true, report: await importFeedInProcess(connection.database)(input.feed) }
} catch (error) {
  answer = { ok: false, message: error instanceof Error ? error.message : String(error) }
} finally {
  await connection.close()
}
parentPort?.postMessage(answer)
