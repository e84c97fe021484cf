import { useLingui } from '@lingui/react/macro'
import type { Withdrawal } from '#domain/contracts/withdrawal'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { useBankLabels, useTargetLabels } from './withdrawal-messages'

/** What a withdrawal is, whether still a request under review or already sent. */
export type WithdrawalSummary = Pick<
  Withdrawal,
  'target' | 'destination' | 'amount' | 'fee' | 'netAmount' | 'points'
> & {
  expectedBy: Date | undefined
}

/**
 * The one list of a withdrawal's facts (method, masked account, amount, fee, what arrives and by
 * when): the review sheet shows it before sending and the receipt after, so the shopper compares
 * like with like.
 */
export function WithdrawalFacts({ summary, className = '' }: { summary: WithdrawalSummary; className?: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const targetLabels = useTargetLabels()
  const bankLabels = useBankLabels()
  const money = (amount: number) => formatThb(amount, locale, { alwaysShowSatang: true })
  const rows: [string, string][] = [[t`ช่องทาง`, targetLabels[summary.target]]]
  if (summary.destination.bank) rows.push([t`ธนาคาร`, bankLabels[summary.destination.bank]])
  if (summary.destination.maskedAccount) rows.push([t`บัญชี`, summary.destination.maskedAccount])
  if (summary.destination.accountName) rows.push([t`ชื่อบัญชี`, summary.destination.accountName])
  rows.push([t`จำนวนเงิน`, money(summary.amount)])
  if (summary.target === 'points') {
    rows.push([t`คะแนนที่ได้รับ`, (summary.points ?? 0).toLocaleString(locale === 'th' ? 'th-TH' : 'en-US')])
  } else {
    rows.push([t`ค่าธรรมเนียมระบบ`, money(summary.fee)], [t`ยอดที่จะได้รับ`, money(summary.netAmount)])
  }
  if (summary.expectedBy) rows.push([t`ได้รับภายใน`, formatDate(summary.expectedBy, locale)])

  return (
    <dl className={`space-y-2 text-sm ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-ink-muted">
            <ThaiText>{label}</ThaiText>
          </dt>
          <dd className="text-right font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
