import { useLingui } from '@lingui/react/macro'
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

export const statusToneClasses: Record<CashbackStatus, string> = {
  TRACKING: 'bg-canvas text-ink-muted',
  PENDING: 'bg-cashback-50 text-cashback-700',
  APPROVED: 'bg-brand-50 text-brand-700',
  REJECTED: 'bg-danger-50 text-danger-700',
  CANCELLED: 'bg-canvas text-ink-muted',
}
