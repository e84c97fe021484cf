import { useLingui } from '@lingui/react/macro'
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
