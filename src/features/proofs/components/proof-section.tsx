import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { CircleCheck, FileImage, Hourglass, TriangleAlert, Zap, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { CashbackTransactionDetail } from '#domain/contracts/cashback'
import { countedProofs, remainingProofPlaces } from '#domain/cashback/proof-counting'
import { findProofRejectionNextStep, type ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import { appealReviewBusinessDays } from '#domain/cashback/rejection-reasons'
import { maxProofImages, type Appeal } from '#domain/contracts/proof'
import { formatDate } from '#domain/dates'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useOutboxItems } from '../../../lib/outbox'
import { isQueuedProofs } from '../api/proof-outbox'
import { ProofGallery } from './proof-gallery'
import { useProofRejectionNextStepTexts, useProofRejectionReasonLabels } from './proof-labels'
import { ProofPicker } from './proof-picker'
import { QueuedProofs } from './queued-proofs'

/**
 * Why proofs are asked for: the appeal of a rejection (spec section 4), or the proof of purchase
 * that makes a larger pending cashback 1-day cashback (spec section 9, `one_day_with_proof`).
 */
type ProofPurpose = 'appeal' | 'one_day'

function proofPurposeOf(transaction: CashbackTransactionDetail): ProofPurpose {
  const isAppealed = transaction.history.some((step) => step.isAppealApproval)
  return transaction.status !== 'REJECTED' && !isAppealed && transaction.releasePath === 'one_day_with_proof'
    ? 'one_day'
    : 'appeal'
}

/**
 * Proofs of a transaction: what was sent and where it stands, what waits on this phone, and the
 * picker for new pictures, up to 5 in all.
 */
export function ProofSection({
  buyerId,
  transaction,
  takesSharedPictures = false,
}: {
  buyerId: string
  transaction: CashbackTransactionDetail
  /** Start the picker with the pictures shared into the app (`/share-target` chose this purchase). */
  takesSharedPictures?: boolean
}) {
  const { t } = useLingui()
  const queued = useOutboxItems()
    .filter(isQueuedProofs)
    .filter((item) => item.buyerId === buyerId && item.payload.transactionId === transaction._id)
  // The server says whether it takes proofs now; what was sent or waits stays visible.
  if (!transaction.appeal.canUpload && transaction.proofs.length === 0 && queued.length === 0) return null

  // Pictures the server already acknowledged are among `proofs`; count only the rest.
  const waiting = queued.reduce((sum, item) => sum + item.payload.images.length - (item.progress?.done ?? 0), 0)
  const remaining = Math.max(0, remainingProofPlaces(transaction, transaction.proofs) - waiting)
  const hasCountedProofs = countedProofs(transaction, transaction.proofs).length > 0

  return (
    <section aria-labelledby="proof-heading" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
      <h2 id="proof-heading" className="flex items-center gap-2 font-bold">
        <FileImage aria-hidden="true" className="size-5 text-brand-700" />
        <ThaiText>{t`หลักฐานการสั่งซื้อ`}</ThaiText>
      </h2>
      <AppealStatus
        appeal={transaction.appeal}
        purpose={proofPurposeOf(transaction)}
        expectedAt={transaction.status === 'PENDING' ? transaction.expectedAt : null}
        orderId={transaction.orderId}
        hasProofs={hasCountedProofs || queued.length > 0}
      />
      <ProofGallery buyerId={buyerId} transactionId={transaction._id} proofs={transaction.proofs} />
      {queued.length > 0 ? <QueuedProofs items={queued} /> : null}
      {transaction.appeal.canUpload ? (
        <ProofPicker
          key={transaction._id}
          buyerId={buyerId}
          transactionId={transaction._id}
          remaining={remaining}
          sent={maxProofImages - remaining}
          takesSharedPictures={takesSharedPictures}
        />
      ) : null}
    </section>
  )
}

function AppealStatus({
  appeal,
  purpose,
  expectedAt,
  orderId,
  hasProofs,
}: {
  appeal: Appeal
  purpose: ProofPurpose
  /** When a pending purchase is expected to be approved. */
  expectedAt: string | null
  /** The merchant's order reference, which a proof must show. */
  orderId: string
  hasProofs: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const expectedDate = expectedAt === null ? undefined : formatDate(new Date(expectedAt), locale)
  switch (appeal.status) {
    case 'pending':
      return (
        <AppealNote tone="bg-cashback-50 text-cashback-700" icon={Hourglass} title={t`กำลังตรวจสอบหลักฐาน`}>
          <ThaiText>{t`ทีมงานกำลังตรวจสอบหลักฐานของคุณ และจะแจ้งผลที่หน้านี้ภายใน ${appealReviewBusinessDays} วันทำการ`}</ThaiText>
        </AppealNote>
      )
    case 'approved':
      return (
        <AppealNote tone="bg-brand-50 text-brand-700" icon={CircleCheck} title={t`หลักฐานผ่านการตรวจสอบ`}>
          <ThaiText>
            {purpose === 'appeal'
              ? t`อุทธรณ์สำเร็จ รายการนี้ได้รับการอนุมัติแล้ว`
              : expectedDate === undefined
                ? t`หลักฐานของคุณทำให้รายการนี้ได้รับเงินคืนภายใน 1 วัน`
                : t`ได้รับเงินคืนภายใน 1 วัน: คาดว่าจะอนุมัติ ${expectedDate}`}
          </ThaiText>
        </AppealNote>
      )
    case 'rejected':
      return (
        <AppealNote tone="bg-danger-50 text-danger-700" icon={TriangleAlert} title={t`หลักฐานไม่ผ่านการตรวจสอบ`}>
          <RefusedProofReason code={appeal.rejectionReasonCode} orderId={orderId} />
        </AppealNote>
      )
    case null:
      if (hasProofs) return null
      return purpose === 'appeal' ? (
        <p className="text-sm text-ink-muted">
          <ThaiText>{t`ส่งรูปหลักฐานการสั่งซื้อได้สูงสุด ${maxProofImages} รูป ทีมงานจะตรวจสอบและแจ้งผลที่หน้านี้ภายใน ${appealReviewBusinessDays} วันทำการ`}</ThaiText>
        </p>
      ) : (
        <AppealNote
          tone="bg-brand-50 text-brand-700"
          icon={Zap}
          title={t`รับเงินคืนภายใน 1 วันด้วยหลักฐานการสั่งซื้อ`}
          isStatus={false}
        >
          <ThaiText>{t`เรตติ้งของคุณถึงเกณฑ์ ส่งรูปใบเสร็จหรือหน้าคำสั่งซื้อได้สูงสุด 5 รูป เมื่อทีมงานอนุมัติ เงินคืนจะได้รับการอนุมัติภายใน 1 วันหลังร้านค้ารับคำสั่งซื้อ หากไม่ส่ง เงินคืนจะรอร้านค้ายืนยันตามปกติ`}</ThaiText>
        </AppealNote>
      )
  }
}

/**
 * Why the last proofs were refused, in the shopper's language (never the operator's own words),
 * and what to do next: which picture to send instead, or the chat. A saved page from a server
 * before reason codes has no code: it only says new pictures can be sent.
 */
function RefusedProofReason({ code, orderId }: { code: ProofRejectionReasonCode | null; orderId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const labels = useProofRejectionReasonLabels()
  const nextStepTexts = useProofRejectionNextStepTexts(orderId)
  const resend = t`ลบรูปเดิมแล้วส่งรูปใหม่ได้ ทีมงานจะตรวจสอบภายใน ${appealReviewBusinessDays} วันทำการ`
  if (code === null) return <ThaiText>{resend}</ThaiText>
  const reason = labels[code]
  return (
    <>
      <span className="block">
        <ThaiText>{t`เหตุผล: ${reason}`}</ThaiText>
      </span>
      <span className="block">
        <ThaiText>{nextStepTexts[code]}</ThaiText>
      </span>
      {findProofRejectionNextStep(code) === 'send_new_picture' ? (
        <ThaiText>{resend}</ThaiText>
      ) : (
        <Link
          to="/{-$locale}/chat-support"
          params={{ locale: toLocaleParam(locale) }}
          className="inline-flex min-h-touch items-center font-semibold underline"
        >
          <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
        </Link>
      )}
    </>
  )
}

/** A coloured note with an icon and a bold title; a `status` (announced when it changes) unless it only invites. */
function AppealNote({
  tone,
  icon: Icon,
  title,
  isStatus = true,
  children,
}: {
  tone: string
  icon: LucideIcon
  title: string
  isStatus?: boolean
  children: ReactNode
}) {
  return (
    <p role={isStatus ? 'status' : undefined} className={`flex gap-2 rounded-xl p-3 text-sm ${tone}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong className="block">
          <ThaiText>{title}</ThaiText>
        </strong>
        {children}
      </span>
    </p>
  )
}
