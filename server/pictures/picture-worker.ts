import { bumpCatalogueVersion } from '#server/catalogue/catalogue-version'
import type { Database } from '#server/db/database'
import { publishEvent, type EventChannel } from '#server/events/event-channel'
import { startRepeatingJob, type RepeatingJob } from '#server/jobs/repeating-job'
import type { Logger } from '#server/logger'
import { makePictureSizes } from '#server/pictures/make-picture-sizes'
import {
  claimDuePictures,
  discoverNewPictures,
  settlePicture,
  type ClaimedPicture,
  type PictureSettlement,
} from '#server/pictures/picture-queries'
import type { ReadPictureSource } from '#server/pictures/picture-sources'
import { pictureFileKey, type PictureStorage } from '#server/pictures/picture-storage'
import { WorkQueueFullError } from '#server/proofs/work-queue'

/**
 * The picture worker (issue 19, docs/decisions/021-product-pictures.md): every server process runs
 * one. It finds the pictures the catalogue names that have no row yet, claims due rows (`FOR
 * UPDATE SKIP LOCKED`, then a lease), reads each source once, makes its sizes, stores them, and
 * marks the row made, given up, or due again after a backoff. Two processes never work on one
 * picture; one that dies mid-picture leaves it to another once its lease ends.
 */

/** Rows a round claims at most; a backlog is worked off round after round. */
export const pictureBatchSize = 8
/** Pictures worked on at once: one's download overlaps another's encoding (which take turns anyway). */
const concurrentPictures = 2
/** A fetch (15 s), a decode and eight encodes (30 s each at most), and the storage's writes. */
const leaseMilliseconds = 5 * 60 * 1000
/** Tries before a picture whose source keeps failing for a while (timeouts, 5xx) is given up. */
export const maxPictureAttempts = 5
/** 1 min, 4 min, 16 min, ~1 h after the 1st…4th failed try. */
function retryDelayMilliseconds(attempts: number): number {
  return 60_000 * 4 ** Math.max(0, attempts - 1)
}
/** When the process's picture queue was full (shoppers' uploads), the picture waits this long; no try is counted. */
const postponeMilliseconds = 5_000

export type PictureRound = { made: number; failed: number; retrying: number; postponed: number; claimed: number }

type PictureWork = { database: Database; readSource: ReadPictureSource; storage: PictureStorage; logger?: Logger }

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function retryOrGiveUp(claimed: ClaimedPicture, reason: string, now: Date): PictureSettlement {
  if (claimed.attempts >= maxPictureAttempts)
    return { status: 'failed', error: `${reason} (${claimed.attempts} tries)` }
  return {
    status: 'pending',
    dueAt: new Date(now.getTime() + retryDelayMilliseconds(claimed.attempts)),
    error: reason,
    isAttempt: true,
  }
}

async function makeOne(work: PictureWork, claimed: ClaimedPicture, now: () => Date): Promise<PictureSettlement> {
  const reading = await work.readSource(claimed.sourceUrl)
  if (!reading.ok) {
    return reading.isLasting
      ? { status: 'failed', error: reading.reason }
      : retryOrGiveUp(claimed, reading.reason, now())
  }
  let making
  try {
    making = await makePictureSizes(reading.source)
  } catch (error) {
    if (error instanceof WorkQueueFullError) {
      return {
        status: 'pending',
        dueAt: new Date(now().getTime() + postponeMilliseconds),
        error: null,
        isAttempt: false,
      }
    }
    throw error
  }
  if (!making.ok) return { status: 'failed', error: making.reason }
  try {
    for (const file of making.files) {
      await work.storage.put(
        pictureFileKey(making.contentHash, file.width, file.extension),
        new Uint8Array(file.bytes),
        file.contentType,
      )
    }
  } catch (error) {
    return retryOrGiveUp(claimed, `storing the sizes failed: ${describeError(error)}`, now())
  }
  const { contentHash, widths, width, height } = making
  return { status: 'ready', contentHash, widths, width, height }
}

/** One round: claims what is due and makes it. */
export async function makeDuePictures(
  work: PictureWork,
  options: { now?: () => Date; batchSize?: number } = {},
): Promise<PictureRound> {
  const { now = () => new Date(), batchSize = pictureBatchSize } = options
  const round: PictureRound = { made: 0, failed: 0, retrying: 0, postponed: 0, claimed: 0 }
  const claimed = await claimDuePictures(work.database, { now: now(), batchSize, leaseMilliseconds })
  round.claimed = claimed.length
  const waiting = [...claimed]
  async function takeTurns(): Promise<void> {
    for (let next = waiting.shift(); next !== undefined; next = waiting.shift()) {
      let settlement: PictureSettlement
      try {
        settlement = await makeOne(work, next, now)
      } catch (error) {
        // A bug or a database error on one picture must not stop the others; it is tried again.
        work.logger?.error({ err: error, sourceUrl: next.sourceUrl }, 'making a picture failed; it is tried again')
        settlement = retryOrGiveUp(next, describeError(error), now())
      }
      const isSettled = await settlePicture(work.database, next, settlement, now())
      if (!isSettled) continue
      if (settlement.status === 'ready') round.made += 1
      else if (settlement.status === 'failed') {
        round.failed += 1
        work.logger?.warn({ sourceUrl: next.sourceUrl, reason: settlement.error }, 'a catalogue picture was given up')
      } else if (settlement.isAttempt) round.retrying += 1
      else round.postponed += 1
    }
  }
  await Promise.all(Array.from({ length: concurrentPictures }, takeTurns))
  return round
}

