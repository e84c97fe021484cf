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

  it("runs one owner's tasks one after another in one place, and refuses beyond `maxPerOwner`", async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 0, maxPerOwner: 2 })
    const order: string[] = []
    const gate = deferred()
    const first = queue.run(
      async () => {
        order.push('a1 start')
        await gate.promise
        order.push('a1 end')
      },
      { owner: 'buyer-a' },
    )
    const second = queue.run(async () => void order.push('a2'), { owner: 'buyer-a' })
    await expect(queue.run(async () => 'third', { owner: 'buyer-a' })).rejects.toBeInstanceOf(WorkQueueFullError)
    // The owner holds one place; another owner takes the second at once.
    expect(await queue.run(async () => 'other', { owner: 'buyer-b' })).toBe('other')
    gate.resolve()
    await Promise.all([first, second])
    expect(order).toEqual(['a1 start', 'a1 end', 'a2'])
    expect(await queue.run(async () => 'later', { owner: 'buyer-a' })).toBe('later')
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
