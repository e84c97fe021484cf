import { queryOptions } from '@tanstack/react-query'
import { buyerSchema } from '#domain/contracts/buyer'
import type { IdentifierKind } from '#domain/contracts/auth'
import {
  identifierChangeResponseSchema,
  storedProfileSchema,
  type IdentifierChangeConfirmation,
  type ProfileInput,
} from '#domain/contracts/profile'
import { requestJson, requestNoContent } from '../../../lib/api-client'
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

/** Sends a code to a new email or phone; it becomes a sign-in identifier once confirmed. */
export function requestIdentifierChange(buyerId: string, identifier: string) {
  return requestJson(`api/buyers/${encodeURIComponent(buyerId)}/identifier-changes`, identifierChangeResponseSchema, {
    method: 'post',
    json: { identifier },
  })
}

export function confirmIdentifierChange(buyerId: string, confirmation: IdentifierChangeConfirmation) {
  return requestJson(`api/buyers/${encodeURIComponent(buyerId)}/identifier-changes/confirmations`, buyerSchema, {
    method: 'post',
    json: confirmation,
  })
}

export function cancelIdentifierChange(buyerId: string, kind: IdentifierKind) {
  return requestNoContent(`api/buyers/${encodeURIComponent(buyerId)}/identifier-changes/${kind}`, {
    method: 'delete',
  })
}
