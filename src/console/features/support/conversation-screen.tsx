import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState, type KeyboardEvent, type SubmitEvent } from 'react'
import type { ConsoleSupportConversationDetail } from '#domain/ops/support'
import { maxSupportMessageLength, type SupportMessage } from '#domain/support/chat'
import { mergeMessages } from '#domain/support/message-order'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { ProofList, WithdrawalList } from '../../components/buyer-record-lists'
import { Fact, FactList } from '../../components/facts'
import { Panel } from '../../components/panel'
import { useConsoleFormat } from '../../lib/console-format'
import { useCashbackStatusLabel } from '../../lib/console-labels'
import { useConsoleAction } from '../../lib/use-console-action'
import { CannedAnswers } from './canned-answers'
import {
  conversationQueryOptions,
  latestMessagesQueryOptions,
  markConversationRead,
  readOlderMessages,
  sendReply,
  setConversationStatus,
  supportKeys,
  useSupportEvents,
} from './support-api'
import { LinkedText } from '../../../components/ui/linked-text'

function MessageBubble({ message, isReadByShopper }: { message: SupportMessage; isReadByShopper: boolean }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useCashbackStatusLabel()
  const isAgent = message.author === 'agent'
  const author = isAgent ? (message.agentName ?? t`ผู้ดูแล`) : t`ลูกค้า`
  const sentAt = format.time(message.createdAt)
  return (
    <li className={`flex ${isAgent ? 'justify-end' : 'justify-start'}`}>
      <article
        aria-label={t`${author} เมื่อ ${sentAt}`}
        className={`max-w-[80%] space-y-2 rounded-2xl px-4 py-3 ${isAgent ? 'bg-brand-50' : 'bg-canvas'}`}
      >
        <p className="text-xs text-ink-muted">
          {author} · {sentAt}
        </p>
        {message.text === '' ? null : (
          <p className="break-words whitespace-pre-wrap">
            <LinkedText text={message.text} linkClassName="" />
          </p>
        )}
        {message.transaction === null ? null : (
          <p className="rounded-xl border border-line bg-surface p-3 text-sm">
            <Link
              to="/transactions/$transactionId"
              params={{ transactionId: message.transaction.id }}
              className="font-medium text-brand-700 underline"
            >
              {message.transaction.merchantNameTh} · {message.transaction.orderId}
            </Link>
            <span className="block text-ink-muted">
              {format.time(message.transaction.orderDate)} · {statusLabel(message.transaction.status)} ·{' '}
              {format.money(message.transaction.cashbackAmount)}
            </span>
          </p>
        )}
        {message.attachments.length === 0 ? null : (
          <ul className="flex flex-wrap gap-2">
            {message.attachments.map((attachment, index) => {
              const position = index + 1
              return (
                <li key={attachment.id}>
                  <a href={attachment.imageUrl} target="_blank" rel="noopener noreferrer">
                    <img
                      src={attachment.imageUrl}
                      width={attachment.width}
                      height={attachment.height}
                      alt={t`ภาพที่ ${position} จากลูกค้า`}
                      className="h-32 w-auto rounded-lg border border-line object-contain"
                    />
                  </a>
                </li>
              )
            })}
          </ul>
        )}
        {isAgent && isReadByShopper ? (
          <p className="text-right text-xs text-ink-muted">
            <Trans>ลูกค้าอ่านแล้ว</Trans>
          </p>
        ) : null}
      </article>
    </li>
  )
}

function ReplyForm({ conversationId }: { conversationId: string }) {
  const { t } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const action = useConsoleAction({ refreshes: supportKeys.conversation(conversationId) })
  const [text, setText] = useState('')
  const remaining = maxSupportMessageLength - text.length

  function send() {
    const trimmed = text.trim()
    if (trimmed === '') {
      action.showError(t`พิมพ์ข้อความก่อนส่ง`)
      return
    }
    void action
      .run(async (actionKey) => {
        const message = await sendReply(conversationId, trimmed, actionKey)
        queryClient.setQueryData(latestMessagesQueryOptions(conversationId).queryKey, (page) =>
          page === undefined ? page : { ...page, data: mergeMessages(page.data, [message]) },
        )
      })
      .then((isSent) => {
        if (isSent) setText('')
      })
  }

  return (
    <form
      aria-labelledby={`${id}-label`}
      noValidate
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault()
        send()
      }}
      className="space-y-2 border-t border-line pt-4"
    >
      <CannedAnswers
        onPick={(answer) =>
          setText((current) => (current.trim() === '' ? answer : `${current.trimEnd()}\n\n${answer}`))
        }
      />
      <label id={`${id}-label`} htmlFor={`${id}-text`} className="block text-sm font-medium">
        <Trans>ตอบกลับ</Trans>
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        maxLength={maxSupportMessageLength}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
          // Ctrl/⌘ + Enter sends, as in the mail and chat tools agents know; Enter is a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            send()
          }
        }}
        className="w-full rounded-xl border border-line bg-surface p-3 focus:border-brand-500 focus:outline-none"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink-muted" aria-live="polite">
          {remaining < 200 ? <Trans>เหลืออีก {remaining} ตัวอักษร</Trans> : <Trans>Ctrl + Enter เพื่อส่ง</Trans>}
        </p>
        <Button type="submit" disabled={action.isBusy}>
          <Trans>ส่งคำตอบ</Trans>
        </Button>
      </div>
      {action.error === undefined ? null : <FormAlert>{action.error}</FormAlert>}
    </form>
  )
}

