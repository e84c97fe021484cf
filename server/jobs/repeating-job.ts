import type { Logger } from '#server/logger'

/**
 * The one way a server process runs background work on a timer (decision 011, "Jobs and queues"):
 * a round now, then the next `intervalMilliseconds` after the previous one ends, so rounds never
 * overlap. Every process runs the same jobs; what keeps N processes from doing the same work twice
 * is inside each round (a try-lock or `FOR UPDATE SKIP LOCKED`), not here. A failed round is logged
 * and the next one tries again: a database hiccup must not take the API down with it.
 */

export type RepeatingJob = {
  /** Stops scheduling and waits for a round in progress, so the database can close after it. */
  stop(): Promise<void>
}

export function startRepeatingJob(options: {
  /** One round. `isStopping` turns true on shutdown: a long round ends early between batches. */
  runRound: (isStopping: () => boolean) => Promise<void>
  /** Logged, with the error, when a round throws. */
  failureMessage: string
  logger: Logger
  intervalMilliseconds: number
}): RepeatingJob {
  const { runRound, failureMessage, logger, intervalMilliseconds } = options
  let isStopped = false
  let timer: NodeJS.Timeout | undefined
  let round: Promise<void> = Promise.resolve()

  async function runGuardedRound(): Promise<void> {
    try {
      await runRound(() => isStopped)
    } catch (error) {
      logger.error({ err: error }, failureMessage)
    }
  }

  function schedule(delay: number): void {
    if (isStopped) return
    timer = setTimeout(() => {
      round = runGuardedRound().finally(() => schedule(intervalMilliseconds))
    }, delay)
    // A job alone never keeps the process alive.
    timer.unref()
  }

  schedule(0)
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await round
    },
  }
}
