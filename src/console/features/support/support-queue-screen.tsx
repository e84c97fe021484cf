import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { SupportConversationStatus } from '#domain/support/chat'
import { ButtonLink } from '../../../components/ui/button'
import { useConsoleFormat } from '../../lib/console-format'
import { conversationQueueQueryOptions, useSupportEvents } from './support-api'

const tabClassName =
  'flex min-h-touch items-center rounded-xl px-4 text-sm font-medium text-ink hover:bg-surface data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800'

/**
 * Conversations with shoppers: the open ones, those waiting longest for an answer first, kept
 * live by the console's event stream; or the closed ones, newest first.
 */
export function SupportQueueScreen({ status, before }: { status: SupportConversationStatus; before?: string }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const { data } = useSuspenseQuery(conversationQueueQueryOptions(status, before))
  useSupportEvents()
  return (
    <section aria-labelledby="support-title" className="space-y-5">
      <h1 id="support-title" className="text-2xl font-bold">
        <Trans>แชตกับลูกค้า</Trans>
      </h1>
      <nav aria-label={t`สถานะการสนทนา`} className="flex gap-2">
        <Link to="/support" search={{ status: 'open' }} className={tabClassName}>
          <Trans>เปิดอยู่</Trans>
        </Link>
        <Link to="/support" search={{ status: 'closed' }} className={tabClassName}>
          <Trans>ปิดแล้ว</Trans>
        </Link>
      </nav>
      {data.data.length === 0 ? (
        <p className="text-ink-muted">
          {status === 'open' ? <Trans>ไม่มีการสนทนาที่รอตอบ</Trans> : <Trans>ยังไม่มีการสนทนาที่ปิด</Trans>}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-card bg-surface shadow-card">
          {data.data.map((conversation) => {
            const isWaiting = conversation.status === 'open' && conversation.lastMessageAuthor === 'shopper'
            const unread = conversation.unreadByAgentCount
            // A message of only pictures or a purchase has no text to preview.
            const preview =
              conversation.lastMessagePreview === '' ? t`(แนบรูปภาพหรือรายการสั่งซื้อ)` : conversation.lastMessagePreview
            return (
              <li key={conversation.id}>
                <Link
                  to="/support/$conversationId"
                  params={{ conversationId: conversation.id }}
                  className="flex flex-wrap items-start gap-x-4 gap-y-1 p-4 hover:bg-brand-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-brand-700 underline">
                      {conversation.buyerLabel}
                      {conversation.buyerSuspended ? (
                        <span className="ml-2 rounded-full bg-danger-50 px-2 py-0.5 text-xs text-danger-700 no-underline">
                          <Trans>ถูกระงับ</Trans>
                        </span>
                      ) : null}
                    </span>
                    <span className="block truncate text-sm text-ink-muted">
                      {conversation.lastMessageAuthor === 'agent' ? t`เรา: ${preview}` : preview}
                    </span>
                  </span>
                  <span className="flex items-center gap-2 text-sm text-ink-muted">
                    {isWaiting ? (
                      <span className="font-medium text-cashback-700">
                        <Trans>รอตอบ</Trans>
                      </span>
                    ) : null}
                    {unread > 0 ? (
                      <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
                        <Trans>ยังไม่อ่าน {unread}</Trans>
                      </span>
                    ) : null}
                    <time dateTime={conversation.lastMessageAt}>{format.time(conversation.lastMessageAt)}</time>
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
      <div className="flex gap-3">
        {before === undefined ? null : (
          <ButtonLink variant="secondary" to="/support" search={{ status }}>
            <Trans>กลับไปหน้าแรก</Trans>
          </ButtonLink>
        )}
        {data.nextBefore === null ? null : (
          <ButtonLink variant="secondary" to="/support" search={{ status, before: data.nextBefore }}>
            <Trans>ถัดไป</Trans>
          </ButtonLink>
        )}
      </div>
    </section>
  )
}
