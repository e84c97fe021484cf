import { useLingui } from '@lingui/react/macro'
import { ShieldCheck, ShieldAlert } from 'lucide-react'
import { useId } from 'react'
import type { PayoutAccount } from '#domain/contracts/payout-account'
import { formatDateTime } from '#domain/dates'
import { isPayoutAccountUsable } from '#domain/wallet/payout-account-rules'
import { Button } from '../../../components/ui/button'
import { useLocale } from '../../../lib/locale'
import { useBankLabels } from './withdrawal-messages'

/**
 * The account a returning shopper's money goes to, masked as every later screen shows it, so they
 * need not type it again; and, for one changed less than 72 hours ago, from when it can be used
 * (docs/decisions/024).
 */
export function SavedPayoutAccount({ account, onChange }: { account: PayoutAccount; onChange: () => void }) {
  const { t } = useLingui()
  const locale = useLocale()
  const bankLabels = useBankLabels()
  const headingId = useId()
  const usableFrom = new Date(account.usableFrom)
  const isWaiting = !isPayoutAccountUsable(usableFrom, new Date())
  const usableFromText = formatDateTime(usableFrom, locale)
  const { bank, maskedAccount, accountName } = account.destination
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-xl border border-line bg-surface p-3">
      <h2 id={headingId} className="text-sm font-medium">
        {t`บัญชีรับเงินที่บันทึกไว้`}
      </h2>
      <p className="flex items-start gap-2">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <span>
          <span className="block font-semibold">
            {bank === null ? maskedAccount : `${bankLabels[bank]} · ${maskedAccount ?? ''}`}
          </span>
          <span className="block text-sm text-ink-muted">{accountName}</span>
        </span>
      </p>
      {isWaiting ? (
        <p className="flex gap-2 rounded-lg bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t`ใช้ถอนได้ตั้งแต่ ${usableFromText} บัญชีที่เพิ่งเปลี่ยนต้องรอ 72 ชั่วโมงเพื่อความปลอดภัย`}
        </p>
      ) : null}
      <Button variant="secondary" className="w-full" onClick={onChange}>
        {t`เปลี่ยนบัญชี`}
      </Button>
    </section>
  )
}
