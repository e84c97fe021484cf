import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../../features/account/require-member'
import { VipMemberScreen } from '../../../features/promotions/components/vip-member-screen'

export const Route = createFileRoute('/{-$locale}/promotions/vip-member')({
  beforeLoad: requireMember,
  component: VipMemberRoute,
})

function VipMemberRoute() {
  const { buyer } = Route.useRouteContext()
  return <VipMemberScreen buyerId={buyer.buyerId} />
}
