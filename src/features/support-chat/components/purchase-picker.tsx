import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ReceiptText, ShieldBan, X } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { cashbackTabs, type CashbackTab } from '#domain/contracts/cashback-basics'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import type { SupportAttachedTransaction } from '#domain/support/chat'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { LoadMore } from '../../../components/ui/load-more'
import { Skeleton } from '../../../components/ui/skeleton'
import { isApiError } from '../../../lib/api-client'
import { useLocale } from '../../../lib/locale'
import { transactionListQueryOptions } from '../../cashback/api/get-transactions'
import { useCashbackTabLabels } from '../../cashback/components/cashback-labels'
import { StatusPill } from '../../cashback/components/transaction-facts'

/** What a message carries of a purchase: what both sides show of it. */
export function toAttachedTransaction(transaction: CashbackTransaction): SupportAttachedTransaction {
  return {
    id: transaction._id,
    merchantNameTh: transaction.merchant.nameTh,
    merchantNameEn: transaction.merchant.nameEn,
    orderId: transaction.orderId,
    orderDate: transaction.orderDate,
    status: transaction.status,
    cashbackAmount: transaction.cashbackAmount,
  }
}

/**
 * A sheet over the chat listing the shopper's purchases by status, as /cashback does (the same
 * queries, so what /cashback loaded shows at once), to attach one to a message. A modal `<dialog>`:
 * focus stays in it, Escape or the close button leave it.
 */
export function PurchasePicker({
  buyerId,
  isSuspended,
  open,
  onClose,
  onPick,
}: {
  buyerId: string
  isSuspended: boolean
  open: boolean
  onClose: () => void
  onPick: (transaction: SupportAttachedTransaction) => void
}) {
  const { t } = useLingui()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [tab, setTab] = useState<CashbackTab>('pending')
  const labels = useCashbackTabLabels()

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      className="mx-auto mt-auto mb-0 flex max-h-[85dvh] w-full max-w-[480px] flex-col rounded-t-card bg-surface p-0 text-ink shadow-card backdrop:bg-ink/50 [&:not([open])]:hidden"
    >
      <div className="flex items-center gap-2 border-b border-line py-1 pr-1 pl-4">
        <h2 id={titleId} className="flex-1 text-lg font-bold">
          {t`แนบรายการสั่งซื้อ`}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t`ปิด`}
          className="inline-flex size-touch items-center justify-center rounded-full hover:bg-canvas"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      {isSuspended ? (
        <EmptyState icon={ShieldBan} title={t`ขณะบัญชีถูกระงับ ไม่สามารถแสดงรายการสั่งซื้อได้`}>
          <p>{t`พิมพ์ชื่อร้านค้าและหมายเลขคำสั่งซื้อในข้อความแทน เจ้าหน้าที่จะตรวจสอบให้`}</p>
        </EmptyState>
      ) : (
        <>
          <div className="[scrollbar-width:none] overflow-x-auto px-4">
            <ul aria-label={t`สถานะรายการ`} className="flex w-max gap-2 py-2">
              {cashbackTabs.map((candidate) => (
                <li key={candidate}>
                  <button
                    type="button"
                    aria-pressed={candidate === tab}
                    onClick={() => setTab(candidate)}
                    className={`inline-flex min-h-touch items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
                      candidate === tab
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-line bg-surface text-ink hover:bg-brand-50'
                    }`}
                  >
                    {labels[candidate]}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
            {open ? <PurchaseList buyerId={buyerId} tab={tab} onPick={onPick} /> : null}
          </div>
        </>
      )}
    </dialog>
  )
}

function PurchaseList({
  buyerId,
  tab,
  onPick,
}: {
  buyerId: string
  tab: CashbackTab
  onPick: (transaction: SupportAttachedTransaction) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(transactionListQueryOptions(buyerId, tab))
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2 pt-1">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
    )
  }
  if (query.isError) {
    if (isApiError(query.error, 'buyer_suspended')) {
      return (
        <EmptyState icon={ShieldBan} title={t`ขณะบัญชีถูกระงับ ไม่สามารถแสดงรายการสั่งซื้อได้`}>
          <p>{t`พิมพ์ชื่อร้านค้าและหมายเลขคำสั่งซื้อในข้อความแทน เจ้าหน้าที่จะตรวจสอบให้`}</p>
        </EmptyState>
      )
    }
    return <ListError onRetry={() => void query.refetch()} />
  }
  const transactions = query.data.pages.flatMap((page) => page.data)
  if (transactions.length === 0) return <EmptyState icon={ReceiptText} title={t`ไม่พบรายการ`} />
  return (
    <>
      <ul className="space-y-2 pt-1">
        {transactions.map((transaction) => {
          const merchantName = locale === 'th' ? transaction.merchant.nameTh : transaction.merchant.nameEn
          const orderDate = formatDate(new Date(transaction.orderDate), locale, 'short')
          const cashback = formatThb(transaction.cashbackAmount, locale)
          const orderId = transaction.orderId
          return (
            <li key={transaction._id}>
              <button
                type="button"
                onClick={() => onPick(toAttachedTransaction(transaction))}
                className="flex min-h-touch w-full items-center gap-3 rounded-xl border border-line p-3 text-left hover:bg-canvas active:bg-brand-50"
              >
                <img
                  src={transaction.merchant.logoUrl}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded-lg border border-line bg-surface"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-start justify-between gap-2">
                    <span className="truncate font-semibold">{merchantName}</span>
                    <StatusPill transaction={transaction} />
                  </span>
                  <span className="block truncate text-xs text-ink-muted">
                    {t`คำสั่งซื้อ ${orderId}`} · {orderDate}
                  </span>
                  <span className="block text-xs text-ink-muted">{t`เงินคืน ${cashback}`}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  )
}
