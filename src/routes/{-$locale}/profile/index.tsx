import { createFileRoute } from '@tanstack/react-router'
import { ProfileScreen } from '../../../features/account/components/profile-screen'
import { requireMember } from '../../../features/account/require-member'

export const Route = createFileRoute('/{-$locale}/profile/')({
  beforeLoad: requireMember,
  component: ProfileRoute,
})

function ProfileRoute() {
  const { buyer } = Route.useRouteContext()
  return <ProfileScreen buyer={buyer} />
}
