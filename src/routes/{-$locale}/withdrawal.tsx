import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../features/account/require-member'
import { WithdrawalScreen } from '../../features/withdrawal/components/withdrawal-screen'

export const Route = createFileRoute('/{-$locale}/withdrawal')({
  beforeLoad: requireMember,
  component: WithdrawalRoute,
})

function WithdrawalRoute() {
  const { buyer } = Route.useRouteContext()
  return <WithdrawalScreen buyerId={buyer.buyerId} />
}
