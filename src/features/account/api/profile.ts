import { queryOptions } from '@tanstack/react-query'
import { buyerSchema } from '#domain/contracts/buyer'
import { storedProfileSchema, type ProfileInput } from '#domain/contracts/profile'
import { requestJson } from '../../../lib/api-client'
import { accountKeys } from './account-keys'

export function profileQueryOptions(buyerId: string) {
  return queryOptions({
    queryKey: accountKeys.profile(buyerId),
    queryFn: () => requestJson(`api/buyers/${encodeURIComponent(buyerId)}/profile`, storedProfileSchema),
    // The form must start from what the server has now, never from an older copy on the device.
    staleTime: 0,
    meta: { persist: false },
  })
}

/** Saves the whole profile (PUT is idempotent: sending it twice changes nothing more). */
export function saveProfile(buyerId: string, profile: ProfileInput) {
  return requestJson(`api/buyers/${encodeURIComponent(buyerId)}/profile`, buyerSchema, { method: 'put', json: profile })
}
