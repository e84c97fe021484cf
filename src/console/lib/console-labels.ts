import { useLingui } from '@lingui/react/macro'
import type { ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import type { RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import type { BuyerStatus } from '#domain/contracts/buyer'
import type { CashbackStatus } from '#domain/contracts/cashback'
import type { LedgerEntryKind } from '#domain/wallet/ledger'

export function useBuyerStatusLabel() {
  const { t } = useLingui()
  return (status: BuyerStatus): string => (status === 'active' ? t`ใช้งานได้` : t`ถูกระงับ`)
}

export function useLedgerKindLabel() {
  const { t } = useLingui()
  return (kind: LedgerEntryKind): string => {
    switch (kind) {
      case 'cashback_credit':
        return t`รับเงินคืน`
      case 'cashback_reversal':
        return t`หักเงินคืนที่ถูกปฏิเสธ`
      case 'cashback_reinstatement':
        return t`คืนเงินคืนหลังอุทธรณ์`
      case 'bonus':
        return t`โบนัส`
      case 'withdrawal':
        return t`ถอนเงิน`
      case 'withdrawal_fee':
        return t`ค่าธรรมเนียมถอนเงิน`
      case 'withdrawal_return':
        return t`คืนเงินที่ถอนไม่สำเร็จ`
      case 'points_exchange':
        return t`แลกคะแนน`
      case 'premium_membership':
        return t`สมาชิกพรีเมียม`
    }
  }
}

export function useCashbackStatusLabel() {
  const { t } = useLingui()
  return (status: CashbackStatus): string => {
    switch (status) {
      case 'TRACKING':
        return t`กำลังติดตาม`
      case 'PENDING':
        return t`รอยืนยัน`
      case 'APPROVED':
        return t`อนุมัติแล้ว`
      case 'REJECTED':
        return t`ถูกปฏิเสธ`
      case 'CANCELLED':
        return t`ยกเลิกแล้ว`
    }
  }
}

export function useProofStatusLabel() {
  const { t } = useLingui()
  return (status: string, isDeleted: boolean): string => {
    if (isDeleted) return t`ผู้ซื้อลบแล้ว`
    if (status === 'approved') return t`อนุมัติแล้ว`
    if (status === 'rejected') return t`ไม่ผ่านการตรวจ`
    return t`รอตรวจ`
  }
}

/** The reason a purchase earns nothing, as operators choose it (the shopper reads the app's own wording). */
export function useRejectionReasonLabel() {
  const { t } = useLingui()
  return (code: RejectionReasonCode): string => {
    switch (code) {
      case 'item_returned':
        return t`คืนสินค้าหรือคืนเงิน`
      case 'order_cancelled':
        return t`คำสั่งซื้อถูกยกเลิก`
      case 'order_not_paid':
        return t`ไม่ชำระเงิน / ปฏิเสธรับของเก็บเงินปลายทาง / จัดส่งไม่สำเร็จ`
      case 'coupon_not_allowed':
        return t`ใช้คูปองหรือโค้ดที่ร้านค้าไม่อนุญาต`
      case 'product_not_eligible':
        return t`สินค้าหรือหมวดหมู่ไม่ร่วมรายการ`
      case 'tracking_lost':
        return t`การติดตามหาย (ลิงก์อื่นหรือตัวบล็อกโฆษณาหลังลิงก์ของเรา)`
      case 'duplicate_order':
        return t`คำสั่งซื้อซ้ำ`
      case 'terms_breached':
        return t`ผิดเงื่อนไขร้านค้า / ทุจริต`
      case 'daily_item_limit':
        return t`เกิน 5 ชิ้นต่อสินค้าต่อวัน`
      case 'other':
        return t`อื่น ๆ (ร้านค้าไม่แจ้งเหตุผล)`
    }
  }
}

/**
 * Why proof pictures are refused, as operators choose it (the shopper reads the app's own wording
 * with what to send instead); the two that send the shopper to the chat say so.
 */
export function useProofRejectionReasonLabel() {
  const { t } = useLingui()
  return (code: ProofRejectionReasonCode): string => {
    switch (code) {
      case 'unreadable':
        return t`ภาพไม่ชัด ถูกตัด หรือมืดเกินไป`
      case 'order_details_missing':
        return t`ไม่เห็นเลขคำสั่งซื้อ วันที่ ร้านค้า หรือยอดรวม`
      case 'not_this_purchase':
        return t`คำสั่งซื้อในภาพไม่ใช่รายการนี้`
      case 'not_an_order':
        return t`ไม่ใช่หน้ายืนยันคำสั่งซื้อหรือใบเสร็จ`
      case 'edited':
        return t`ภาพดูเหมือนถูกแก้ไข (ชวนผู้ซื้อแชทกับทีมงาน)`
      case 'other':
        return t`อื่น ๆ (ชวนผู้ซื้อแชทกับทีมงาน)`
    }
  }
}
