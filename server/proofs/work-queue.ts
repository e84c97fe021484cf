/**
 * At most `concurrency` tasks at a time, at most `maxWaiting` waiting for a turn; more are
 * refused at once with `WorkQueueFullError` (the caller answers 503, and the phone's outbox
 * tries again later) instead of piling up request bodies in memory.
 */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError'
}

export type WorkQueue = {
  run<Result>(task: () => Promise<Result>): Promise<Result>
}

export function createWorkQueue(options: { concurrency: number; maxWaiting: number }): WorkQueue {
  const { concurrency, maxWaiting } = options
  let running = 0
  const waiting: (() => void)[] = []

  async function takeTurn(): Promise<void> {
    if (running < concurrency) {
      running += 1
      return
    }
    if (waiting.length >= maxWaiting) throw new WorkQueueFullError(`${maxWaiting} tasks already wait for a turn`)
    // The finishing task hands its turn over: `running` stays the same.
    await new Promise<void>((resolve) => waiting.push(resolve))
  }

  function endTurn(): void {
    const next = waiting.shift()
    if (next === undefined) running -= 1
    else next()
  }

  return {
    async run(task) {
      await takeTurn()
      try {
        return await task()
      } finally {
        endTurn()
      }
    },
  }
}
