import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import type { Buyer } from '#domain/contracts/buyer'
import { pathInLocale } from '#domain/locale'
import { isApiError } from '../../lib/api-client'
import type { LocaleParam } from '../../lib/locale'
import { accountKeys } from './api/account-keys'
import { sessionQueryOptions } from './api/get-session'

type GuardOptions = {
  context: { queryClient: QueryClient }
  location: { href: string }
  params: { locale?: LocaleParam }
}

/**
 * The guard of member pages (`beforeLoad`). The spec's `authenticated` guard does nothing; this one
 * works: an anonymous shopper goes to /auth and comes back after signing in, a suspended one goes
 * to /ban. Asked again online every time (a copy restored from the device may outlive a sign-out);
 * offline, the session saved on the device is trusted until the network can say otherwise.
 */
export function requireMember(options: GuardOptions): Promise<{ buyer: Buyer }> {
  return requireSession(options, { isOpenToSuspended: false })
}

/**
 * The guard of the screens a suspended shopper may still use (the support chat,
 * `isOpenToSuspendedBuyer`): signed in, as `requireMember`, whatever the account's status.
 */
export function requireSignedIn(options: GuardOptions): Promise<{ buyer: Buyer }> {
  return requireSession(options, { isOpenToSuspended: true })
}

async function requireSession(
  { context, location, params }: GuardOptions,
  { isOpenToSuspended }: { isOpenToSuspended: boolean },
): Promise<{ buyer: Buyer }> {
  const locale = params.locale ?? 'th'
  let buyer: Buyer | null | undefined
  try {
    buyer = await context.queryClient.query({ ...sessionQueryOptions, staleTime: 0 })
  } catch (error) {
    if (!isApiError(error, 'network')) throw error
    buyer = context.queryClient.getQueryData<Buyer | null>(accountKeys.session())
    if (buyer === undefined) throw error
  }
  if (!buyer) {
    throw redirect({ href: `${pathInLocale('/auth', locale)}?redirect=${encodeURIComponent(location.href)}` })
  }
  if (buyer.status === 'suspended' && !isOpenToSuspended) {
    throw redirect({ href: pathInLocale('/ban', locale), replace: true })
  }
  return { buyer }
}