/**
 * Tells every process that pictures were made (their catalogue answers now carry them), and
 * drops this process's answers at once, as `changeCatalogue` does after a write.
 */
async function announcePicturesMade(database: Database): Promise<void> {
  await publishEvent(database, 'pictures.made', {})
  bumpCatalogueVersion(database)
}

export type PictureWorker = RepeatingJob & {
  /** Resolves when the work in progress (if any) is done: for tests and the demo's first start. */
  whenIdle(): Promise<void>
}

/**
 * Runs rounds every `intervalMilliseconds` (retries come due), and at once when any process
 * changes the catalogue (`catalogue.changed`: an import may have named new pictures). Looks for
 * new pictures then, at start, after an event may have been missed, and every
 * `discoveryIntervalMilliseconds` anyway. Made pictures are announced when the backlog is done,
 * or every `announceIntervalMilliseconds` while it lasts: each announcement makes every process
 * reload its catalogue index, which a large catalogue should not do after every picture.
 */
export function startPictureWorker(options: {
  database: Database
  events: EventChannel
  readSource: ReadPictureSource
  storage: PictureStorage
  logger: Logger
  intervalMilliseconds?: number
  /** While a backlog lasts; `Infinity`: only when it is done. */
  announceIntervalMilliseconds?: number
  discoveryIntervalMilliseconds?: number
  now?: () => Date
}): PictureWorker {
  const {
    database,
    events,
    logger,
    intervalMilliseconds = 30_000,
    announceIntervalMilliseconds = 60_000,
    discoveryIntervalMilliseconds = 10 * 60_000,
    now = () => new Date(),
  } = options
  const work: PictureWork = { database, readSource: options.readSource, storage: options.storage, logger }
  let running: Promise<void> | undefined
  let isAgainRequested = false
  let isDiscoveryWanted = true
  let lastDiscovery = 0
  let lastAnnouncement = 0
  let unannounced = 0
  let isStopped = false

  async function announce(): Promise<void> {
    if (unannounced === 0) return
    const made = unannounced
    unannounced = 0
    lastAnnouncement = Date.now()
    await announcePicturesMade(database)
    logger.info({ made }, 'catalogue pictures made')
  }

  async function runRounds(): Promise<void> {
    do {
      isAgainRequested = false
      if (isDiscoveryWanted || Date.now() - lastDiscovery >= discoveryIntervalMilliseconds) {
        isDiscoveryWanted = false
        lastDiscovery = Date.now()
        const found = await discoverNewPictures(database, now())
        if (found !== undefined && found > 0) logger.info({ found }, 'new catalogue pictures to make')
      }
      const round = await makeDuePictures(work, { now })
      unannounced += round.made
      if (round.failed + round.retrying > 0) logger.info(round, 'catalogue pictures: some failed')
      // A full batch may have left more behind.
      const isBacklog = round.claimed >= pictureBatchSize
      if (isBacklog) isAgainRequested = true
      if (!isBacklog || Date.now() - lastAnnouncement >= announceIntervalMilliseconds) await announce()
    } while (!isStopped && isAgainRequested)
    // Stopped with made pictures not yet announced: the other processes still hear of them.
    await announce()
  }

  function runExclusive(): Promise<void> {
    if (running !== undefined) {
      isAgainRequested = true
      return running
    }
    running = runRounds().finally(() => {
      running = undefined
    })
    return running
  }

  const timer = startRepeatingJob({
    logger,
    intervalMilliseconds,
    failureMessage: 'making catalogue pictures failed; retrying next round',
    runRound: runExclusive,
  })
  const unsubscribe = events.subscribe('catalogue.changed', () => {
    isDiscoveryWanted = true
    return runExclusive().catch((error: unknown) =>
      logger.error({ err: error }, 'making catalogue pictures failed; retrying next round'),
    )
  })
  return {
    async stop() {
      isStopped = true
      unsubscribe()
      await timer.stop()
      await running
    },
    async whenIdle() {
      while (running !== undefined) await running
    },
  }
}
