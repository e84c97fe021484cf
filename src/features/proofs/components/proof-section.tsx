import { useLingui } from '@lingui/react/macro'
import { CircleCheck, FileImage, Hourglass, TriangleAlert } from 'lucide-react'
import type { CashbackTransactionDetail } from '#domain/contracts/cashback'
import { maxProofImages, type Appeal } from '#domain/contracts/proof'
import { useOutboxItems } from '../../../lib/outbox'
import { isQueuedProofs } from '../api/proof-outbox'
import { ProofGallery } from './proof-gallery'
import { ProofPicker } from './proof-picker'
import { QueuedProofs } from './queued-proofs'

/**
 * The appeal of a rejected transaction (spec section 4): what was sent and where it stands, what
 * waits on this phone, and the picker for new pictures, up to 5 in all.
 */
export function ProofSection({ buyerId, transaction }: { buyerId: string; transaction: CashbackTransactionDetail }) {
  const { t } = useLingui()
  const queued = useOutboxItems()
    .filter(isQueuedProofs)
    .filter((item) => item.buyerId === buyerId && item.payload.transactionId === transaction._id)
  if (transaction.status !== 'REJECTED' && transaction.proofs.length === 0 && queued.length === 0) return null

  // Pictures the server already acknowledged are among `proofs`; count only the rest.
  const waiting = queued.reduce((sum, item) => sum + item.payload.images.length - (item.progress?.done ?? 0), 0)
  const remaining = Math.max(0, maxProofImages - transaction.proofs.length - waiting)

  return (
    <section aria-labelledby="proof-heading" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
      <h2 id="proof-heading" className="flex items-center gap-2 font-bold">
        <FileImage aria-hidden="true" className="size-5 text-brand-700" />
        {t`หลักฐานการสั่งซื้อ`}
      </h2>
      <AppealStatus appeal={transaction.appeal} hasProofs={transaction.proofs.length > 0 || queued.length > 0} />
      <ProofGallery buyerId={buyerId} transactionId={transaction._id} proofs={transaction.proofs} />
      {queued.length > 0 ? <QueuedProofs items={queued} /> : null}
      {transaction.appeal.canUpload ? (
        <ProofPicker
          key={transaction._id}
          buyerId={buyerId}
          transactionId={transaction._id}
          remaining={remaining}
          sent={maxProofImages - remaining}
        />
      ) : null}
    </section>
  )
}

function AppealStatus({ appeal, hasProofs }: { appeal: Appeal; hasProofs: boolean }) {
  const { t } = useLingui()
  const reason = appeal.rejectionReason
  switch (appeal.status) {
    case 'pending':
      return (
        <p role="status" className="flex gap-2 rounded-xl bg-cashback-50 p-3 text-sm text-cashback-700">
          <Hourglass aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="block">{t`กำลังตรวจสอบหลักฐาน`}</strong>
            {t`ทีมงานกำลังตรวจสอบหลักฐานของคุณ และจะแจ้งผลที่หน้านี้`}
          </span>
        </p>
      )
    case 'approved':
      return (
        <p role="status" className="flex gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="block">{t`หลักฐานผ่านการตรวจสอบ`}</strong>
            {t`อุทธรณ์สำเร็จ รายการนี้ได้รับการอนุมัติแล้ว`}
          </span>
        </p>
      )
    case 'rejected':
      return (
        <p role="status" className="flex gap-2 rounded-xl bg-danger-50 p-3 text-sm text-danger-700">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="block">{t`หลักฐานไม่ผ่านการตรวจสอบ`}</strong>
            {reason ? <span className="block">{t`เหตุผล: ${reason}`}</span> : null}
            {t`ลบรูปเดิมแล้วส่งรูปใหม่ได้`}
          </span>
        </p>
      )
    case null:
      return hasProofs ? null : (
        <p className="text-sm text-ink-muted">
          {t`ไม่เห็นด้วยกับผลนี้? ส่งรูปหลักฐานการสั่งซื้อได้สูงสุด 5 รูป เช่น ใบเสร็จ หน้าคำสั่งซื้อ หรือหลักฐานการได้รับสินค้า ทีมงานจะตรวจสอบและแจ้งผลที่หน้านี้`}
        </p>
      )
  }
}
