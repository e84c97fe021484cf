import { queryOptions } from '@tanstack/react-query'
import type { Buyer } from '#domain/contracts/buyer'
import { sessionResponseSchema } from '#domain/contracts/session'
import { isApiError, requestJson } from '../../../lib/api-client'
import { accountKeys } from './account-keys'

/** The signed-in buyer, or `null` for an anonymous shopper (a 401 is an answer, not a failure). */
export const sessionQueryOptions = queryOptions({
  queryKey: accountKeys.session(),
  queryFn: async (): Promise<Buyer | null> => {
    try {
      return (await requestJson('api/auth/session', sessionResponseSchema)).buyer
    } catch (error) {
      if (isApiError(error, 'unauthenticated')) return null
      throw error
    }
  },
  staleTime: 60_000,
  // Member pages ask for the session before they open. Offline, an 'online' query would pause
  // and the page would never open; trying (and failing fast) lets `requireMember` fall back to
  // the session saved on the device.
  networkMode: 'offlineFirst',
})
