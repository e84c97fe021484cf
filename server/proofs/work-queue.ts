/**
 * At most `concurrency` tasks at a time, at most `maxWaiting` waiting for a turn; more are
 * refused at once with `WorkQueueFullError` (the caller answers 503, and the phone's outbox
 * tries again later) instead of piling up request bodies in memory. Tasks of one `owner` run one
 * after another and take one place at a time (at most `maxPerOwner` of them may wait), so one
 * client cannot take every place; our phone sends its pictures one by one anyway.
 */
export class WorkQueueFullError extends Error {
  override name = 'WorkQueueFullError'
}

export type WorkQueue = {
  run<Result>(task: () => Promise<Result>, options?: { owner?: string }): Promise<Result>
}

export function createWorkQueue(options: { concurrency: number; maxWaiting: number; maxPerOwner?: number }): WorkQueue {
  const { concurrency, maxWaiting, maxPerOwner = 10 } = options
  let running = 0
  const waiting: (() => void)[] = []
  /** Per owner: how many tasks it has in, and the promise its last one settles. */
  const owners = new Map<string, { count: number; last: Promise<void> }>()

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

  async function runInTurn<Result>(task: () => Promise<Result>): Promise<Result> {
    await takeTurn()
    try {
      return await task()
    } finally {
      endTurn()
    }
  }

  return {
    async run(task, options = {}) {
      const { owner } = options
      if (owner === undefined) return runInTurn(task)
      const entry = owners.get(owner) ?? { count: 0, last: Promise.resolve() }
      if (entry.count >= maxPerOwner) throw new WorkQueueFullError(`${owner} has ${maxPerOwner} tasks in already`)
      const previous = entry.last
      let settle = () => {}
      entry.last = new Promise<void>((resolve) => (settle = resolve))
      entry.count += 1
      owners.set(owner, entry)
      try {
        await previous
        return await runInTurn(task)
      } finally {
        settle()
        entry.count -= 1
        if (entry.count === 0) owners.delete(owner)
      }
    },
  }
}
