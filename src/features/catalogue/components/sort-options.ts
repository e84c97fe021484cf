import { useLingui } from '@lingui/react/macro'
import type { MerchantSort, ProductSort } from '#domain/contracts/catalogue'

/** `relevance` is offered while there is a search, where it is also the default (resolveListSort). */
export function useMerchantSortOptions(hasSearch: boolean): { value: MerchantSort; label: string }[] {
  const { t } = useLingui()
  return [
    ...(hasSearch ? [{ value: 'relevance' as const, label: t`ตรงที่สุด` }] : []),
    { value: 'popular', label: t`ยอดนิยม` },
    { value: 'cashback', label: t`เงินคืนสูงสุด` },
    { value: 'newest', label: t`ใหม่ล่าสุด` },
    { value: 'name', label: t`ชื่อร้าน` },
  ]
}

export function useProductSortOptions(hasSearch: boolean): { value: ProductSort; label: string }[] {
  const { t } = useLingui()
  return [
    ...(hasSearch ? [{ value: 'relevance' as const, label: t`ตรงที่สุด` }] : []),
    { value: 'popular', label: t`ยอดนิยม` },
    { value: 'cashback', label: t`เงินคืนสูงสุด` },
    { value: 'price-low', label: t`ราคาต่ำไปสูง` },
    { value: 'price-high', label: t`ราคาสูงไปต่ำ` },
    { value: 'newest', label: t`ใหม่ล่าสุด` },
    { value: 'name', label: t`ชื่อสินค้า` },
  ]
}
