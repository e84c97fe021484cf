import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client'
import { chooseIntent, isUndecided } from './idempotent-intent'

describe('chooseIntent', () => {
  const keys = () => {
    let count = 0
    return () => `key-${++count}`
  }

  it('makes a key for a first request', () => {
    expect(chooseIntent(undefined, 'level-2', keys())).toEqual({ key: 'key-1', request: 'level-2' })
  })

  it('sends the same request again with the same key, so the server answers the first attempt', () => {
    const pending = { key: 'key-1', request: 'level-2' }
    expect(chooseIntent(pending, 'level-2', keys())).toBe(pending)
  })

  it('gives a different request its own key (the server refuses a key reused for another body)', () => {
    expect(chooseIntent({ key: 'key-9', request: 'level-2' }, 'level-3', keys())).toEqual({
      key: 'key-1',
      request: 'level-3',
    })
  })
})

describe('isUndecided', () => {
  it('is undecided when no answer came or the server failed, decided on any 4xx', () => {
    expect(isUndecided(new ApiError('network', undefined, 'offline'))).toBe(true)
    expect(isUndecided(new ApiError('internal_error', 500, 'boom'))).toBe(true)
    expect(isUndecided(new ApiError('database_unavailable', 503, 'down'))).toBe(true)
    expect(isUndecided(new ApiError('premium_already_joined', 409, 'joined'))).toBe(false)
    expect(isUndecided(new ApiError('invalid_referral_code', 400, 'bad'))).toBe(false)
    expect(isUndecided(new Error('a bug'))).toBe(false)
  })
})
