import { describe, expect, it } from 'vitest'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { takesSharedProof } from './shared-pictures'

function purchase(change: Partial<CashbackTransaction>): CashbackTransaction {
  return {
    status: 'PENDING',
    releasePath: 'standard',
    appealStatus: null,
    ...change,
  } as CashbackTransaction
}

describe('takesSharedProof', () => {
  it('offers a rejection to appeal and a pending purchase whose 1-day cashback waits for a proof', () => {
    expect(takesSharedProof(purchase({ status: 'REJECTED' }))).toBe(true)
    expect(takesSharedProof(purchase({ status: 'REJECTED', appealStatus: 'rejected' }))).toBe(true)
    expect(takesSharedProof(purchase({ releasePath: 'one_day_with_proof' }))).toBe(true)
  })

  it('leaves out what a proof cannot change', () => {
    expect(takesSharedProof(purchase({ status: 'REJECTED', appealStatus: 'approved' }))).toBe(false)
    expect(takesSharedProof(purchase({ releasePath: 'one_day_with_proof', appealStatus: 'approved' }))).toBe(false)
    expect(takesSharedProof(purchase({ releasePath: 'standard' }))).toBe(false)
    expect(takesSharedProof(purchase({ status: 'APPROVED', releasePath: 'one_day_with_proof' }))).toBe(false)
  })
})
