import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-client'
import { promotionRefusalCodes, readPromotionProblem } from './promotion-problems'

describe('readPromotionProblem', () => {
  it.each(promotionRefusalCodes)('reads the refusal %s with its code', (code) => {
    expect(readPromotionProblem(new ApiError(code, 409, 'refused'))).toEqual({ kind: 'refused', code })
  })

  it('keeps the numbers the server sent: the minimum in satang and the wait of a 429', () => {
    expect(readPromotionProblem(new ApiError('balance_below_tier', 409, 'low', { minimum: 300_000 }))).toEqual({
      kind: 'refused',
      code: 'balance_below_tier',
      minimum: 300_000,
    })
    expect(
      readPromotionProblem(new ApiError('too_many_requests', 429, 'slow down', { retryAfterSeconds: 600 })),
    ).toEqual({ kind: 'refused', code: 'too_many_requests', retryAfterSeconds: 600 })
  })

  it('tells no answer, the account and anything else apart', () => {
    expect(readPromotionProblem(new ApiError('network', undefined, 'offline'))).toEqual({ kind: 'network' })
    expect(readPromotionProblem(new ApiError('buyer_suspended', 403, 'suspended'))).toEqual({ kind: 'suspended' })
    expect(readPromotionProblem(new ApiError('unauthenticated', 401, 'signed out'))).toEqual({ kind: 'signed_out' })
    expect(readPromotionProblem(new ApiError('internal_error', 500, 'boom'))).toEqual({ kind: 'unknown' })
    expect(readPromotionProblem(new ApiError('idempotency_key_reused', 422, 'reused'))).toEqual({ kind: 'unknown' })
    expect(readPromotionProblem(new Error('not an API error'))).toEqual({ kind: 'unknown' })
  })
})
