import { useLingui } from '@lingui/react/macro'
import type { WithdrawalStatus, WithdrawalTarget } from '#domain/contracts/withdrawal'

export function useWithdrawalStatusLabel() {
  const { t } = useLingui()
  return (status: WithdrawalStatus): string => {
    switch (status) {
      case 'requested':
        return t`รอดำเนินการ`
      case 'processing':
        return t`กำลังโอน`
      case 'paid':
        return t`โอนแล้ว`
      case 'failed':
        return t`ไม่สำเร็จ`
    }
  }
}

export function useWithdrawalTargetLabel() {
  const { t } = useLingui()
  return (target: WithdrawalTarget): string => {
    switch (target) {
      case 'bank':
        return t`บัญชีธนาคาร`
      case 'promptpay':
        return t`พร้อมเพย์`
      case 'truemoney':
        return t`ทรูมันนี่`
      case 'points':
        return t`แลกพอยท์`
    }
  }
}
