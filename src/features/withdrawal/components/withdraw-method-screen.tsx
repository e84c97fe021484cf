import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ThaiText } from '../../../components/ui/thai-text'
import { useOutboxItems } from '../../../lib/outbox'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { isQueuedWithdrawal } from '../api/withdrawal-outbox'
import { usePayoutPromise } from './payout-promise'
import { WithdrawForm, type PayoutMethod } from './withdraw-form'

/**
 * /withdraw-bank-promptpay (a bank account or PromptPay, chosen at the top) and
 * /withdraw-truemoney. `editKey` opens a refused queued request for correction.
 */
export function WithdrawMethodScreen({
  buyerId,
  method,
  editKey,
}: {
  buyerId: string
  method: PayoutMethod
  editKey: string | undefined
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const editing = useOutboxItems()
    .filter(isQueuedWithdrawal)
    .find((item) => item.id === editKey && item.state === 'refused')
  // Each method's arrival, from the promise the review sheet's date uses.
  const arrivalDays = {
    bank: usePayoutPromise(buyerId, 'bank').businessDays,
    promptpay: usePayoutPromise(buyerId, 'promptpay').businessDays,
  }
  const title = method === 'truemoney' ? t`ถอนเข้าทรูมันนี่ วอลเล็ท` : t`ถอนเข้าบัญชีธนาคารหรือพร้อมเพย์`

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="text-xl font-bold">
        <ThaiText>{title}</ThaiText>
      </h1>
      {method !== 'truemoney' && editing === undefined ? (
        <nav aria-label={t`วิธีรับเงิน`} className="grid grid-cols-2 gap-1 rounded-2xl bg-canvas p-1">
          {(['bank', 'promptpay'] as const).map((choice) => {
            const days = arrivalDays[choice]
            return (
              <Link
                key={choice}
                to="/{-$locale}/withdraw-bank-promptpay"
                params={{ locale: toLocaleParam(locale) }}
                search={{ method: choice }}
                replace
                aria-current={choice === method ? 'page' : undefined}
                className={`flex min-h-touch flex-col items-center justify-center rounded-xl px-2 py-1.5 text-center text-sm font-semibold ${
                  choice === method ? 'bg-surface text-brand-700 shadow-card' : 'text-ink-muted'
                }`}
              >
                <ThaiText>{choice === 'bank' ? t`บัญชีธนาคาร` : t`พร้อมเพย์`}</ThaiText>
                <span className="text-xs font-normal">
                  <ThaiText>{t`โอนถึงภายใน ${days} วันทำการ`}</ThaiText>
                </span>
              </Link>
            )
          })}
        </nav>
      ) : null}
      <WithdrawForm
        key={`${method}-${editing?.id ?? 'new'}`}
        buyerId={buyerId}
        method={editing ? (editing.payload.target === 'points' ? method : editing.payload.target) : method}
        editing={editing ? { key: editing.id, request: editing.payload } : undefined}
      />
    </div>
  )
}
