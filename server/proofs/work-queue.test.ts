import { describe, expect, it } from 'vitest'
import { createWorkQueue, WorkQueueFullError } from '#server/proofs/work-queue'

function deferred() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the others in turn, and refuses beyond `maxWaiting`', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 2 })
    let running = 0
    let mostAtOnce = 0
    const gates = Array.from({ length: 4 }, deferred)
    const results = gates.map((gate, index) =>
      queue.run(async () => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        await gate.promise
        running -= 1
        return index
      }),
    )
    await expect(queue.run(async () => 'one too many')).rejects.toBeInstanceOf(WorkQueueFullError)
    for (const gate of gates) gate.resolve()
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3])
    expect(mostAtOnce).toBe(2)
    expect(await queue.run(async () => 'after')).toBe('after')
  })

  it('frees the turn of a task that failed', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 })
    await expect(
      queue.run(async () => {
        throw new Error('broken picture')
      }),
    ).rejects.toThrow('broken picture')
    expect(await queue.run(async () => 'next')).toBe('next')
  })
})
