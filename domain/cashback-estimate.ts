import type { Cashback } from './contracts/catalogue.ts'
import type { Satang } from './money.ts'
import { basisPointsPerWhole } from './rates.ts'

/**
 * What a purchase at `price` should earn at a merchant: the rate applied to the price, rounded
 * down to whole satang (we never promise a fraction we would not pay), then limited by the
 * merchant's cap per order. For `up-to` merchants the rate is the best case, so this is the most
 * the purchase can earn; the screens say "up to".
 */
export function estimateCashback(price: Satang, cashback: Pick<Cashback, 'rateBasisPoints' | 'maxPerOrder'>): Satang {
  assertNonNegativeInteger(price, 'price')
  assertNonNegativeInteger(cashback.rateBasisPoints, 'rateBasisPoints')
  const uncapped = Math.floor((price * cashback.rateBasisPoints) / basisPointsPerWhole)
  if (cashback.maxPerOrder === null) return uncapped
  assertNonNegativeInteger(cashback.maxPerOrder, 'maxPerOrder')
  return Math.min(uncapped, cashback.maxPerOrder)
}

/** The price after cashback: what comparing offers of the same product is about. */
export function netPriceAfterCashback(
  price: Satang,
  cashback: Pick<Cashback, 'rateBasisPoints' | 'maxPerOrder'>,
): Satang {
  return price - estimateCashback(price, cashback)
}

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`)
  }
}
