import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, ImageOff, MessageCircle, ReceiptText } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { transactionListQueryOptions } from '../../cashback/api/get-transactions'
import { StatusPill } from '../../cashback/components/transaction-facts'
import { readSharedPictures, takesSharedProof } from '../shared-pictures'

/** The pictures kept from the share, as previews released when the page goes. */
function useSharedPicturePreviews(): { urls: string[] | undefined } {
  const [urls, setUrls] = useState<string[]>()
  useEffect(() => {
    let made: string[] = []
    let isCurrent = true
    readSharedPictures().then(
      (files) => {
        if (!isCurrent) return
        made = files.map((file) => URL.createObjectURL(file))
        setUrls(made)
      },
      () => {
        if (isCurrent) setUrls([])
      },
    )
    return () => {
      isCurrent = false
      for (const url of made) URL.revokeObjectURL(url)
    }
  }, [])
  return { urls }
}

/**
 * /share-target: pictures shared from the phone's gallery (an order screenshot) and the question
 * of which purchase they prove. Choosing one opens it with the pictures in its proof picker.
 */
export function SharedPicturesScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { urls } = useSharedPicturePreviews()
  const rejected = useInfiniteQuery(transactionListQueryOptions(buyerId, 'rejected'))
  const pending = useInfiniteQuery(transactionListQueryOptions(buyerId, 'pending'))

  if (urls !== undefined && urls.length === 0) {
    return (
      <div className="px-4 pt-6">
        <EmptyState icon={ImageOff} title={t`ไม่พบรูปที่แชร์มา`}>
          <p>
            <ThaiText>{t`ลองแชร์รูปจากแกลเลอรีมาที่แอปเงินคืนอีกครั้ง หรือเลือกรูปจากหน้าคำสั่งซื้อของคุณ`}</ThaiText>
          </p>
          <ButtonLink
            to="/{-$locale}/cashback"
            params={{ locale: toLocaleParam(locale) }}
            variant="secondary"
            className="mt-4"
          >
            <ThaiText>{t`ไปที่เงินคืนของฉัน`}</ThaiText>
          </ButtonLink>
        </EmptyState>
      </div>
    )
  }

  const isLoading = urls === undefined || rejected.isPending || pending.isPending
  const candidates = [...(rejected.data?.pages[0]?.data ?? []), ...(pending.data?.pages[0]?.data ?? [])].filter(
    takesSharedProof,
  )

  return (
    <div className="space-y-5 px-4 pt-4 pb-10">
      <div>
        <h1 className="text-xl font-bold">
          <ThaiText>{t`ส่งรูปเป็นหลักฐานการสั่งซื้อ`}</ThaiText>
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          <ThaiText>{t`เลือกคำสั่งซื้อที่รูปนี้เป็นหลักฐาน รูปจะถูกย่อในเครื่องก่อนส่ง`}</ThaiText>
        </p>
      </div>
      {urls === undefined ? (
        <Skeleton className="h-28 rounded-card" />
      ) : (
        <ul aria-label={t`รูปที่แชร์มา`} className="grid grid-cols-3 gap-2">
          {urls.map((url, index) => {
            const number = index + 1
            return (
              <li key={url} className="overflow-hidden rounded-xl border border-line bg-canvas">
                <img src={url} alt={t`รูปที่แชร์มา ${number}`} className="aspect-square w-full object-cover" />
              </li>
            )
          })}
        </ul>
      )}
      <section aria-labelledby="shared-proof-purchases" className="space-y-2">
        <h2 id="shared-proof-purchases" className="font-bold">
          <ThaiText>{t`รูปนี้เป็นหลักฐานของคำสั่งซื้อไหน`}</ThaiText>
        </h2>
        {rejected.isError || pending.isError ? (
          <ListError
            onRetry={() => {
              void rejected.refetch()
              void pending.refetch()
            }}
          />
        ) : isLoading ? (
          <div aria-busy="true" className="space-y-2">
            <Skeleton className="h-20 rounded-card" />
            <Skeleton className="h-20 rounded-card" />
          </div>
        ) : candidates.length === 0 ? (
          <EmptyState icon={ReceiptText} title={t`ตอนนี้ไม่มีคำสั่งซื้อที่ต้องใช้หลักฐาน`}>
            <p>
              <ThaiText>{t`ส่งหลักฐานได้เมื่อคำสั่งซื้อถูกปฏิเสธ หรือเมื่อเงินคืนรอหลักฐานเพื่อรับภายใน 1 วัน หากคำสั่งซื้อของคุณไม่แสดง ทักแชทให้เราช่วยได้`}</ThaiText>
            </p>
            <ButtonLink
              to="/{-$locale}/chat-support"
              params={{ locale: toLocaleParam(locale) }}
              variant="secondary"
              className="mt-4"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              <ThaiText>{t`แชทกับทีมงาน`}</ThaiText>
            </ButtonLink>
          </EmptyState>
        ) : (
          <ul className="space-y-2">
            {candidates.map((transaction) => (
              <li key={transaction._id}>
                <PurchaseChoice transaction={transaction} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function PurchaseChoice({ transaction }: { transaction: CashbackTransaction }) {
  const { t } = useLingui()
  const locale = useLocale()
  const merchantName = locale === 'th' ? transaction.merchant.nameTh : transaction.merchant.nameEn
  const orderDate = formatDate(new Date(transaction.orderDate), locale, 'short')
  const amount = formatThb(transaction.purchaseAmount, locale)
  const { orderId } = transaction
  return (
    <Link
      to="/{-$locale}/cashback/$id"
      params={{ locale: toLocaleParam(locale), id: transaction._id }}
      search={{ shared: true }}
      className="flex min-h-touch items-center gap-3 rounded-card bg-surface p-4 shadow-card"
    >
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-semibold">{merchantName}</span>
          <StatusPill transaction={transaction} />
        </span>
        <span className="block text-sm text-ink-muted">{t`สั่งซื้อ ${orderDate} · ยอดซื้อ ${amount}`}</span>
        <span className="block text-xs text-ink-muted">
          <ThaiText>{t`เลขคำสั่งซื้อ ${orderId}`}</ThaiText>
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
    </Link>
  )
}
