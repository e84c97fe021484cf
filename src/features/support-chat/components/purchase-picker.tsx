import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { ReceiptText, X } from 'lucide-react'
import { useId } from 'react'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import type { SupportAttachedTransaction } from '#domain/support/chat'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { LoadMore } from '../../../components/ui/load-more'
import { Skeleton } from '../../../components/ui/skeleton'
import { useLocale } from '../../../lib/locale'
import { StatusPill } from '../../cashback/components/transaction-facts'
import { supportPurchasesQueryOptions } from '../api/get-purchases'
import { ThaiText } from '../../../components/ui/thai-text'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'

/**
 * A sheet over the chat listing the shopper's purchases, newest order first, to attach one to a
 * message. The chat's own list (`GET /api/support/{buyerId}/purchases`), so a suspended shopper,
 * whom /cashback refuses, can point at the purchase they ask about too. A modal `<dialog>`: focus
 * stays in it, Escape or the close button leave it.
 */
export function PurchasePicker({
  buyerId,
  open,
  onClose,
  onPick,
}: {
  buyerId: string
  open: boolean
  onClose: () => void
  onPick: (transaction: SupportAttachedTransaction) => void
}) {
  const { t } = useLingui()
  const dialogRef = useModalDialog(open)
  const titleId = useId()

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
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-2 pb-[calc(1rem+env(safe-area-inset-bottom))]">
        {open ? <PurchaseList buyerId={buyerId} onPick={onPick} /> : null}
      </div>
    </dialog>
  )
}

function PurchaseList({
  buyerId,
  onPick,
}: {
  buyerId: string
  onPick: (transaction: SupportAttachedTransaction) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useInfiniteQuery(supportPurchasesQueryOptions(buyerId))
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2 pt-1">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-16 rounded-xl" />
        ))}
      </div>
    )
  }
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />
  const purchases = query.data.pages.flatMap((page) => page.data)
  if (purchases.length === 0) return <EmptyState icon={ReceiptText} title={t`ยังไม่มีรายการสั่งซื้อ`} />
  return (
    <>
      <ul className="space-y-2 pt-1">
        {purchases.map(({ merchantLogoUrl, ...transaction }) => {
          const merchantName = locale === 'th' ? transaction.merchantNameTh : transaction.merchantNameEn
          const orderDate = formatDate(new Date(transaction.orderDate), locale, 'short')
          const cashback = formatThb(transaction.cashbackAmount, locale)
          const orderId = transaction.orderId
          return (
            <li key={transaction.id}>
              <button
                type="button"
                onClick={() => onPick(transaction)}
                className="flex min-h-touch w-full items-center gap-3 rounded-xl border border-line p-3 text-left hover:bg-canvas active:bg-brand-50"
              >
                <img
                  src={merchantLogoUrl}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                  className="size-10 shrink-0 rounded-lg border border-line bg-surface"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-start justify-between gap-2">
                    <span className="truncate font-semibold">{merchantName}</span>
                    {/* As the attached purchase shows it (a message carries no archived mark). */}
                    <StatusPill transaction={{ status: transaction.status, archived: false }} />
                  </span>
                  <span className="block truncate text-xs text-ink-muted">
                    <ThaiText>{t`คำสั่งซื้อ ${orderId}`}</ThaiText> · {orderDate}
                  </span>
                  <span className="block text-xs text-ink-muted">
                    <ThaiText>{t`เงินคืน ${cashback}`}</ThaiText>
                  </span>
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
