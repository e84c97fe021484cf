import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { skipToken, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MessageCircle } from 'lucide-react'
import type { SupportConversation } from '#domain/support/chat'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { supportChatKeys } from '../api/support-chat-keys'

/**
 * The floating way into the support chat, with the count of agents' messages not read yet. Part of
 * every page's first load, so it only reads the count the app saved or the live stream keeps
 * (src/features/support-chat/api/support-events.ts, started when the app is idle): no contract, no
 * request and no stream of its own.
 */
export function ChatBubble({ buyerId, isAboveNavigation }: { buyerId: string; isAboveNavigation: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: conversation } = useQuery<SupportConversation>({
    queryKey: supportChatKeys.conversation(buyerId),
    queryFn: skipToken,
  })
  const unreadCount = conversation?.unreadCount ?? 0
  const label = unreadCount > 0 ? plural(unreadCount, { other: 'แชทกับเจ้าหน้าที่ ข้อความใหม่ # ข้อความ' }) : t`แชทกับเจ้าหน้าที่`
  return (
    <Link
      to="/{-$locale}/chat-support"
      params={{ locale: toLocaleParam(locale) }}
      aria-label={label}
      className={`fixed right-[max(1rem,calc((100vw-480px)/2+1rem))] z-30 flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-card ring-4 ring-surface hover:bg-brand-700 active:bg-brand-800 ${
        isAboveNavigation
          ? 'bottom-[calc(4.25rem+env(safe-area-inset-bottom))]'
          : 'bottom-[calc(1rem+env(safe-area-inset-bottom))]'
      }`}
    >
      <MessageCircle aria-hidden="true" className="size-7" />
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-6 rounded-full bg-cashback-600 px-1.5 text-center text-xs leading-[1.6] font-bold text-white ring-2 ring-surface"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      ) : null}
    </Link>
  )
}
