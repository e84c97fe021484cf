import { useLingui } from '@lingui/react/macro'
import { Archive, Check, LoaderCircle } from 'lucide-react'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { isApiError } from '../../../lib/api-client'
import { useTransactionAction } from '../api/transaction-actions'
import { availableAction } from '../transaction-rules'

export function TransactionActions({ buyerId, transaction }: { buyerId: string; transaction: CashbackTransaction }) {
  const { t } = useLingui()
  const mutation = useTransactionAction(buyerId)
  const action = availableAction(transaction)
  if (action === undefined) return null

  const error = mutation.error
  let errorMessage: string | undefined
  if (error !== null) {
    errorMessage = isApiError(error, 'network')
      ? t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลองอีกครั้งเมื่อออนไลน์`
      : isApiError(error, 'not_approved') || isApiError(error, 'not_accepted')
        ? t`สถานะของรายการนี้เปลี่ยนไปแล้ว กรุณาดูรายการล่าสุด`
        : t`ทำรายการไม่สำเร็จ กรุณาลองอีกครั้ง`
  }

  return (
    <div className="space-y-2">
      {errorMessage ? <FormAlert>{errorMessage}</FormAlert> : null}
      <Button
        variant={action === 'accept' ? 'primary' : 'secondary'}
        className="w-full"
        disabled={mutation.isPending}
        aria-describedby={`transaction-${transaction._id}`}
        onClick={() => mutation.mutate({ transactionId: transaction._id, action })}
      >
        {mutation.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : action === 'accept' ? (
          <Check aria-hidden="true" className="size-5" />
        ) : (
          <Archive aria-hidden="true" className="size-5" />
        )}
        {action === 'accept'
          ? t({ message: 'รับเงินคืน', context: 'accept approved cashback into the wallet' })
          : t`เก็บเข้าคลัง`}
      </Button>
    </div>
  )
}
