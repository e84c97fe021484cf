import { useLingui } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, PackageSearch, Scale } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Product } from '#domain/contracts/catalogue'
import { formatThb } from '#domain/money'
import { ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { StatusScreen } from '../../../components/ui/status-screen'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { productQueryOptions } from '../api/get-product'
import { productOffersQueryOptions } from '../api/get-product-offers'
import { CashbackBadge } from '../../../components/ui/cashback-badge'
import { MerchantLogo } from './merchant-logo'
import { ProductPicture } from './product-card'
import { NameText } from '../../../components/ui/name-text'
import { ThaiText } from '../../../components/ui/thai-text'

/** `shopAction`: the click-out for this product (see `MerchantDetailScreen`). */
export function ProductDetailScreen({
  productId,
  shopAction,
}: {
  productId: string
  shopAction: (product: Product) => ReactNode
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: product } = useSuspenseQuery(productQueryOptions(productId))
  const netPrice = product.price - product.estimatedCashback

  return (
    <div className="space-y-4 pb-10">
      <ProductPicture product={product} isPagePicture />
      <div className="space-y-4 px-4">
        <section className="rounded-card bg-surface p-4 shadow-card">
          <h1 className="text-xl font-bold">
            <NameText>{product.name[locale]}</NameText>
          </h1>
          <Link
            to="/{-$locale}/merchants/$id"
            params={{ locale: toLocaleParam(locale), id: product.merchant._id }}
            className="mt-2 flex min-h-touch items-center gap-2 rounded-xl text-sm font-medium text-brand-700"
          >
            <MerchantLogo merchant={product.merchant} size={32} />
            <span className="truncate">{product.merchant.name[locale]}</span>
            <ChevronRight aria-hidden="true" className="ml-auto size-4" />
          </Link>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            <PriceFact label={t`ราคา`} value={formatThb(product.price, locale)} />
            <PriceFact label={t`เงินคืนประมาณ`} value={formatThb(product.estimatedCashback, locale)} isCashback />
            <PriceFact label={t`ราคาสุทธิ`} value={formatThb(netPrice, locale)} />
          </dl>
          <div className="mt-3">
            <CashbackBadge cashback={product.merchant.cashback} />
          </div>
          <div className="mt-4">{shopAction(product)}</div>
          <p className="mt-3 text-xs text-ink-muted">
            <ThaiText>{t`เงินคืนคำนวณจากยอดสินค้า ไม่รวมภาษีและค่าจัดส่ง ยอดจริงขึ้นอยู่กับการยืนยันของร้านค้า`}</ThaiText>
          </p>
        </section>
        <OfferComparison product={product} />
      </div>
    </div>
  )
}

function PriceFact({ label, value, isCashback = false }: { label: string; value: string; isCashback?: boolean }) {
  return (
    <div className={`rounded-xl px-2 py-2 ${isCashback ? 'bg-cashback-50' : 'bg-canvas'}`}>
      <dt className="text-xs text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </dt>
      {/* A third of a 360 px screen holds "THB 35,309.35" only over two lines: the currency may
          go above the amount (Intl joins them with a no-break space), the amount stays whole. */}
      <dd className={`font-bold tabular-nums ${isCashback ? 'text-cashback-700' : 'text-ink'}`}>
        {value.replace('\u00a0', ' ')}
      </dd>
    </div>
  )
}

/** The same product at each merchant that sells it: price, cashback and what it really costs. */
function OfferComparison({ product }: { product: Product }) {
  const { t } = useLingui()
  const locale = useLocale()
  const offers = useQuery(productOffersQueryOptions(product._id))

  return (
    <section aria-labelledby="compare-offers" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="compare-offers" className="flex items-center gap-2 font-bold">
        <Scale aria-hidden="true" className="size-5 text-brand-700" />
        <ThaiText>{t`เปรียบเทียบราคาจากร้านค้า`}</ThaiText>
      </h2>
      {offers.isPending ? (
        <div className="mt-3 space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : offers.isError ? (
        <p className="mt-3 text-sm text-ink-muted">{t`โหลดการเปรียบเทียบไม่สำเร็จ`}</p>
      ) : (
        // Amounts keep to one line with room between columns, in ฿ in both languages ("THB 2,020.28"
        // is too wide for four columns at 360 px); the merchant's name takes what is left.
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">
            <ThaiText>{t`ราคา เงินคืน และราคาสุทธิของแต่ละร้าน`}</ThaiText>
          </caption>
          <thead>
            <tr className="text-left text-xs text-ink-muted">
              <th scope="col" className="pb-2 font-medium">
                <ThaiText>{t`ร้านค้า`}</ThaiText>
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                {t`ราคา`}
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                <ThaiText>{t`เงินคืนที่ได้`}</ThaiText>
              </th>
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                {t`สุทธิ`}
              </th>
            </tr>
          </thead>
          <tbody>
            {offers.data.data.map((offer, index) => (
              <tr key={offer._id} className="border-t border-line align-top">
                <th scope="row" className="py-2 text-left font-medium">
                  {offer._id === product._id ? (
                    <NameText>{offer.merchant.name[locale]}</NameText>
                  ) : (
                    <Link
                      to="/{-$locale}/products/$id"
                      params={{ locale: toLocaleParam(locale), id: offer._id }}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      <NameText>{offer.merchant.name[locale]}</NameText>
                    </Link>
                  )}
                  {index === 0 && offers.data.data.length > 1 ? (
                    <span className="mt-1 block w-fit rounded-full bg-brand-50 px-2 text-xs whitespace-nowrap text-brand-700">
                      {t`คุ้มที่สุด`}
                    </span>
                  ) : null}
                </th>
                <td className="py-2 pl-3 text-right whitespace-nowrap tabular-nums">
                  {formatThb(offer.price, locale, { narrow: true })}
                </td>
                <td className="py-2 pl-3 text-right whitespace-nowrap text-cashback-700 tabular-nums">
                  {formatThb(offer.estimatedCashback, locale, { narrow: true })}
                </td>
                <td className="py-2 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">
                  {formatThb(offer.price - offer.estimatedCashback, locale, { narrow: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

export function ProductNotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={PackageSearch}
      title={t`ไม่พบสินค้านี้`}
      actions={
        <ButtonLink to="/{-$locale}/products" params={{ locale: toLocaleParam(locale) }}>
          {t`ค้นหาสินค้าอื่น`}
        </ButtonLink>
      }
    >
      <p>
        <ThaiText>{t`สินค้านี้อาจหมดหรือถูกนำออกจากร้านค้าแล้ว`}</ThaiText>
      </p>
    </StatusScreen>
  )
}
