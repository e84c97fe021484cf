import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../../features/account/require-member'
import { NewUserBonusScreen } from '../../../features/promotions/components/new-user-bonus-screen'

export const Route = createFileRoute('/{-$locale}/promotions/bonus-new-user')({
  beforeLoad: requireMember,
  component: NewUserBonusRoute,
})

function NewUserBonusRoute() {
  const { buyer } = Route.useRouteContext()
  return <NewUserBonusScreen buyerId={buyer.buyerId} />
}
