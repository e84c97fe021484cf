import { queryOptions } from '@tanstack/react-query'
import { bankHolidayListResponseSchema, type BankHolidayListResponse } from '#domain/contracts/bank-holidays'
import { requestJson } from '../../../lib/api-client'
import { withdrawalKeys } from './withdrawal-keys'

/** The dates alone, as `findPromisedPayoutDate` takes them. */
function selectHolidayDates(response: BankHolidayListResponse): ReadonlySet<string> {
  return new Set(response.data.map((holiday) => holiday.date))
}

/**
 * The upcoming bank holidays (domain/contracts/bank-holidays.ts), which the server leaves out of
 * the date it promises: the form leaves them out too, so the receipt does not contradict it. Asked
 * again at every mount (the server answers a bodiless 304 when nothing changed), so a holiday an
 * operator just added counts; kept in the persisted cache for the form opened offline.
 */
export const bankHolidayDatesQueryOptions = queryOptions({
  queryKey: withdrawalKeys.bankHolidays(),
  queryFn: () => requestJson('api/bank-holidays', bankHolidayListResponseSchema),
  select: selectHolidayDates,
  staleTime: 0,
})
