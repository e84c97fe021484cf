import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  cashbackHistoryEntrySchema,
  cashbackTransactionListQuerySchema,
  cashbackTransactionSchema,
  unacceptedCountSearchParams,
} from './cashback.ts'

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

describe('reason codes on the wire', () => {
  const step = { kind: 'REJECTED', at: '2026-11-15T03:00:00.000Z', isEarlyRelease: false, isAppealApproval: false }

  it('reads a reply from before reason codes (a saved response, an older server) without them', () => {
    expect(v.parse(cashbackHistoryEntrySchema, { ...step, rejectionReason: 'Item returned' })).toMatchObject({
      rejectionReasonCode: null,
      cancellationReasonCode: null,
    })
  })

  it('reads a code this app does not know yet as other, so a new reason never breaks the list', () => {
    expect(
      v.parse(cashbackHistoryEntrySchema, { ...step, rejectionReason: null, rejectionReasonCode: 'price_error' }),
    ).toMatchObject({ rejectionReasonCode: 'other' })
  })

  it('keeps the retired free-text fields optional, so the next release can drop them', () => {
    const fields = cashbackTransactionSchema.entries
    expect(v.parse(fields.rejectionReason, undefined)).toBeNull()
    expect(v.parse(fields.cancellationReason, undefined)).toBeNull()
  })
})
