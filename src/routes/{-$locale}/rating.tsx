import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../features/account/require-member'
import { RatingScreen } from '../../features/cashback/components/rating-screen'

export const Route = createFileRoute('/{-$locale}/rating')({
  beforeLoad: requireMember,
  component: RatingRoute,
})

function RatingRoute() {
  const { buyer } = Route.useRouteContext()
  return <RatingScreen buyerId={buyer.buyerId} />
}
