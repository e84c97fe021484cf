import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { FileImage, MessageCircle } from 'lucide-react'
import { maxPiecesPerItemPerDay } from '#domain/cashback/item-limit'
import {
  findRejectionNextStep,
  type RejectionNextStep,
  type RejectionReasonCode,
} from '#domain/cashback/rejection-reasons'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { ButtonLink } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useRejectionReasonLabels } from './cashback-labels'

/** Where the proof section of a transaction's page starts (src/features/proofs/components/proof-section.tsx). */
const proofSectionHash = 'proof-heading'

type Decided = {
  status: 'REJECTED' | 'CANCELLED'
  code: RejectionReasonCode
  /** A proof was sent already: the proof section tells where the appeal stands instead. */
  isAppealed: boolean
}

/** The reason a rejected or cancelled purchase earns nothing; `undefined` for any other (or a reply without a code). */
function decidedOf(
  transaction: Pick<CashbackTransaction, 'status' | 'rejectionReasonCode' | 'cancellationReasonCode' | 'appealStatus'>,
): Decided | undefined {
  const isAppealed = transaction.appealStatus !== null
  if (transaction.status === 'REJECTED' && transaction.rejectionReasonCode !== null)
    return { status: 'REJECTED', code: transaction.rejectionReasonCode, isAppealed }
  if (transaction.status === 'CANCELLED' && transaction.cancellationReasonCode !== null)
    return { status: 'CANCELLED', code: transaction.cancellationReasonCode, isAppealed }
  return undefined
}

/** Why a rejected or cancelled purchase earns nothing, in words, with its next step; `undefined` for any other. */
function useRejectionReason(
  transaction: Pick<CashbackTransaction, 'status' | 'rejectionReasonCode' | 'cancellationReasonCode' | 'appealStatus'>,
) {
  const labels = useRejectionReasonLabels()
  const decided = decidedOf(transaction)
  if (decided === undefined) return undefined
  return { ...decided, reason: labels[decided.code], step: findRejectionNextStep(decided.status, decided.code) }
}

/** Why the rule holds and how to earn next time, for the reasons a shopper can do nothing about. */
function useNothingToDoTexts(): Record<RejectionReasonCode, string | undefined> {
  const { t } = useLingui()
  return {
    item_returned: undefined,
    order_not_paid: undefined,
    duplicate_order: undefined,
    terms_breached: undefined,
    other: undefined,
    order_cancelled: t`คำสั่งซื้อที่ยกเลิกแล้วไม่ได้รับเงินคืน ถ้ายังต้องการสินค้านี้ สั่งซื้อใหม่ผ่านลิงก์ของแอปเงินคืน`,
    coupon_not_allowed: t`เป็นเงื่อนไขของร้านค้า ครั้งหน้าใช้เฉพาะคูปองหรือโค้ดที่ร้านค้าอนุญาตให้ใช้ร่วมกับเงินคืน`,
    product_not_eligible: t`เป็นเงื่อนไขของร้านค้า ก่อนซื้อครั้งหน้า ดูสินค้าที่ไม่ร่วมรายการได้ที่หน้าร้านค้า`,
    tracking_lost: t`ร้านค้านับเฉพาะลิงก์สุดท้ายที่คลิกก่อนซื้อ ครั้งหน้ากดลิงก์จากแอปแล้วซื้อให้เสร็จในหน้าต่างนั้น ไม่คลิกลิงก์หรือโค้ดจากเว็บอื่น และปิดตัวบล็อกโฆษณา`,
    daily_item_limit: t`เป็นเงื่อนไขของร้านค้า เงินคืนจ่ายได้ไม่เกิน ${maxPiecesPerItemPerDay} ชิ้นต่อสินค้าต่อวัน`,
  }
}

