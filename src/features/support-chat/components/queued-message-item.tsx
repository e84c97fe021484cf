import { useLingui } from '@lingui/react/macro'
import { Clock, PencilLine, TriangleAlert } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { OutboxItemActions } from '../../../components/ui/outbox-item-actions'
import { useIsOnline } from '../../../lib/use-is-online'
import { useOutboxAttachmentPreviews } from '../../../lib/use-outbox-attachment-previews'
import type { QueuedSupportMessage } from '../api/queued-support-message'
import { AttachedPurchase } from './attached-purchase'
import { LinkedText } from '../../../components/ui/linked-text'
import { useDeferralMessage, useSupportRefusalMessage } from './support-chat-labels'

/**
 * A message that waits on this phone, after the ones the server has: what it says, and whether it
 * is being sent, waits for the signal or the rate limit, or was refused (then edit, retry or
 * discard, as with queued proofs and withdrawals).
 */
export function QueuedMessageItem({
  item,
  canOpenPurchases,
  onEdit,
}: {
  item: QueuedSupportMessage
  canOpenPurchases: boolean
  onEdit: (item: QueuedSupportMessage) => void
}) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  const refusalMessage = useSupportRefusalMessage()
  const deferralMessage = useDeferralMessage()
  const previews = useOutboxAttachmentPreviews(item.attachmentKeys)
  const { text, transaction, images } = item.payload
  const done = item.progress?.done ?? 0
  const total = images.length

  let status: string
  if (item.state === 'sending') {
    status = total > done ? t`กำลังส่ง… ส่งรูปแล้ว ${done} จาก ${total} รูป` : t`กำลังส่ง…`
  } else if (item.deferral) {
    status = deferralMessage(item.deferral)
  } else if (!isOnline) {
    status = t`รอส่ง จะส่งให้อัตโนมัติเมื่อกลับมาออนไลน์`
  } else {
    status = t({ message: 'รอส่ง', context: 'chat message' })
  }

  return (
    <li className="flex flex-col items-end gap-1">
      <div className="max-w-[85%] space-y-2 rounded-2xl rounded-br-md border border-dashed border-brand-600 bg-brand-50 px-3.5 py-2 text-ink">
        <span className="sr-only">{t`คุณเขียน (ยังไม่ได้ส่ง):`}</span>
        {text === '' ? null : (
          <p className="break-words whitespace-pre-wrap">
            <LinkedText text={text} linkClassName="text-brand-700" />
          </p>
        )}
        {transaction ? <AttachedPurchase transaction={transaction} canOpen={canOpenPurchases} /> : null}
        {previews.length > 0 ? (
          <ul className="grid grid-cols-3 gap-1.5">
            {previews.map((url, index) => {
              const number = index + 1
              return (
                <li key={url}>
                  <img src={url} alt={t`รูปที่รอส่ง ${number}`} className="aspect-square w-full rounded-xl object-cover" />
                </li>
              )
            })}
          </ul>
        ) : null}
      </div>
      {item.state === 'refused' && item.refusal ? (
        <div className="flex max-w-[85%] flex-col items-end gap-2">
          <p role="alert" className="flex gap-1.5 text-right text-sm text-danger-700">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {refusalMessage(item.refusal.code)}
          </p>
          <OutboxItemActions item={item} discardLabel={t`ลบข้อความนี้`}>
            <Button variant="secondary" className="text-sm" onClick={() => onEdit(item)}>
              <PencilLine aria-hidden="true" className="size-4" />
              {t`แก้ไข`}
            </Button>
          </OutboxItemActions>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-1 px-1 text-right text-xs text-ink-muted">
          <Clock aria-hidden="true" className="size-3.5 shrink-0" />
          {status}
        </p>
      )}
    </li>
  )
}
