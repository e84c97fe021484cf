import { useLingui } from '@lingui/react/macro'
import { TriangleAlert } from 'lucide-react'
import { useId } from 'react'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { formatThb } from '#domain/money'
import { useLocale } from '../../../lib/locale'
import type { WithdrawalEndWarning } from '../use-withdrawal-warning'
import { useLevelName } from './promotion-messages'

/**
 * The withdrawal and exchange forms' warning that this amount ends Special Cashback, with the
 * box the shopper ticks to go on anyway. The live region is always there, so the warning is
 * announced when a typed amount brings it.
 */
export function SpecialCashbackWithdrawalWarning({
  warning,
  rates,
  isAccepted,
  onAcceptedChange,
  error,
}: {
  warning: WithdrawalEndWarning
  rates: FixedRates
  isAccepted: boolean
  onAcceptedChange: (isAccepted: boolean) => void
  /** Shown when the shopper confirms without ticking the box. */
  error?: string
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const levelName = useLevelName(rates)
  const errorId = useId()
  if (!warning.isEnding) return <div aria-live="polite" />
  const level = levelName(warning.level)
  const minimum = formatThb(warning.minimumBalance, locale)
  const balanceAfter = formatThb(warning.balanceAfter ?? 0, locale, { alwaysShowSatang: true })
  return (
    <div aria-live="polite">
      <div className="space-y-2 rounded-xl bg-cashback-50 p-3 text-sm text-cashback-700">
        <p className="flex gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{t`รายการนี้จะทำให้ Special Cashback ${level} ของคุณสิ้นสุด`}</span>
        </p>
        <p>{t`ยอดเงินในกระเป๋าจะเหลือ ${balanceAfter} ต่ำกว่า ${minimum} ที่ระดับนี้ต้องมี สิทธิ์จะสิ้นสุดทันทีและเข้าร่วมใหม่ไม่ได้`}</p>
        <label className="flex min-h-touch cursor-pointer items-center gap-3 font-medium text-ink">
          <input
            type="checkbox"
            checked={isAccepted}
            onChange={(event) => onAcceptedChange(event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="size-5 shrink-0 accent-brand-600"
          />
          {t`ฉันเข้าใจว่า Special Cashback จะสิ้นสุด และต้องการทำรายการต่อ`}
        </label>
        {error ? (
          <p id={errorId} className="text-danger-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  )
}
