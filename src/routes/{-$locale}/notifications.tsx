import { createFileRoute } from '@tanstack/react-router'
import { requireMember } from '../../features/account/require-member'
import { NotificationListScreen } from '../../features/notifications/components/notification-list-screen'

export const Route = createFileRoute('/{-$locale}/notifications')({
  beforeLoad: requireMember,
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { buyer } = Route.useRouteContext()
  return <NotificationListScreen buyerId={buyer.buyerId} />
}
