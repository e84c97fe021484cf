import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { SignInScreen } from '../../features/account/components/sign-in-screen'

export const Route = createFileRoute('/{-$locale}/auth')({
  validateSearch: v.object({ redirect: v.optional(v.pipe(v.string(), v.maxLength(2000))) }),
  component: AuthRoute,
})

function AuthRoute() {
  const { redirect } = Route.useSearch()
  return <SignInScreen redirect={redirect} />
}
