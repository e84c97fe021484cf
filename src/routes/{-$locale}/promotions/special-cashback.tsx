import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../../features/account/require-member'
import { SpecialCashbackScreen } from '../../../features/promotions/components/special-cashback-screen'

/** The stair-sequence page of the spec's back-button rule (src/components/layout/top-bar-rules.ts). */
export const Route = createFileRoute('/{-$locale}/promotions/special-cashback')({
  beforeLoad: requireMember,
  component: SpecialCashbackRoute,
})

function SpecialCashbackRoute() {
  const { buyer } = Route.useRouteContext()
  return <SpecialCashbackScreen buyerId={buyer.buyerId} />
}
