import { describe, expect, it } from 'vitest'
import { cashbackMoneyState } from './money-state'

describe('cashbackMoneyState', () => {
  it('tells money on its way from money that will not come', () => {
    expect(cashbackMoneyState({ status: 'TRACKING', accepted: false, appealStatus: null })).toBe('coming')
    expect(cashbackMoneyState({ status: 'PENDING', accepted: false, appealStatus: null })).toBe('coming')
    expect(cashbackMoneyState({ status: 'APPROVED', accepted: false, appealStatus: null })).toBe('to_accept')
    expect(cashbackMoneyState({ status: 'APPROVED', accepted: true, appealStatus: null })).toBe('credited')
    expect(cashbackMoneyState({ status: 'CANCELLED', accepted: false, appealStatus: null })).toBe('not_paid')
  })

  it('puts a rejection whose proof waits for review in its own state, and a refused appeal back to not paid', () => {
    expect(cashbackMoneyState({ status: 'REJECTED', accepted: false, appealStatus: 'pending' })).toBe('under_review')
    expect(cashbackMoneyState({ status: 'REJECTED', accepted: false, appealStatus: null })).toBe('not_paid')
    expect(cashbackMoneyState({ status: 'REJECTED', accepted: true, appealStatus: 'rejected' })).toBe('not_paid')
  })

  it('reads an approved appeal as the approval it became', () => {
    expect(cashbackMoneyState({ status: 'APPROVED', accepted: false, appealStatus: 'approved' })).toBe('to_accept')
  })
})
