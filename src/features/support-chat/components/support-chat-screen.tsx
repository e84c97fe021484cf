import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, MessagesSquare, ShieldBan } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import { formatDate } from '#domain/dates'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormAlert } from '../../../components/ui/form-alert'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { getAppOutbox, useOutboxItems } from '../../../lib/outbox'
import { useIsOnline } from '../../../lib/use-is-online'
import type { PreparedProofImage } from '../../proofs/prepare-proof-image'
import { conversationQueryOptions } from '../api/get-conversation'
import { threadQueryOptions, useLoadOlderMessages } from '../api/get-thread'
import { useMarkRead } from '../api/mark-read'
import { isQueuedSupportMessage, isShownInThread, type QueuedSupportMessage } from '../api/queued-support-message'
import { startSupportChatLive } from '../api/support-events'
import { groupByDay, lastSequenceOf } from '../thread'
import { Composer } from './composer'
import { MessageItem } from './message-item'
import { QueuedMessageItem } from './queued-message-item'
import { useSupportDraft } from './use-support-draft'

/** Within this many pixels of the end, the page follows new messages down. */
const followDistance = 160

function isNearEnd(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - followDistance
}

function scrollToEnd() {
  window.scrollTo({ top: document.documentElement.scrollHeight })
}

function useIsPageVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      document.addEventListener('visibilitychange', listener)
      return () => document.removeEventListener('visibilitychange', listener)
    },
    () => document.visibilityState === 'visible',
    () => true,
  )
}

/**
 * The support chat (issue 15): the shopper's one conversation, oldest message first with a
 * separator per day, what waits on the phone after it, and the composer at the bottom. New messages
 * arrive through the live stream; they are marked read once the end of the thread is on screen.
 */
