import { describe, expect, it } from 'vitest'
import {
  findPayoutAccountUsableFrom,
  isPayoutAccountUsable,
  payoutAccountWaitingHours,
} from './payout-account-rules.ts'

describe('the waiting period of a payout account', () => {
  const savedAt = new Date('2026-11-02T10:00:00Z')

  it('lets a first account be used at once', () => {
    const usableFrom = findPayoutAccountUsableFrom(savedAt, true)
    expect(usableFrom).toEqual(savedAt)
    expect(isPayoutAccountUsable(usableFrom, savedAt)).toBe(true)
  })

  it('holds a later account for 72 hours, to the millisecond', () => {
    expect(payoutAccountWaitingHours).toBe(72)
    const usableFrom = findPayoutAccountUsableFrom(savedAt, false)
    expect(usableFrom).toEqual(new Date('2026-11-05T10:00:00Z'))
    expect(isPayoutAccountUsable(usableFrom, new Date('2026-11-05T09:59:59.999Z'))).toBe(false)
    expect(isPayoutAccountUsable(usableFrom, new Date('2026-11-05T10:00:00Z'))).toBe(true)
  })
})
