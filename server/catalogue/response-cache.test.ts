import { describe, expect, it } from 'vitest'
import { createResponseCache } from '#server/catalogue/response-cache'

function createClock() {
  let time = 0
  return { now: () => time, advance: (milliseconds: number) => (time += milliseconds) }
}

describe('createResponseCache', () => {
  it('loads once and answers from memory until the time-to-live passes', async () => {
    const clock = createClock()
    const cache = createResponseCache<number>({ maxEntries: 10, timeToLiveMilliseconds: 1_000, now: clock.now })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.getOrLoad('a', load)).toBe(1)
    clock.advance(999)
    expect(await cache.getOrLoad('a', load)).toBe(1)
    clock.advance(1)
    expect(await cache.getOrLoad('a', load)).toBe(2)
  })

  it('answers a value it is told not to keep without storing it', async () => {
    const cache = createResponseCache<number>({ maxEntries: 10, timeToLiveMilliseconds: 60_000 })
    let loads = 0
    const load = async () => ++loads
    const isKept = (value: number) => value > 1
    expect(await cache.getOrLoad('a', load, isKept)).toBe(1)
    expect(await cache.getOrLoad('a', load, isKept)).toBe(2)
    expect(await cache.getOrLoad('a', load, isKept)).toBe(2)
  })

  it('forgets the least recently used entry beyond its bound', async () => {
    const cache = createResponseCache<string>({ maxEntries: 2, timeToLiveMilliseconds: 60_000 })
    const loaded: string[] = []
    const load = (key: string) => async () => {
      loaded.push(key)
      return key
    }
    await cache.getOrLoad('a', load('a'))
    await cache.getOrLoad('b', load('b'))
    await cache.getOrLoad('a', load('a'))
    await cache.getOrLoad('c', load('c'))
    expect(cache.size).toBe(2)
    await cache.getOrLoad('a', load('a'))
    await cache.getOrLoad('b', load('b'))
    expect(loaded).toEqual(['a', 'b', 'c', 'b'])
  })

  it('shares one load between concurrent requests for a key', async () => {
    const cache = createResponseCache<number>({ maxEntries: 10, timeToLiveMilliseconds: 60_000 })
    let loads = 0
    const load = async () => {
      loads += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
      return loads
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getOrLoad('k', load)))
    expect(new Set(answers)).toEqual(new Set([1]))
    expect(loads).toBe(1)
  })

  it('does not keep a failed load', async () => {
    const cache = createResponseCache<number>({ maxEntries: 10, timeToLiveMilliseconds: 60_000 })
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    )
    expect(await cache.getOrLoad('k', async () => 5)).toBe(5)
  })

  it('does not store a load that started before a clear', async () => {
    const cache = createResponseCache<string>({ maxEntries: 10, timeToLiveMilliseconds: 60_000 })
    let release: (value: string) => void = () => {}
    const stale = cache.getOrLoad('k', () => new Promise<string>((resolve) => (release = resolve)))
    cache.clear()
    release('before the change')
    expect(await stale).toBe('before the change')
    expect(await cache.getOrLoad('k', async () => 'after the change')).toBe('after the change')
  })
})
