import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../features/account/require-member'
import { SharedPicturesScreen } from '../../features/proofs/components/shared-pictures-screen'

/** Where pictures shared from the phone's gallery land (the manifest's share target). */
export const Route = createFileRoute('/{-$locale}/share-target')({
  beforeLoad: requireMember,
  component: SharedPicturesRoute,
})

function SharedPicturesRoute() {
  const { buyer } = Route.useRouteContext()
  return <SharedPicturesScreen buyerId={buyer.buyerId} />
}
