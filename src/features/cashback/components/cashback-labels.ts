import { useLingui } from '@lingui/react/macro'
import { maxPiecesPerItemPerDay } from '#domain/cashback/item-limit'
import type { RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import type { CashbackHistoryKind, CashbackStatus, CashbackTab } from '#domain/contracts/cashback'

/** The /cashback tab names, in the spec's order. */
export function useCashbackTabLabels(): Record<CashbackTab, string> {
  const { t } = useLingui()
  return {
    pending: t`รอดำเนินการ`,
    approved: t`อนุมัติแล้ว`,
    rejected: t`ถูกปฏิเสธ`,
    cancelled: t`ยกเลิก`,
    tracking: t`กำลังติดตาม`,
    archived: t`เก็บถาวร`,
  }
}

export function useCashbackStatusLabels(): Record<CashbackStatus, string> {
  const { t } = useLingui()
  return {
    TRACKING: t`กำลังติดตาม`,
    PENDING: t`รอดำเนินการ`,
    APPROVED: t`อนุมัติแล้ว`,
    REJECTED: t`ถูกปฏิเสธ`,
    CANCELLED: t`ยกเลิก`,
  }
}

/** What each step of a transaction's timeline means to the shopper. */
export function useHistoryLabels(): Record<CashbackHistoryKind, string> {
  const { t } = useLingui()
  return {
    TRACKING: t`บันทึกการซื้อจากลิงก์ของแอปเงินคืนแล้ว`,
    PENDING: t`ร้านค้าได้รับคำสั่งซื้อ รอการยืนยัน`,
    APPROVED: t`อนุมัติเงินคืนแล้ว`,
    REJECTED: t`เงินคืนถูกปฏิเสธ`,
    CANCELLED: t`คำสั่งซื้อถูกยกเลิก`,
    ACCEPTED: t`รับเงินคืนเข้ากระเป๋าเงินแล้ว`,
    ARCHIVED: t`เก็บรายการเข้าคลังแล้ว`,
  }
}

/** Why a rejected or cancelled purchase earns nothing, as the shopper reads it (domain/cashback/rejection-reasons.ts). */
export function useRejectionReasonLabels(): Record<RejectionReasonCode, string> {
  const { t } = useLingui()
  return {
    item_returned: t`มีการคืนสินค้าหรือขอคืนเงินกับร้านค้า`,
    order_cancelled: t`ร้านค้าหรือผู้ซื้อยกเลิกคำสั่งซื้อ`,
    order_not_paid: t`คำสั่งซื้อไม่ได้ชำระเงิน หรือจัดส่งไม่สำเร็จ`,
    coupon_not_allowed: t`ใช้คูปองหรือโค้ดส่วนลดที่ร้านค้าไม่ให้ใช้ร่วมกับเงินคืน`,
    product_not_eligible: t`สินค้าหรือหมวดหมู่นี้ไม่ร่วมรายการเงินคืนของร้านค้า`,
    tracking_lost: t`ร้านค้านับการซื้อนี้ให้ลิงก์อื่นที่คลิกหลังลิงก์ของเรา`,
    duplicate_order: t`คำสั่งซื้อนี้ถูกแจ้งเข้ามาซ้ำ`,
    terms_breached: t`คำสั่งซื้อไม่เป็นไปตามเงื่อนไขของร้านค้า`,
    daily_item_limit: t`ซื้อสินค้าชิ้นเดียวกันเกิน ${maxPiecesPerItemPerDay} ชิ้นในวันเดียว`,
    other: t`ร้านค้าไม่ได้แจ้งเหตุผล`,
  }
}

export const statusToneClasses: Record<CashbackStatus, string> = {
  TRACKING: 'bg-canvas text-ink-muted',
  PENDING: 'bg-cashback-50 text-cashback-700',
  APPROVED: 'bg-brand-50 text-brand-700',
  REJECTED: 'bg-danger-50 text-danger-700',
  CANCELLED: 'bg-canvas text-ink-muted',
}
