import { signInCodeResponseSchema, signInResponseSchema, type SignInRequest } from '#domain/contracts/auth'
import { requestJson, requestNoContent } from '../../../lib/api-client'
import { rememberBuyer } from './remember-buyer'

export function requestSignInCode(identifier: string) {
  return requestJson('api/auth/codes', signInCodeResponseSchema, { method: 'post', json: { identifier } })
}

export async function signIn(request: SignInRequest) {
  const response = await requestJson('api/auth/sessions', signInResponseSchema, { method: 'post', json: request })
  rememberBuyer(response.buyer)
  return response
}

export async function signOut({ everywhere }: { everywhere: boolean }) {
  await requestNoContent(everywhere ? 'api/auth/sessions' : 'api/auth/sessions/current', { method: 'delete' })
  rememberBuyer(null)
  // The server ended this device's pushes with the session; the browser's subscription goes too.
  const { forgetPushSubscription } = await import('../../notifications/push-device')
  await forgetPushSubscription().catch(() => undefined)
}