function ShopperContext({ detail }: { detail: ConsoleSupportConversationDetail }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const cashbackStatusLabel = useCashbackStatusLabel()
  const { buyer } = detail
  const name = [buyer.firstName, buyer.lastName].filter((part) => part !== null).join(' ')
  const rating = buyer.rating
  const suspendedReason = buyer.suspendedReason ?? ''
  return (
    <div className="space-y-5">
      <Panel title={t`ลูกค้า`}>
        <FactList>
          <Fact label={t`ชื่อ`}>
            <Link to="/buyers/$buyerId" params={{ buyerId: buyer.id }} className="text-brand-700 underline">
              {name === '' ? buyer.id : name}
            </Link>
          </Fact>
          <Fact label={t`อีเมล`}>{buyer.email ?? '–'}</Fact>
          <Fact label={t`โทรศัพท์`}>{buyer.phone ?? '–'}</Fact>
          <Fact label={t`เรตติ้ง`} isFigure>
            {rating.toFixed(0)}%
          </Fact>
          <Fact label={t`สถานะ`}>{buyer.status === 'suspended' ? t`ถูกระงับ: ${suspendedReason}` : t`ใช้งานได้`}</Fact>
        </FactList>
      </Panel>
      <Panel title={t`รายการซื้อล่าสุด`}>
        {detail.recentTransactions.length === 0 ? (
          <p className="text-sm text-ink-muted">
            <Trans>ยังไม่มีรายการซื้อ</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {detail.recentTransactions.map((transaction) => (
              <li key={transaction.id} className="py-2">
                <Link
                  to="/transactions/$transactionId"
                  params={{ transactionId: transaction.id }}
                  className="text-brand-700 underline"
                >
                  {transaction.merchant.nameTh} · {transaction.orderId}
                </Link>
                <span className="block text-ink-muted tabular-nums">
                  {format.date(transaction.orderDate)} · {cashbackStatusLabel(transaction.status)} ·{' '}
                  {format.money(transaction.cashbackAmount)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={t`การถอนเงินล่าสุด`}>
        <WithdrawalList withdrawals={detail.recentWithdrawals} />
      </Panel>
      <Panel title={t`หลักฐาน`}>
        <ProofList proofs={detail.recentProofs} />
      </Panel>
    </div>
  )
}

/**
 * One conversation: the messages with the reply box, and beside them what the agent needs to
 * answer (the shopper, their latest purchases, withdrawals and proofs). What the agent sees is
 * marked read, so the shopper sees "read" and the queue's count drops.
 */
export function ConversationScreen({ conversationId }: { conversationId: string }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { data: detail } = useSuspenseQuery(conversationQueryOptions(conversationId))
  const { data: latest } = useSuspenseQuery(latestMessagesQueryOptions(conversationId))
  const [older, setOlder] = useState<{ messages: SupportMessage[]; hasOlder: boolean }>()
  const [isLoadingOlder, setIsLoadingOlder] = useState(false)
  const statusAction = useConsoleAction({ refreshes: supportKeys.all })
  useSupportEvents()
  const { conversation } = detail
  const messages = mergeMessages(older?.messages ?? [], latest.data)
  const hasOlder = older === undefined ? latest.hasOlder : older.hasOlder
  const newestSequence = messages.at(-1)?.sequence ?? 0

  useEffect(() => {
    if (conversation.unreadByAgentCount === 0 || newestSequence === 0) return
    void markConversationRead(conversationId, newestSequence).then(
      () => queryClient.invalidateQueries({ queryKey: [...supportKeys.all, 'queue'] }),
      // Not marking read is harmless: the next view marks it.
      () => undefined,
    )
  }, [conversationId, conversation.unreadByAgentCount, newestSequence, queryClient])

  async function loadOlder() {
    const first = messages[0]
    if (first === undefined) return
    setIsLoadingOlder(true)
    try {
      const page = await readOlderMessages(conversationId, first.sequence)
      setOlder({ messages: mergeMessages(older?.messages ?? [], page.data), hasOlder: page.hasOlder })
    } finally {
      setIsLoadingOlder(false)
    }
  }

  const isOpen = conversation.status === 'open'
  const buyerLabel = conversation.buyerLabel
  return (
    <article aria-labelledby="conversation-title" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="conversation-title" className="text-2xl font-bold">
          <Trans>แชตกับ {buyerLabel}</Trans>
        </h1>
        <div className="flex items-center gap-3">
          <span className="text-sm text-ink-muted">{isOpen ? <Trans>เปิดอยู่</Trans> : <Trans>ปิดแล้ว</Trans>}</span>
          <Button
            variant="secondary"
            disabled={statusAction.isBusy}
            onClick={() =>
              void statusAction.run((actionKey) =>
                setConversationStatus(conversationId, isOpen ? 'closed' : 'open', actionKey),
              )
            }
          >
            {isOpen ? <Trans>ปิดการสนทนา</Trans> : <Trans>เปิดการสนทนาอีกครั้ง</Trans>}
          </Button>
        </div>
      </div>
      {statusAction.error === undefined ? null : <FormAlert>{statusAction.error}</FormAlert>}
      <div className="grid gap-5 xl:grid-cols-[1fr_24rem]">
        <section aria-label={t`ข้อความ`} className="space-y-4 rounded-card bg-surface p-5 shadow-card">
          {hasOlder ? (
            <Button variant="secondary" disabled={isLoadingOlder} onClick={() => void loadOlder()}>
              <Trans>ข้อความก่อนหน้า</Trans>
            </Button>
          ) : null}
          <ol className="space-y-3">
            {messages.map((message) => (
              <MessageBubble
                key={message.sequence}
                message={message}
                isReadByShopper={message.sequence <= conversation.shopperReadSequence}
              />
            ))}
          </ol>
          <ReplyForm conversationId={conversationId} />
        </section>
        <ShopperContext detail={detail} />
      </div>
    </article>
  )
}
