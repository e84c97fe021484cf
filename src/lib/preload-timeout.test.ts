import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { awaitLoad, preloadTimeoutMs } from './preload-timeout'

describe('awaitLoad', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const never = () => new Promise<string>(() => undefined)

  it('drops a preload that has not answered in 2 s', async () => {
    let settled = false
    const waiting = awaitLoad(never(), { preload: true }).then((value) => {
      settled = true
      return value
    })
    await vi.advanceTimersByTimeAsync(preloadTimeoutMs - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(waiting).resolves.toBeUndefined()
  })

  it('gives a preload its answer when it comes in time, and its refusal', async () => {
    await expect(awaitLoad(Promise.resolve('merchant'), { preload: true })).resolves.toBe('merchant')
    await expect(awaitLoad(Promise.reject(new Error('not found')), { preload: true })).rejects.toThrow('not found')
  })

  it('makes a navigation wait as long as its data takes', async () => {
    let settled = false
    const loading = new Promise<string>((resolve) => setTimeout(() => resolve('late'), preloadTimeoutMs * 5))
    const waiting = awaitLoad(loading, { preload: false }).then((value) => {
      settled = true
      return value
    })
    await vi.advanceTimersByTimeAsync(preloadTimeoutMs * 2)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(preloadTimeoutMs * 3)
    await expect(waiting).resolves.toBe('late')
  })
})
