import { PushCard } from '../../notifications/components/push-card'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowDownToLine, ChevronRight, Gift, Hourglass, ReceiptText, Star, Wallet } from 'lucide-react'
import { formatThb } from '#domain/money'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { walletQueryOptions } from '../api/get-wallet'
import { useRatingText } from '../use-rating-text'
import { CashbackChart } from './cashback-chart'

/** /wallet: the wallet summary of spec section 3, derived on the server from the ledger. */
export function WalletScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useQuery(walletQueryOptions(buyerId))
  const rating = useRatingText(buyerId)

  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-4 px-4 pt-4">
        <Skeleton className="h-36 rounded-card" />
        <Skeleton className="h-40 rounded-card" />
        <Skeleton className="h-48 rounded-card" />
      </div>
    )
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />
  const wallet = query.data
  const money = (amount: number) => formatThb(amount, locale, { alwaysShowSatang: true })
  const isNegative = wallet.balance < 0
  const awaitingAcceptance = money(wallet.awaitingAcceptance)

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="sr-only">
        <ThaiText>{t`กระเป๋าเงิน`}</ThaiText>
      </h1>
      <section aria-labelledby="wallet-balance" className="rounded-card bg-brand-700 p-5 text-white shadow-card">
        <p id="wallet-balance" className="flex items-center gap-2 text-sm text-brand-100">
          <Wallet aria-hidden="true" className="size-4" />
          {t`ยอดเงินในกระเป๋า`}
        </p>
        <p className={`mt-1 text-3xl font-bold ${isNegative ? 'text-cashback-100' : ''}`}>{money(wallet.balance)}</p>
        {isNegative ? (
          <p className="mt-2 text-sm text-cashback-100">
            <ThaiText>{t`ยอดติดลบจากเงินคืนที่ถูกปฏิเสธหลังรับเข้ากระเป๋าแล้ว ยอดจะหักจากเงินคืนรายการถัดไป`}</ThaiText>
          </p>
        ) : null}
        <Link
          to="/{-$locale}/rating"
          params={{ locale: toLocaleParam(locale) }}
          className="mt-3 inline-flex min-h-touch items-center gap-1.5 rounded-full bg-white/15 px-3 text-sm"
        >
          <Star aria-hidden="true" className="size-4" />
          <ThaiText>{rating === undefined ? t`เรตติ้ง` : t`เรตติ้ง ${rating}`}</ThaiText>
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
        <Link
          to="/{-$locale}/withdrawal"
          params={{ locale: toLocaleParam(locale) }}
          className="mt-3 ml-2 inline-flex min-h-touch items-center gap-1.5 rounded-full bg-white px-4 text-sm font-semibold text-brand-700"
        >
          <ArrowDownToLine aria-hidden="true" className="size-4" />
          {t`ถอนเงิน`}
        </Link>
      </section>

      {wallet.awaitingAcceptance > 0 ? (
        <Link
          to="/{-$locale}/cashback"
          params={{ locale: toLocaleParam(locale) }}
          search={{ tab: 'approved' }}
          className="flex min-h-touch items-center gap-3 rounded-card bg-cashback-50 p-4 text-cashback-700"
        >
          <ReceiptText aria-hidden="true" className="size-5 shrink-0" />
          <span className="flex-1 text-sm font-medium">
            <ThaiText>{t`เงินคืนอนุมัติแล้ว ${awaitingAcceptance} รอให้คุณกดรับ`}</ThaiText>
          </span>
          <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
        </Link>
      ) : null}

      <PushCard buyerId={buyerId} />

      <Link
        to="/{-$locale}/promotions"
        params={{ locale: toLocaleParam(locale) }}
        className="flex min-h-touch items-center gap-3 rounded-card bg-surface p-4 shadow-card"
      >
        <Gift aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        <span className="flex-1 text-sm font-medium">{t`โปรโมชันและชวนเพื่อน`}</span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
      </Link>

      <section aria-labelledby="wallet-summary" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="wallet-summary" className="mb-3 font-bold">
          <ThaiText>{t`สรุปกระเป๋าเงิน`}</ThaiText>
        </h2>
        <dl className="grid grid-cols-2 gap-3">
          <Figure label={t`เงินคืนสะสม`} value={money(wallet.cashback)} />
          <Figure label={t`รายการที่ได้รับ`} value={String(wallet.cashbackItems)} />
          <Figure label={t`ยอดซื้อที่อนุมัติ`} value={money(wallet.spent)} />
          <Figure label={t`โบนัส`} value={money(wallet.bonus)} />
          <Figure label={t`ถอนแล้ว`} value={money(wallet.withdrawn)} />
          <Figure
            label={t`กำลังมา`}
            value={money(wallet.upcoming)}
            icon={<Hourglass aria-hidden="true" className="size-3.5" />}
          />
        </dl>
        <p className="mt-3 text-xs text-ink-muted">
          <ThaiText>{t`“กำลังมา” คือเงินคืนของรายการที่กำลังติดตามหรือรอร้านค้ายืนยัน ยังไม่อยู่ในยอดเงิน`}</ThaiText>
        </p>
      </section>

      <CashbackChart monthly={wallet.monthly} />
    </div>
  )
}

function Figure({ label, value, icon }: { label: string; value: string; icon?: React.ReactNode }) {
  return (
    <div className="rounded-xl bg-canvas px-3 py-2">
      <dt className="flex items-center gap-1 text-xs text-ink-muted">
        {icon}
        <ThaiText>{label}</ThaiText>
      </dt>
      <dd className="font-bold">{value}</dd>
    </div>
  )
}
