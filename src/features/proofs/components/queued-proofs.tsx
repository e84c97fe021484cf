import { useLingui } from '@lingui/react/macro'
import { CloudUpload, TriangleAlert } from 'lucide-react'
import { OutboxItemActions } from '../../../components/ui/outbox-item-actions'
import { ThaiText } from '../../../components/ui/thai-text'
import { useOutboxAttachmentPreviews } from '../../../lib/use-outbox-attachment-previews'
import type { QueuedProofs as QueuedProofsItem } from '../api/proof-outbox'
import { useProofRefusalMessage } from './proof-labels'

/**
 * Pictures that wait on this phone: how far the send is (a progress bar over the pictures the
 * server acknowledged), why the server refused them, and cancel or retry.
 */
export function QueuedProofs({ items }: { items: QueuedProofsItem[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <QueuedProofsRow key={item.id} item={item} />
      ))}
    </ul>
  )
}

function QueuedProofsRow({ item }: { item: QueuedProofsItem }) {
  const { t } = useLingui()
  const refusalMessage = useProofRefusalMessage()
  const total = item.payload.images.length
  const done = item.progress?.done ?? 0
  const waiting = total - done
  const previews = useOutboxAttachmentPreviews(item.attachmentKeys.slice(done))
  const label = t`รอส่งหลักฐาน ${waiting} รูป`

  return (
    <li aria-label={label} className="space-y-2 rounded-xl border border-line p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CloudUpload aria-hidden="true" className="size-4 text-cashback-700" />
        <ThaiText>{label}</ThaiText>
      </p>
      <div className="flex gap-1.5">
        {previews.map((url) => (
          <img key={url} src={url} alt="" className="size-12 rounded-lg object-cover" />
        ))}
      </div>
      <div
        role="progressbar"
        aria-label={t`ความคืบหน้าการส่งหลักฐาน`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t`ส่งแล้ว ${done} จาก ${total} รูป`}
        className="h-2 overflow-hidden rounded-full bg-canvas"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${(done / total) * 100}%` }}
        />
      </div>
      {item.state === 'refused' && item.refusal ? (
        <p role="alert" className="flex gap-2 text-sm text-danger-700">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {refusalMessage(item.refusal.code)}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">
          {item.state === 'sending' ? t`กำลังส่ง… ส่งแล้ว ${done} จาก ${total} รูป` : t`จะส่งให้อัตโนมัติเมื่อกลับมาออนไลน์`}
        </p>
      )}
      <OutboxItemActions item={item} discardLabel={t`ยกเลิกการส่งรูปเหล่านี้`} />
    </li>
  )
}
