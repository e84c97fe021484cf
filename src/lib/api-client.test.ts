import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { preloadErrorContract, requestJson } from './api-client'

/** A fetch that answers `responses` in turn (the last one again when they run out) and records each request. */
function createFakeFetch(responses: (() => Response)[]) {
  const requests: Request[] = []
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init))
    const respond = responses[Math.min(requests.length - 1, responses.length - 1)]
    if (respond === undefined) throw new Error('no response to give')
    return Promise.resolve(respond())
  })
  return { fetch, requests }
}

function unavailable(code: 'database_unavailable' | 'maintenance', retryAfterSeconds: number) {
  return () =>
    Response.json(
      { error: { code, message: 'Not now', details: { retryAfterSeconds } } },
      { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } },
    )
}

const ok = () => Response.json({ name: 'shop' })
const schema = v.object({ name: v.string() })
/** Node has no page to resolve the client's relative `/` against. */
const base = { prefixUrl: 'http://app.test/' }

describe('requestJson retries', () => {
  // The client loads the error contract lazily, a real import that fake timers cannot hurry: loaded
  // first, deciding a retry takes only microtasks, and each retry's timer is set before the clock
  // moves. Loaded on demand, a slow machine set the timer after the test had moved the clock.
  beforeAll(async () => {
    preloadErrorContract()
    await import('#domain/errors')
  })
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('retries a GET answered 503 database_unavailable, after Retry-After capped at 5 s, until it succeeds', async () => {
    const { fetch, requests } = createFakeFetch([
      unavailable('database_unavailable', 2),
      unavailable('database_unavailable', 60),
      ok,
    ])
    const answer = requestJson('api/merchants/1', schema, { ...base, fetch })
    await vi.advanceTimersByTimeAsync(0)
    expect(requests).toHaveLength(1)
    // The server's 2 s.
    await vi.advanceTimersByTimeAsync(1_999)
    expect(requests).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toHaveLength(2)
    // 60 s asked, 5 s waited.
    await vi.advanceTimersByTimeAsync(4_999)
    expect(requests).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(requests).toHaveLength(3)
    await expect(answer).resolves.toEqual({ name: 'shop' })
    expect(requests.every((request) => request.method === 'GET')).toBe(true)
  })

  it('gives up after 3 retries with the database_unavailable error', async () => {
    const { fetch, requests } = createFakeFetch([unavailable('database_unavailable', 1)])
    const answer = requestJson('api/merchants/1', schema, { ...base, fetch })
    const settled = expect(answer).rejects.toMatchObject({ code: 'database_unavailable', status: 503 })
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    expect(requests).toHaveLength(4)
  })

  it('does not retry a GET answered 503 maintenance', async () => {
    const { fetch, requests } = createFakeFetch([unavailable('maintenance', 1), ok])
    const answer = requestJson('api/merchants/1', schema, { ...base, fetch })
    const settled = expect(answer).rejects.toMatchObject({ code: 'maintenance', status: 503 })
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    expect(requests).toHaveLength(1)
  })

  it('does not retry a POST answered 503 database_unavailable', async () => {
    const { fetch, requests } = createFakeFetch([unavailable('database_unavailable', 1), ok])
    const answer = requestJson('api/withdrawals', schema, { ...base, fetch, method: 'post', json: { amount: 1 } })
    const settled = expect(answer).rejects.toMatchObject({ code: 'database_unavailable', status: 503 })
    await vi.advanceTimersByTimeAsync(10_000)
    await settled
    expect(requests).toHaveLength(1)
    expect(requests[0]?.method).toBe('POST')
  })

  it('still retries a GET answered 500, as before', async () => {
    const { fetch, requests } = createFakeFetch([
      () => Response.json({ error: { code: 'internal_error', message: 'Oops' } }, { status: 500 }),
      ok,
    ])
    const answer = requestJson('api/merchants/1', schema, { ...base, fetch })
    await vi.advanceTimersByTimeAsync(1_000)
    await expect(answer).resolves.toEqual({ name: 'shop' })
    expect(requests).toHaveLength(2)
  })
})
