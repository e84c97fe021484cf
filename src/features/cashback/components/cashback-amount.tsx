import { useLingui } from '@lingui/react/macro'
import type { CashbackMoneyState } from '#domain/cashback/money-state'
import { cashbackMoneyState } from '#domain/cashback/money-state'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { moneyStateTones } from '../../../components/ui/money-state'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'

function useMoneyStateLabels(): Record<CashbackMoneyState, string> {
  const { t } = useLingui()
  return {
    // Pending cashback is the network's estimate until the merchant confirms the order.
    coming: t`เงินคืนโดยประมาณ`,
    to_accept: t`เงินคืนรอกดรับ`,
    credited: t`เงินคืนเข้ากระเป๋าแล้ว`,
    under_review: t`เงินคืน รอตรวจหลักฐาน`,
    not_paid: t`ไม่ได้รับเงินคืน`,
  }
}

/**
 * When the money comes or came: "by {date}" while it is on its way and not late (a late one says
 * so in the expected-step line), "{date}" of the tap that put it in the wallet.
 */
function useMoneyDateText(
  state: CashbackMoneyState,
  transaction: Pick<CashbackTransaction, 'expectedAt' | 'acceptedAt'>,
  now: Date,
): string | undefined {
  const { t } = useLingui()
  const locale = useLocale()
  if (state === 'coming' && transaction.expectedAt !== null) {
    const expectedAt = new Date(transaction.expectedAt)
    if (expectedAt.getTime() < now.getTime()) return undefined
    const date = formatDate(expectedAt, locale, 'short')
    return t`ภายใน ${date}`
  }
  if (state === 'credited' && transaction.acceptedAt !== null) {
    const date = formatDate(new Date(transaction.acceptedAt), locale, 'short')
    return t`เมื่อ ${date}`
  }
  return undefined
}

/** A purchase's cashback, worded and coloured by what it is to the shopper's money (domain/cashback/money-state.ts). */
export function CashbackAmount({
  transaction,
  size,
  now = new Date(),
}: {
  transaction: Pick<
    CashbackTransaction,
    'status' | 'accepted' | 'appealStatus' | 'cashbackAmount' | 'expectedAt' | 'acceptedAt'
  >
  /** `tile`: a list card's figure; `hero`: the detail screen's headline; `row`: the end of a one-line row. */
  size: 'tile' | 'hero' | 'row'
  now?: Date
}) {
  const locale = useLocale()
  const state = cashbackMoneyState(transaction)
  const label = useMoneyStateLabels()[state]
  const dateText = useMoneyDateText(state, transaction, now)
  const tone = moneyStateTones[state]
  const amount = formatThb(transaction.cashbackAmount, locale)
  if (size === 'row') {
    return (
      <span className="shrink-0 text-right">
        <span className="block text-xs text-ink-muted">
          <ThaiText>{label}</ThaiText>
        </span>
        <span className={`block font-semibold ${tone.amount}`}>{amount}</span>
        {dateText ? <span className="block text-xs text-ink-muted">{dateText}</span> : null}
      </span>
    )
  }
  if (size === 'tile') {
    return (
      <div className={`rounded-xl px-3 py-2 ${tone.box}`}>
        <dt className="text-xs text-ink-muted">
          <ThaiText>{label}</ThaiText>
        </dt>
        <dd className={`font-bold ${tone.amount}`}>{amount}</dd>
        {dateText ? <dd className="text-xs text-ink-muted">{dateText}</dd> : null}
      </div>
    )
  }
  return (
    <div className={`mt-4 rounded-xl px-3 py-2 ${tone.box}`}>
      <p className="text-sm text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </p>
      <p className={`text-3xl font-bold ${tone.amount}`}>{amount}</p>
      {dateText ? <p className="text-sm text-ink-muted">{dateText}</p> : null}
    </div>
  )
}
