import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CalendarClock, Zap } from 'lucide-react'
import { formatDate } from '#domain/dates'
import {
  findPromisedBusinessDays,
  findPromisedPayoutDate,
  oneDayMemberPayoutBusinessDays,
} from '#domain/wallet/withdrawal-rules'
import { ThaiText } from '../../../components/ui/thai-text'
import { ratingQueryOptions } from '../../cashback/api/get-wallet'
import { bankHolidayDatesQueryOptions } from '../api/get-bank-holidays'
import { useLocale } from '../../../lib/locale'
import type { PayoutMethod } from './withdraw-form'

/**
 * When the money should arrive, shown before the shopper confirms (product notes, complaint 6):
 * 1-day cashback members are promised it sooner (spec section 6, domain/wallet/withdrawal-rules.ts).
 * Until the rating is known, and offline without it, the standard promise is shown: the form does
 * not promise a member's speed the server may not grant. The date leaves out weekends and the
 * operators' bank holidays (`GET /api/bank-holidays`), as the date the server stores does
 * (docs/decisions/015). Offline with no copy of the holidays, or until they arrive, the date is
 * counted without them rather than hidden: a day early for each holiday in the range.
 */
export function PayoutPromise({ buyerId, method }: { buyerId: string; method: PayoutMethod }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { businessDays, promisedDate, standardDays, isFaster } = usePayoutPromise(buyerId, method)
  const date = promisedDate === undefined ? '' : formatDate(promisedDate, locale)

  return (
    <div aria-live="polite" data-testid="payout-promise" className="space-y-1 rounded-xl bg-canvas px-3 py-2 text-sm">
      <p className="flex gap-2">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <ThaiText>{t`ได้รับเงินภายใน ${businessDays} วันทำการ (ภายใน ${date})`}</ThaiText>
      </p>
      {isFaster ? (
        <p className="flex gap-2 font-medium text-brand-700">
          <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <ThaiText>{t`สมาชิกเงินคืนใน 1 วันได้รับเงินเร็วขึ้น: ภายใน ${oneDayMemberPayoutBusinessDays} วันทำการ แทน ${standardDays} วันทำการ`}</ThaiText>
        </p>
      ) : null}
    </div>
  )
}

const noHolidays: ReadonlySet<string> = new Set()

/** What PayoutPromise says, for the review sheet's arrival date too. */
export function usePayoutPromise(buyerId: string, method: PayoutMethod) {
  const isOneDayMember = useQuery(ratingQueryOptions(buyerId)).data?.isEligibleForOneDayCashback === true
  const holidays = useQuery(bankHolidayDatesQueryOptions).data ?? noHolidays
  const businessDays = findPromisedBusinessDays(method, isOneDayMember)
  const standardDays = findPromisedBusinessDays(method, false)
  return {
    businessDays,
    standardDays,
    promisedDate: findPromisedPayoutDate(new Date(), method, isOneDayMember, holidays),
    isFaster: isOneDayMember && businessDays < standardDays,
  }
}