export function SupportChatScreen({ buyerId, isSuspended }: { buyerId: string; isSuspended: boolean }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const thread = useQuery(threadQueryOptions(buyerId))
  const conversation = useQuery(conversationQueryOptions(buyerId))
  const messages = thread.data?.messages ?? []
  const queued = useOutboxItems().filter(
    (item): item is QueuedSupportMessage =>
      isQueuedSupportMessage(item) && item.buyerId === buyerId && !isShownInThread(item, messages),
  )
  const draft = useSupportDraft()
  const olderMessages = useLoadOlderMessages(buyerId)
  const isFollowing = useRef(true)
  const olderAnchor = useRef<number | undefined>(undefined)

  useEffect(() => {
    // Opened straight from a link, before the app's idle start: live now, and what waits shown now.
    startSupportChatLive(queryClient)
    void getAppOutbox().load()
  }, [queryClient])

  useEffect(() => {
    const onScroll = () => {
      isFollowing.current = isNearEnd()
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const lastSequence = lastSequenceOf(thread.data)
  const firstSequence = messages[0]?.sequence
  const queuedCount = queued.length

  // New messages (theirs or ours) scroll into view when the shopper was at the end; older ones
  // added above keep what was on screen where it was.
  useLayoutEffect(() => {
    if (olderAnchor.current !== undefined) {
      window.scrollBy({ top: document.documentElement.scrollHeight - olderAnchor.current })
      olderAnchor.current = undefined
      return
    }
    if (isFollowing.current) scrollToEnd()
  }, [lastSequence, firstSequence, queuedCount])

  function loadOlder() {
    olderAnchor.current = document.documentElement.scrollHeight
    olderMessages.mutate(undefined, {
      onError: () => {
        olderAnchor.current = undefined
      },
    })
  }

  async function edit(item: QueuedSupportMessage) {
    const outbox = getAppOutbox()
    const images: PreparedProofImage[] = []
    for (const [index, key] of item.attachmentKeys.entries()) {
      const bytes = await outbox.readAttachment(key)
      const size = item.payload.images[index]
      if (bytes !== undefined && size !== undefined) images.push({ ...size, contentType: 'image/jpeg', bytes })
    }
    if (!(await outbox.discard(item.id))) return
    draft.restore({ text: item.payload.text, transaction: item.payload.transaction, images })
  }

  const agentReadSequence = conversation.data?.agentReadSequence ?? 0
  const isClosed = conversation.data?.status === 'closed'

  return (
    <div className="flex min-h-[calc(100dvh-3.5rem-env(safe-area-inset-top))] flex-col">
      <header className="space-y-2 px-4 pt-4 pb-2">
        <h1 className="text-xl font-bold">{t`แชทกับเจ้าหน้าที่`}</h1>
        <p className="text-sm text-ink-muted">
          <ThaiText>{t`ถามเรื่องเงินคืน การถอนเงิน หรือบัญชีของคุณได้ที่นี่ แนบรายการสั่งซื้อหรือรูปภาพเพื่อให้เราช่วยได้เร็วขึ้น`}</ThaiText>
        </p>
        {isSuspended ? (
          <p className="flex gap-2 rounded-xl bg-danger-50 px-3 py-2 text-sm text-danger-700">
            <ShieldBan aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t`บัญชีของคุณถูกระงับ คุณยังเขียนถึงเจ้าหน้าที่ได้ที่นี่ เพื่อสอบถามเหตุผลหรือขอให้ตรวจสอบอีกครั้ง`}
          </p>
        ) : null}
      </header>

      <div className="flex-1 px-3 pb-3">
        {thread.isPending ? (
          <ThreadSkeleton />
        ) : thread.isError && thread.data === undefined ? (
          <ListError onRetry={() => void thread.refetch()} />
        ) : (
          <div role="log" aria-label={t`ข้อความในแชท`} className="space-y-4">
            {thread.data.hasOlder ? (
              <div className="flex flex-col items-center gap-2">
                <Button variant="secondary" className="text-sm" disabled={olderMessages.isPending} onClick={loadOlder}>
                  {olderMessages.isPending ? t`กำลังโหลด…` : t`ดูข้อความก่อนหน้า`}
                </Button>
                {olderMessages.isError ? <FormAlert>{t`โหลดข้อความก่อนหน้าไม่สำเร็จ กรุณาลองอีกครั้ง`}</FormAlert> : null}
              </div>
            ) : null}
            {messages.length === 0 && queuedCount === 0 ? (
              <EmptyState icon={MessagesSquare} title={t`ยังไม่มีข้อความ`}>
                <p>
                  <ThaiText>{t`เล่าปัญหาของคุณได้เลย เช่น เงินคืนจากคำสั่งซื้อไหนยังไม่เข้า เจ้าหน้าที่จะตอบกลับในแชทนี้`}</ThaiText>
                </p>
              </EmptyState>
            ) : null}
            <MessageDays messages={messages} agentReadSequence={agentReadSequence} canOpenPurchases={!isSuspended} />
            {queuedCount > 0 ? (
              <ol aria-label={t`รอส่งจากเครื่องนี้`} className="space-y-3">
                {queued.map((item) => (
                  <QueuedMessageItem
                    key={item.id}
                    item={item}
                    canOpenPurchases={!isSuspended}
                    onEdit={(queuedItem) => void edit(queuedItem)}
                  />
                ))}
              </ol>
            ) : null}
            {isClosed && queuedCount === 0 ? (
              <p role="status" className="flex items-center justify-center gap-1.5 text-center text-sm text-ink-muted">
                <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t`เจ้าหน้าที่ปิดเรื่องนี้แล้ว หากยังมีคำถาม พิมพ์ข้อความเพื่อเปิดเรื่องอีกครั้ง`}
              </p>
            ) : null}
          </div>
        )}
        <ReadMarker buyerId={buyerId} lastSequence={lastSequence} unreadCount={conversation.data?.unreadCount ?? 0} />
      </div>

      <Composer
        buyerId={buyerId}
        draft={draft}
        isSuspended={isSuspended}
        onQueued={() => {
          isFollowing.current = true
          scrollToEnd()
        }}
      />
    </div>
  )
}

function MessageDays({
  messages,
  agentReadSequence,
  canOpenPurchases,
}: {
  messages: Parameters<typeof groupByDay>[0]
  agentReadSequence: number
  canOpenPurchases: boolean
}) {
  const locale = useLocale()
  return groupByDay(messages).map((day) => {
    const first = day.messages[0]
    const label = first === undefined ? day.dayKey : formatDate(new Date(first.createdAt), locale)
    return (
      <section key={day.dayKey} aria-label={label} className="space-y-3">
        <p className="flex justify-center">
          <span className="rounded-full bg-surface px-3 text-xs text-ink-muted shadow-card">{label}</span>
        </p>
        <ol className="space-y-3">
          {day.messages.map((message) => (
            <MessageItem
              key={message.sequence}
              message={message}
              agentReadSequence={agentReadSequence}
              canOpenPurchases={canOpenPurchases}
            />
          ))}
        </ol>
      </section>
    )
  })
}

/**
 * Marks the agents' messages read once the end of the thread is on screen, the page is in front
 * and the device online: the badge clears and the agent sees "read". Once per newest message.
 */
function ReadMarker({
  buyerId,
  lastSequence,
  unreadCount,
}: {
  buyerId: string
  lastSequence: number
  unreadCount: number
}) {
  const marker = useRef<HTMLDivElement>(null)
  const [isInView, setIsInView] = useState(false)
  const isPageVisible = useIsPageVisible()
  const isOnline = useIsOnline()
  const markRead = useMarkRead(buyerId)
  const markedUpTo = useRef(0)
  const { mutate } = markRead

  useEffect(() => {
    const element = marker.current
    if (element === null) return
    const observer = new IntersectionObserver((entries) => {
      setIsInView(entries.some((entry) => entry.isIntersecting))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    if (!isInView || !isPageVisible || !isOnline || unreadCount === 0 || lastSequence === 0) return
    if (markedUpTo.current >= lastSequence) return
    markedUpTo.current = lastSequence
    mutate(lastSequence, {
      onError: () => {
        markedUpTo.current = 0
      },
    })
  }, [isInView, isPageVisible, isOnline, unreadCount, lastSequence, mutate])

  return <div ref={marker} aria-hidden="true" className="h-px" />
}

function ThreadSkeleton() {
  return (
    <div aria-busy="true" className="space-y-3">
      <Skeleton className="h-12 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
      <Skeleton className="h-16 w-3/4 rounded-2xl" />
    </div>
  )
}
