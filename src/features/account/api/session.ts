import { queryOptions } from '@tanstack/react-query'
import {
  sessionResponseSchema,
  signInCodeResponseSchema,
  signInResponseSchema,
  type SignInRequest,
} from '#domain/contracts/auth'
import type { Buyer } from '#domain/contracts/buyer'
import { isApiError, requestJson, requestNoContent } from '../../../lib/api-client'
import { updateBrowserState } from '../../../lib/browser-state'
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

export function requestSignInCode(identifier: string) {
  return requestJson('api/auth/codes', signInCodeResponseSchema, { method: 'post', json: { identifier } })
}

export async function signIn(request: SignInRequest) {
  const response = await requestJson('api/auth/sessions', signInResponseSchema, { method: 'post', json: request })
  rememberBuyer(response.buyer)
  return response
}

/** What the browser keeps of the buyer (spec section 4: the buyer record and id). */
export function rememberBuyer(buyer: Buyer | null) {
  updateBrowserState({
    buyerId: buyer?.buyerId ?? null,
    buyer: buyer
      ? { buyerId: buyer.buyerId, firstName: buyer.firstName, lastName: buyer.lastName, status: buyer.status }
      : null,
  })
}

export async function signOut({ everywhere }: { everywhere: boolean }) {
  await requestNoContent(everywhere ? 'api/auth/sessions' : 'api/auth/sessions/current', { method: 'delete' })
  rememberBuyer(null)
}