function useNextStepTexts() {
  const { t } = useLingui()
  return {
    sendProof: (step: Extract<RejectionNextStep, { kind: 'send_proof' }>) => {
      const { maxImages, reviewBusinessDays } = step
      return t`ไม่เห็นด้วย? ส่งรูปหลักฐานได้สูงสุด ${maxImages} รูป เช่น ใบเสร็จ หน้าคำสั่งซื้อ หรือหลักฐานการได้รับสินค้า ทีมงานจะตรวจสอบภายใน ${reviewBusinessDays} วันทำการ`
    },
    chat: (step: Extract<RejectionNextStep, { kind: 'chat_with_support' }>) => {
      const { answerBusinessDays } = step
      return t`ถ้าคิดว่าผลนี้ไม่ถูกต้อง แชทกับทีมงานพร้อมแนบรายการนี้ ทีมงานจะตอบภายใน ${answerBusinessDays} วันทำการ`
    },
    reviewTime: (step: Extract<RejectionNextStep, { kind: 'send_proof' }>) => {
      const { reviewBusinessDays } = step
      return t`ทีมงานตรวจสอบภายใน ${reviewBusinessDays} วันทำการ`
    },
    answerTime: (step: Extract<RejectionNextStep, { kind: 'chat_with_support' }>) => {
      const { answerBusinessDays } = step
      return t`ทีมงานตอบภายใน ${answerBusinessDays} วันทำการ`
    },
  }
}

/**
 * On a transaction's card: why it earns nothing, and the way to the next step (the proof section
 * of its page, or the chat) with how long it takes.
 */
export function RejectionReasonNote({
  transaction,
}: {
  transaction: Pick<
    CashbackTransaction,
    '_id' | 'status' | 'rejectionReasonCode' | 'cancellationReasonCode' | 'appealStatus'
  >
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const nextStepTexts = useNextStepTexts()
  const decided = useRejectionReason(transaction)
  if (decided === undefined) return null
  const { reason, step } = decided
  return (
    <div className="space-y-1 rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
      <p>
        <ThaiText>{t`เหตุผล: ${reason}`}</ThaiText>
      </p>
      {step.kind === 'send_proof' && !decided.isAppealed ? (
        <p className="text-ink-muted">
          <Link
            to="/{-$locale}/cashback/$id"
            params={{ locale: toLocaleParam(locale), id: transaction._id }}
            hash={proofSectionHash}
            className="font-semibold text-brand-700 underline"
          >
            <ThaiText>{t`ส่งหลักฐาน`}</ThaiText>
          </Link>{' '}
          <ThaiText>{nextStepTexts.reviewTime(step)}</ThaiText>
        </p>
      ) : null}
      {step.kind === 'chat_with_support' ? (
        <p className="text-ink-muted">
          <Link
            to="/{-$locale}/chat-support"
            params={{ locale: toLocaleParam(locale) }}
            className="font-semibold text-brand-700 underline"
          >
            <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
          </Link>{' '}
          <ThaiText>{nextStepTexts.answerTime(step)}</ThaiText>
        </p>
      ) : null}
    </div>
  )
}

/**
 * On a transaction's page, under the rejection or cancellation: why, and what the shopper can do
 * next with its time frame (a link down to the proof section, the chat, or why nothing changes it).
 */
export function RejectionReasonDetails({
  transaction,
}: {
  transaction: Pick<CashbackTransaction, 'status' | 'rejectionReasonCode' | 'cancellationReasonCode' | 'appealStatus'>
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const nothingToDo = useNothingToDoTexts()
  const nextStepTexts = useNextStepTexts()
  const decided = useRejectionReason(transaction)
  if (decided === undefined) return null
  const { reason, step } = decided
  const nothingText = nothingToDo[decided.code]
  return (
    <div className="mt-1 space-y-2 text-sm">
      <p>
        <ThaiText>{t`เหตุผล: ${reason}`}</ThaiText>
      </p>
      {step.kind === 'send_proof' && !decided.isAppealed ? (
        <>
          <p>
            <ThaiText>{nextStepTexts.sendProof(step)}</ThaiText>
          </p>
          <a
            href={`#${proofSectionHash}`}
            className="inline-flex min-h-touch items-center gap-2 font-semibold text-brand-700 underline"
          >
            <FileImage aria-hidden="true" className="size-4" />
            <ThaiText>{t`ส่งหลักฐาน`}</ThaiText>
          </a>
        </>
      ) : null}
      {step.kind === 'chat_with_support' ? (
        <>
          <p>
            <ThaiText>{nextStepTexts.chat(step)}</ThaiText>
          </p>
          <ButtonLink to="/{-$locale}/chat-support" params={{ locale: toLocaleParam(locale) }} variant="secondary">
            <MessageCircle aria-hidden="true" className="size-4" />
            <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
          </ButtonLink>
        </>
      ) : null}
      {step.kind === 'nothing' && nothingText !== undefined ? (
        <p>
          <ThaiText>{nothingText}</ThaiText>
        </p>
      ) : null}
    </div>
  )
}
