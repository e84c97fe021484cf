import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowDownToLine, ChevronRight, Wallet } from 'lucide-react'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale, toLocaleParam } from '../../../lib/locale'
import { useBuyerState } from '../../account/use-buyer-state'
import { walletQueryOptions } from '../../cashback/api/get-wallet'
import { recentTransactionsQueryOptions, toAcceptQueryOptions } from '../../cashback/api/get-transactions'
import { AcceptAll } from '../../cashback/components/accept-all'
import { CashbackAmount } from '../../cashback/components/cashback-amount'
import { TransactionCard } from '../../cashback/components/transaction-card'
import { HowItWorks, useGreetingText } from './home-screen'

/** Approved cashback shown on home with its Accept button; the rest are one tap away. */
const toAcceptShown = 2

/**
 * A member's home (issue 20): their money first (the balance, what is on its way, what waits for
 * their tap), the cashback to accept with its button, and the latest purchases; the 3-step
 * explainer until there is a first purchase. Part of the member shell, so a visitor's first load
 * carries none of it.
 */
export function MemberHome({ buyerId }: { buyerId: string }) {
  const recent = useQuery(recentTransactionsQueryOptions(buyerId)).data
  return (
    <>
      <MemberWalletCard buyerId={buyerId} />
      <ToAccept buyerId={buyerId} />
      {recent === undefined || recent.data.length === 0 ? null : <RecentActivity transactions={recent.data} />}
      {recent?.total === 0 ? <HowItWorks /> : null}
    </>
  )
}

function MemberWalletCard({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const greeting = useGreetingText()
  const buyerState = useBuyerState()
  const wallet = useQuery(walletQueryOptions(buyerId)).data
  const firstName = buyerState.buyer?.firstName
  const money = (amount: number) => formatThb(amount, locale, { alwaysShowSatang: true })
  // Offline or failing, the balance start-up loaded (or 0), never an error on the home screen.
  const balance = wallet?.balance ?? buyerState.balance
  const pillLink = 'inline-flex min-h-touch items-center gap-1.5 rounded-full px-4 text-sm font-semibold'

  return (
    <section
      aria-labelledby="member-greeting"
      className="rounded-card bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white shadow-card"
    >
      <h1 id="member-greeting" className="text-sm text-brand-100">
        {firstName ? t`${greeting} คุณ${firstName}` : greeting}
      </h1>
      <p className="mt-2 text-sm text-brand-100">{t`ยอดเงินในกระเป๋า`}</p>
      <p className="text-3xl font-bold">{money(balance)}</p>
      {wallet === undefined ? null : (
        <dl className="mt-3 grid grid-cols-2 gap-2">
          <div className="rounded-xl bg-white/10 px-3 py-2">
            <dt className="text-xs text-brand-100">{t`กำลังมา`}</dt>
            <dd className="font-semibold">{money(wallet.upcoming)}</dd>
          </div>
          <div className="rounded-xl bg-white/10 px-3 py-2">
            <dt className="text-xs text-brand-100">{t`รอกดรับ`}</dt>
            <dd className="font-semibold">{money(wallet.awaitingAcceptance)}</dd>
          </div>
        </dl>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to="/{-$locale}/withdrawal"
          params={{ locale: toLocaleParam(locale) }}
          className={`${pillLink} bg-white text-brand-700`}
        >
          <ArrowDownToLine aria-hidden="true" className="size-4" />
          {t`ถอนเงิน`}
        </Link>
        <Link to="/{-$locale}/wallet" params={{ locale: toLocaleParam(locale) }} className={`${pillLink} bg-white/15`}>
          <Wallet aria-hidden="true" className="size-4" />
          <ThaiText>{t`กระเป๋าเงิน`}</ThaiText>
        </Link>
      </div>
    </section>
  )
}

/** Approved cashback that waits for the shopper's tap, with the tap itself. */
function ToAccept({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const toAccept = useQuery(toAcceptQueryOptions(buyerId)).data
  if (toAccept === undefined || toAccept.data.length === 0) return null
  const waiting = toAccept.data.slice(0, toAcceptShown)
  const total = toAccept.total
  return (
    <section aria-labelledby="to-accept" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="to-accept" className="text-lg font-bold">
          {t`รอให้คุณกดรับ`}
        </h2>
        {total > toAcceptShown ? (
          <Link
            to="/{-$locale}/cashback"
            params={{ locale: toLocaleParam(locale) }}
            search={{ tab: 'approved' }}
            className="inline-flex min-h-touch items-center gap-1 text-sm font-semibold text-brand-700"
          >
            {t`ดูทั้งหมด ${total} รายการ`}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </div>
      <AcceptAll buyerId={buyerId} />
      {waiting.map((transaction) => (
        <TransactionCard key={transaction._id} buyerId={buyerId} transaction={transaction} />
      ))}
    </section>
  )
}

function RecentActivity({ transactions }: { transactions: Parameters<typeof TransactionCard>[0]['transaction'][] }) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <section aria-labelledby="recent-activity" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-activity" className="font-bold">
          {t`ความเคลื่อนไหวล่าสุด`}
        </h2>
        <Link
          to="/{-$locale}/cashback"
          params={{ locale: toLocaleParam(locale) }}
          className="inline-flex min-h-touch items-center gap-1 text-sm font-semibold text-brand-700"
        >
          {t`ดูทั้งหมด`}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ul className="divide-y divide-line">
        {transactions.map((transaction) => (
          <li key={transaction._id}>
            <Link
              to="/{-$locale}/cashback/$id"
              params={{ locale: toLocaleParam(locale), id: transaction._id }}
              className="flex min-h-touch items-center gap-3 py-2"
            >
              <img
                src={transaction.merchant.logoUrl}
                alt=""
                width={36}
                height={36}
                loading="lazy"
                className="size-9 shrink-0 rounded-lg border border-line bg-surface"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">
                  {locale === 'th' ? transaction.merchant.nameTh : transaction.merchant.nameEn}
                </span>
                <span className="block text-xs text-ink-muted">
                  {formatDate(new Date(transaction.orderDate), locale, 'short')}
                </span>
              </span>
              <CashbackAmount transaction={transaction} size="row" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
