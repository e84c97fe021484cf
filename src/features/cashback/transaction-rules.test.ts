import { describe, expect, it } from 'vitest'
import { cashbackStatuses } from '#domain/contracts/cashback'
import { availableAction } from './transaction-rules'

describe('availableAction', () => {
  it('offers Accept on approved cashback, then Archive, then nothing', () => {
    expect(availableAction({ status: 'APPROVED', accepted: false, archived: false })).toBe('accept')
    expect(availableAction({ status: 'APPROVED', accepted: true, archived: false })).toBe('archive')
    expect(availableAction({ status: 'APPROVED', accepted: true, archived: true })).toBeUndefined()
  })

  it('offers nothing before approval or after a rejection, even of accepted cashback', () => {
    for (const status of cashbackStatuses.filter((value) => value !== 'APPROVED')) {
      expect(availableAction({ status, accepted: false, archived: false })).toBeUndefined()
      expect(availableAction({ status, accepted: true, archived: false })).toBeUndefined()
    }
  })
})
