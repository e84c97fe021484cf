import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CheckCheck, LoaderCircle } from 'lucide-react'
import { formatThb } from '#domain/money'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { isApiError } from '../../../lib/api-client'
import { useLocale } from '../../../lib/locale'
import { toAcceptQueryOptions } from '../api/get-transactions'
import { useAcceptAll } from '../api/transaction-actions'

/**
 * "Accept all" (issue 20): when two or more approved cashbacks wait for the shopper's tap, one
 * button takes them all into the wallet, naming the total and the count it moves before the tap
 * and what went in after it. Up to `acceptAtOnceLimit` (domain/contracts/cashback.ts) at a time; any left show again after.
 */
export function AcceptAll({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const waiting = useQuery(toAcceptQueryOptions(buyerId)).data?.data ?? []
  const mutation = useAcceptAll(buyerId)

  const accepted = mutation.data?.accepted
  const acceptedTotal = formatThb(
    (accepted ?? []).reduce((sum, transaction) => sum + transaction.cashbackAmount, 0),
    locale,
  )
  const acceptedCount = accepted?.length ?? 0
  const acceptedItems = plural(acceptedCount, { one: '# รายการ', other: '# รายการ' })
  const status =
    accepted === undefined ? null : (
      <p role="status" className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
        {accepted.length === 0
          ? t`รายการเหล่านี้ถูกรับเข้ากระเป๋าไปแล้ว`
          : t`รับเงินคืน ${acceptedTotal} (${acceptedItems}) เข้ากระเป๋าแล้ว`}
      </p>
    )
  if (waiting.length < 2) return status

  const count = waiting.length
  const total = formatThb(
    waiting.reduce((sum, transaction) => sum + transaction.cashbackAmount, 0),
    locale,
  )
  const error = mutation.error
  const errorMessage =
    error === null
      ? undefined
      : isApiError(error, 'network')
        ? t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลองอีกครั้งเมื่อออนไลน์`
        : t`ทำรายการไม่สำเร็จ กรุณาลองอีกครั้ง`
  return (
    <div className="space-y-2">
      {status}
      {errorMessage ? <FormAlert>{errorMessage}</FormAlert> : null}
      <Button
        className="w-full"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(waiting.map((transaction) => transaction._id))}
      >
        {mutation.isPending ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <CheckCheck aria-hidden="true" className="size-5" />
        )}
        {t`รับทั้งหมด ${total} (${count} รายการ)`}
      </Button>
    </div>
  )
}
