import { useLingui } from '@lingui/react/macro'
import type { ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import { supportAnswerBusinessDays } from '#domain/cashback/rejection-reasons'
import type { ProofStatus } from '#domain/contracts/proof'
import { missingAttachmentCode } from '../../../lib/outbox'

/** Proof and appeal states (spec section 4: pending is 'evidence reviewing'). */
export function useProofStatusLabels(): Record<ProofStatus, string> {
  const { t } = useLingui()
  return {
    pending: t`กำลังตรวจสอบหลักฐาน`,
    approved: t`หลักฐานผ่านการตรวจสอบ`,
    rejected: t`หลักฐานไม่ผ่านการตรวจสอบ`,
  }
}

/** The same states, short enough for the pill on a picture's thumbnail. */
export function useProofThumbnailStatusLabels(): Record<ProofStatus, string> {
  const { t } = useLingui()
  return {
    pending: t({ message: 'รอตรวจ', context: 'proof picture state' }),
    approved: t({ message: 'ผ่าน', context: 'proof picture state' }),
    rejected: t({ message: 'ไม่ผ่าน', context: 'proof picture state' }),
  }
}

/** Why an operator refused the proof pictures, as the shopper reads it (domain/cashback/proof-rejection-reasons.ts). */
export function useProofRejectionReasonLabels(): Record<ProofRejectionReasonCode, string> {
  const { t } = useLingui()
  return {
    unreadable: t`รูปไม่ชัด ถูกตัด หรือมืดเกินไป`,
    order_details_missing: t`รูปไม่เห็นเลขคำสั่งซื้อ วันที่สั่ง ชื่อร้านค้า หรือยอดรวม`,
    not_this_purchase: t`คำสั่งซื้อในรูปไม่ใช่รายการนี้`,
    not_an_order: t`รูปนี้ไม่ใช่หน้ายืนยันคำสั่งซื้อหรือใบเสร็จ`,
    edited: t`รูปดูเหมือนถูกแก้ไข`,
    other: t`เหตุผลอื่น`,
  }
}

/**
 * What the shopper can do about a refused proof, by reason: which picture to send instead, or why
 * to chat (the step is domain/cashback/proof-rejection-reasons.ts's). `orderId` is the merchant's
 * order reference of this purchase, the one the picture must show.
 */
export function useProofRejectionNextStepTexts(orderId: string): Record<ProofRejectionReasonCode, string> {
  const { t } = useLingui()
  const answerBusinessDays = supportAnswerBusinessDays
  return {
    unreadable: t`ถ่ายรูปหรือแคปหน้าจอใหม่ให้ชัดและเห็นครบทั้งหน้า`,
    order_details_missing: t`ส่งรูปที่เห็นเลขคำสั่งซื้อ วันที่สั่ง ชื่อร้านค้า และยอดรวมครบ`,
    not_this_purchase: t`ส่งรูปของคำสั่งซื้อเลขที่ ${orderId} ซึ่งเป็นรายการนี้`,
    not_an_order: t`ส่งรูปหน้ายืนยันคำสั่งซื้อหรือใบเสร็จจากร้านค้า`,
    edited: t`ถ้ารูปนี้ไม่ได้ถูกแก้ไข แชทกับทีมงานพร้อมแนบรายการนี้ ทีมงานจะตอบภายใน ${answerBusinessDays} วันทำการ`,
    other: t`แชทกับทีมงานเพื่อทราบรายละเอียด พร้อมแนบรายการนี้ ทีมงานจะตอบภายใน ${answerBusinessDays} วันทำการ`,
  }
}

export const proofStatusToneClasses: Record<ProofStatus, string> = {
  pending: 'bg-cashback-50 text-cashback-700',
  approved: 'bg-brand-50 text-brand-700',
  rejected: 'bg-danger-50 text-danger-700',
}

/** Why a queued picture was refused, in the shopper's language; `code` is the server's error code. */
export function useProofRefusalMessage(): (code: string) => string {
  const { t } = useLingui()
  return (code) => {
    switch (code) {
      case 'proof_limit_reached':
        return t`อัปโหลดหลักฐานได้สูงสุด 5 รูป`
      case 'proof_not_allowed':
        return t`รายการนี้ส่งหลักฐานเพิ่มไม่ได้แล้ว`
      case 'proof_not_image':
        return t`ไฟล์นี้ไม่ใช่รูปภาพที่อ่านได้`
      case 'proof_too_large':
      case 'proof_too_many_pixels':
        return t`รูปนี้มีขนาดใหญ่เกินไป`
      case missingAttachmentCode:
        return t`รูปที่รอส่งไม่อยู่ในเครื่องนี้แล้ว กรุณายกเลิกแล้วเลือกรูปใหม่`
      case 'transaction_not_found':
        return t`ไม่พบรายการเงินคืนนี้`
      default:
        return t`ส่งหลักฐานไม่สำเร็จ กรุณาลองอีกครั้ง`
    }
  }
}
