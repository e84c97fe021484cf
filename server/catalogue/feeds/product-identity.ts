import { createHash } from 'node:crypto'
import type { ProductFeedRecord } from '#server/catalogue/feeds/product-feed-records'

/**
 * Which products are the same thing sold by different merchants (the compare table): the same
 * GTIN, else the same brand and manufacturer part number; otherwise a product is only itself.
 * Keys keep to the comparison key's shape (lowercase letters, digits, dashes).
 */
export function productComparisonKey(
  productId: string,
  record: Pick<ProductFeedRecord, 'gtin' | 'brand' | 'mpn'>,
): string {
  if (record.gtin !== null) return `gtin-${record.gtin}`
  if (record.brand !== null && record.mpn !== null) {
    const normalized = `${record.brand.trim().toLowerCase()}\u0000${record.mpn.replace(/[\s-]/g, '').toLowerCase()}`
    return `mpn-${createHash('sha256').update(normalized).digest('hex').slice(0, 32)}`
  }
  return `item-${productId}`
}
