import { useLingui } from '@lingui/react/macro'
import { CheckCheck } from 'lucide-react'
import { formatTime } from '#domain/dates'
import type { SupportAttachment, SupportMessage } from '#domain/support/chat'
import { useLocale } from '../../../lib/locale'
import { isReadByAgent } from '../thread'
import { AttachedPurchase } from './attached-purchase'
import { LinkedText } from '../../../components/ui/linked-text'
import { ThaiText } from '../../../components/ui/thai-text'

/** One message of the thread: the shopper's on the right, an agent's on the left under their name. */
export function MessageItem({
  message,
  agentReadSequence,
  canOpenPurchases,
}: {
  message: SupportMessage
  agentReadSequence: number
  canOpenPurchases: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const isOwn = message.author === 'shopper'
  const time = formatTime(new Date(message.createdAt), locale)
  const agentName = message.agentName ?? t`เจ้าหน้าที่`
  return (
    <li className={`flex flex-col gap-1 ${isOwn ? 'items-end' : 'items-start'}`}>
      {isOwn ? null : (
        <p className="px-1 text-xs font-semibold text-ink-muted">
          <ThaiText>{t`${agentName} · ทีมงานแอปเงินคืน`}</ThaiText>
        </p>
      )}
      <div
        className={`max-w-[85%] space-y-2 rounded-2xl px-3.5 py-2 ${
          isOwn ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-surface text-ink shadow-card'
        }`}
      >
        <span className="sr-only">{isOwn ? t`คุณเขียน:` : t`${agentName} เขียน:`}</span>
        {message.text === '' ? null : (
          <p className="break-words whitespace-pre-wrap">
            <LinkedText text={message.text} linkClassName={isOwn ? 'text-white' : 'text-brand-700'} />
          </p>
        )}
        {message.transaction ? <AttachedPurchase transaction={message.transaction} canOpen={canOpenPurchases} /> : null}
        {message.attachments.length > 0 ? <MessagePictures attachments={message.attachments} /> : null}
      </div>
      <p className="flex items-center gap-1.5 px-1 text-xs text-ink-muted">
        <span>{time}</span>
        {isReadByAgent(message, agentReadSequence) ? (
          <span className="flex items-center gap-0.5">
            <CheckCheck aria-hidden="true" className="size-3.5 text-brand-700" />
            {t`อ่านแล้ว`}
          </span>
        ) : null}
      </p>
    </li>
  )
}

function MessagePictures({ attachments }: { attachments: SupportAttachment[] }) {
  const { t } = useLingui()
  return (
    <ul className="grid grid-cols-3 gap-1.5">
      {attachments.map((attachment, index) => {
        const number = index + 1
        return (
          <li key={attachment.id}>
            <a
              href={attachment.imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="block overflow-hidden rounded-xl bg-canvas"
            >
              <img
                src={attachment.imageUrl}
                alt={t`รูปที่แนบ ${number}`}
                width={attachment.width}
                height={attachment.height}
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
