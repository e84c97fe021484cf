import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, ReceiptText, Wallet } from 'lucide-react'
import { cashbackTabs, type CashbackTab } from '#domain/contracts/cashback'
import { formatThb } from '#domain/money'
import { ButtonLink } from '../../../components/ui/button'
import { ChipRow, chipClassName } from '../../../components/ui/chip-row'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { LoadMore } from '../../../components/ui/load-more'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useBuyerState } from '../../account/use-buyer-state'
import { FindAShopLink } from '../../catalogue/components/find-a-shop-link'
import { transactionListQueryOptions } from '../api/get-transactions'
import { walletQueryOptions } from '../api/get-wallet'
import { useCashbackTabLabels } from './cashback-labels'
import { AcceptAll } from './accept-all'
import { TransactionCard } from './transaction-card'

/** /cashback: the shopper's purchases by status, with Accept and Archive where they apply. */
export function CashbackScreen({ buyerId, tab }: { buyerId: string; tab: CashbackTab }) {
  const { t } = useLingui()
  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="text-xl font-bold">
        <ThaiText>{t`เงินคืนของฉัน`}</ThaiText>
      </h1>
      <WalletStrip buyerId={buyerId} />
      <CashbackTabs selected={tab} />
      <TransactionList buyerId={buyerId} tab={tab} />
    </div>
  )
}

function WalletStrip({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: wallet } = useQuery(walletQueryOptions(buyerId))
  const awaitingAcceptance = formatThb(wallet?.awaitingAcceptance ?? 0, locale)
  return (
    <Link
      to="/{-$locale}/wallet"
      params={{ locale: toLocaleParam(locale) }}
      className="flex min-h-touch items-center gap-3 rounded-card bg-brand-700 p-4 text-white shadow-card"
    >
      <Wallet aria-hidden="true" className="size-6 shrink-0" />
      <span className="flex-1">
        <span className="block text-sm text-brand-100">{t`ยอดเงินในกระเป๋า`}</span>
        <span className="block text-xl font-bold">
          {wallet ? formatThb(wallet.balance, locale, { alwaysShowSatang: true }) : '…'}
        </span>
      </span>
      {wallet && wallet.awaitingAcceptance > 0 ? (
        <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs">{t`รอกดรับ ${awaitingAcceptance}`}</span>
      ) : null}
      <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
    </Link>
  )
}

function CashbackTabs({ selected }: { selected: CashbackTab }) {
  const { t } = useLingui()
  const locale = useLocale()
  const labels = useCashbackTabLabels()
  const { unacceptedCount } = useBuyerState()
  return (
    <ChipRow label={t`สถานะรายการ`} selectedKey={selected}>
      {cashbackTabs.map((tab) => {
        const isSelected = tab === selected
        return (
          <li key={tab}>
            <Link
              to="/{-$locale}/cashback"
              params={{ locale: toLocaleParam(locale) }}
              search={{ tab }}
              replace
              aria-current={isSelected ? 'page' : undefined}
              className={chipClassName(isSelected)}
            >
              {labels[tab]}
              {tab === 'approved' && unacceptedCount > 0 ? (
                <span
                  className={`min-w-5 rounded-full px-1.5 text-center text-xs font-bold ${isSelected ? 'bg-white text-brand-700' : 'bg-cashback-600 text-white'}`}
                >
                  {unacceptedCount}
                </span>
              ) : null}
            </Link>
          </li>
        )
      })}
    </ChipRow>
  )
}

function TransactionList({ buyerId, tab }: { buyerId: string; tab: CashbackTab }) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(transactionListQueryOptions(buyerId, tab))
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-44 rounded-card" />
        ))}
      </div>
    )
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />
  const transactions = query.data.pages.flatMap((page) => page.data)
  if (transactions.length === 0) {
    return (
      <EmptyState icon={ReceiptText} title={t`ไม่พบรายการ`}>
        <p>
          <ThaiText>{t`ช้อปผ่านลิงก์ของแอปเงินคืน แล้วรายการจะแสดงที่นี่`}</ThaiText>
        </p>
        <div className="mt-4 flex flex-col items-center gap-1">
          <FindAShopLink />
          <ButtonLink to="/{-$locale}/howto" params={{ locale: toLocaleParam(locale) }} variant="ghost">
            <ThaiText>{t`รับเงินคืนใน 3 ขั้นตอน`}</ThaiText>
          </ButtonLink>
        </div>
      </EmptyState>
    )
  }
  return (
    <section aria-label={t`รายการเงินคืน`} className="space-y-3">
      {tab === 'approved' ? <AcceptAll buyerId={buyerId} /> : null}
      {transactions.map((transaction) => (
        <TransactionCard key={transaction._id} buyerId={buyerId} transaction={transaction} />
      ))}
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </section>
  )
}
