// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BankHolidayListResponse } from '#domain/contracts/bank-holidays'
import type { RatingDetails } from '#domain/contracts/cashback'
import { ratingQueryOptions } from '../../cashback/api/get-wallet'
import { bankHolidayDatesQueryOptions } from '../api/get-bank-holidays'
import { usePayoutPromise } from './payout-promise'

const buyerId = '64656d6f6275796572303031'

const oneDayMember: RatingDetails = {
  rating: 96,
  counts: { approved: 24, returned: 1, cancelled_by_merchant: 0, flagged: 0, cancelled_by_shopper: 0 },
  decidedPurchases: 25,
  isEligibleForOneDayCashback: true,
}

/**
 * Thailand's December holidays of 2026: Father's Day (5 December) is a Saturday, so Monday the
 * 7th is its substitution day; Constitution Day (the 10th) is a Thursday.
 */
const decemberHolidays: BankHolidayListResponse = {
  data: [
    { date: '2026-12-05', name: 'วันคล้ายวันพระบรมราชสมภพ ร.9' },
    { date: '2026-12-07', name: 'ชดเชยวันคล้ายวันพระบรมราชสมภพ ร.9' },
    { date: '2026-12-10', name: 'วันรัฐธรรมนูญ' },
  ],
}

let queryClient: QueryClient

/** The form's promise, offline (nothing is fetched) with what the persisted cache held. */
function renderPromise(cached: { holidays?: BankHolidayListResponse }) {
  queryClient.setQueryData(ratingQueryOptions(buyerId).queryKey, oneDayMember)
  if (cached.holidays !== undefined) queryClient.setQueryData(bankHolidayDatesQueryOptions.queryKey, cached.holidays)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return renderHook(() => usePayoutPromise(buyerId, 'truemoney'), { wrapper }).result.current
}

describe('usePayoutPromise', () => {
  beforeEach(() => {
    // Tuesday 1 December 2026, 10:00 in Bangkok.
    vi.useFakeTimers({ now: new Date('2026-12-01T03:00:00Z'), toFake: ['Date'] })
    onlineManager.setOnline(false)
    queryClient = new QueryClient()
  })
  afterEach(() => {
    vi.useRealTimers()
    // Dropped first: the paused fetches would go out once online again.
    queryClient.clear()
    onlineManager.setOnline(true)
  })

  it("leaves the bank holidays out of a member's 7 business days, as the server's stored date does", () => {
    const promise = renderPromise({ holidays: decemberHolidays })
    expect(promise.businessDays).toBe(7)
    // 2, 3, 4, (5 and 6 a weekend, 7 a holiday) 8, 9, (10 a holiday) 11, 14 December.
    expect(promise.promisedDate?.toISOString()).toBe('2026-12-14T03:00:00.000Z')
  })

  it('still shows a date without the holidays when the phone has none', () => {
    const promise = renderPromise({})
    // 2, 3, 4, 7, 8, 9, 10 December: early by the two holidays, but a date all the same.
    expect(promise.promisedDate?.toISOString()).toBe('2026-12-10T03:00:00.000Z')
  })
})
