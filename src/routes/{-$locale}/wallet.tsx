import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../features/account/require-member'
import { WalletScreen } from '../../features/cashback/components/wallet-screen'

export const Route = createFileRoute('/{-$locale}/wallet')({
  beforeLoad: requireMember,
  component: WalletRoute,
})

function WalletRoute() {
  const { buyer } = Route.useRouteContext()
  return <WalletScreen buyerId={buyer.buyerId} />
}
