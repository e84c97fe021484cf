import { createFileRoute } from '@tanstack/react-router'
import { requireSignedIn } from '../../features/account/require-member'
import { SupportChatScreen } from '../../features/support-chat/components/support-chat-screen'

/** The support chat: every signed-in shopper, suspended ones too (it is where /ban sends them). */
export const Route = createFileRoute('/{-$locale}/chat-support')({
  beforeLoad: requireSignedIn,
  component: ChatSupportRoute,
})

function ChatSupportRoute() {
  const { buyer } = Route.useRouteContext()
  return <SupportChatScreen buyerId={buyer.buyerId} isSuspended={buyer.status === 'suspended'} />
}
