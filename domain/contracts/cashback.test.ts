import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cashbackTransactionListQuerySchema, unacceptedCountSearchParams } from './cashback.ts'

describe('cashback transaction list query', () => {
  it('reads the spec query for the unaccepted count', () => {
    expect(v.parse(cashbackTransactionListQuerySchema, unacceptedCountSearchParams)).toEqual({
      select: ['_id', 'status', 'accepted'],
      filter: { status: 'APPROVED', accepted: false },
      limit: 0,
      skip: 0,
    })
  })

  it('defaults to every field, no filter, 12 items', () => {
    expect(v.parse(cashbackTransactionListQuerySchema, {})).toEqual({ limit: 12, skip: 0 })
  })

  it.each([
    { select: '_id password' },
    { filter: '{"status":"approved"}' },
    { filter: '{"buyerId":"x"}' },
    { filter: '{"status":' },
    { filter: '[]' },
    { limit: '101' },
  ])('refuses %j', (query) => {
    expect(v.safeParse(cashbackTransactionListQuerySchema, query).success).toBe(false)
  })
})
