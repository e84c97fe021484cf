import { memo } from 'react'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Product } from '#domain/contracts/catalogue'
import { productPageSizes, productTileSizes } from '#domain/pictures/catalogue-pictures'
import { formatThb } from '#domain/money'
import { ResponsivePicture } from '../../../components/ui/responsive-picture'
import { Skeleton } from '../../../components/ui/skeleton'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { NameText } from '../../../components/ui/name-text'
import { ThaiText } from '../../../components/ui/thai-text'

/**
 * `isPagePicture`: the picture a product's own page opens with, its largest paint: fetched first
 * and drawn at once rather than when the browser gets round to it, as a tile in a list is.
 */
export function ProductPicture({
  product,
  className = '',
  isPagePicture = false,
}: {
  product: Pick<Product, 'image' | 'imageUrl'>
  className?: string
  isPagePicture?: boolean
}) {
  return (
    <ResponsivePicture
      picture={product.image}
      fallbackUrl={product.imageUrl}
      sizes={isPagePicture ? productPageSizes : productTileSizes}
      width={400}
      height={300}
      isEager={isPagePicture}
      className={`aspect-[4/3] w-full bg-canvas object-cover ${className}`}
    />
  )
}

/** A product tile: picture, name, price and the cashback it should earn. */
export const ProductCard = memo(function ProductCard({ product }: { product: Product }) {
  const { t } = useLingui()
  const locale = useLocale()
  const cashback = formatThb(product.estimatedCashback, locale)
  return (
    <li>
      <Link
        to="/{-$locale}/products/$id"
        params={{ locale: toLocaleParam(locale), id: product._id }}
        className="flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card active:bg-brand-50"
      >
        <ProductPicture product={product} />
        <div className="flex flex-1 flex-col p-3">
          <p className="line-clamp-2 text-sm font-medium text-ink">
            <NameText>{product.name[locale]}</NameText>
          </p>
          <p className="mt-auto pt-1 font-bold text-ink">{formatThb(product.price, locale)}</p>
          <p className="text-xs font-semibold text-cashback-700">
            <ThaiText>{t`เงินคืนประมาณ ${cashback}`}</ThaiText>
          </p>
          <p className="truncate text-xs text-ink-muted">{product.merchant.name[locale]}</p>
        </div>
      </Link>
    </li>
  )
})

export function ProductCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-card bg-surface shadow-card">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </li>
  )
}
