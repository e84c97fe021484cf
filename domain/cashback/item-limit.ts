/**
 * The merchant terms of spec sections 5 and 9: no more than 5 pieces of the same item per day,
 * and more than that may cancel the cashback (docs/decisions/015). Pieces are counted per buyer,
 * per merchant item (the network's SKU or product id) and per Bangkok calendar day of the order,
 * in the order the conversions reach us.
 */
export const maxPiecesPerItemPerDay = 5

/**
 * The words kept with a purchase this rule cancelled, for operators; the shopper is shown the
 * reason code `daily_item_limit` in their language (domain/cashback/rejection-reasons.ts).
 */
export const itemLimitCancellationReason = 'ซื้อสินค้าชิ้นเดียวกันเกิน 5 ชิ้นในวันเดียว / More than 5 pieces of one item in one day'

/** A conversion that names its item but not its quantity is one piece (networks that send one request per item). */
export function countPieces(quantity: number | null): number {
  return quantity ?? 1
}

/**
 * Whether a new conversion of `quantity` pieces goes past the day's limit, given the pieces of the
 * same item the buyer already has that day that can still earn cashback. A conversion is one
 * purchase line with one amount: one that crosses the limit is cancelled whole (its cashback
 * cannot be split by piece), so with 3 pieces counted a line of 3 is cancelled and a later line of
 * 2 is not.
 */
export function isPastDailyItemLimit(piecesAlreadyCounted: number, quantity: number | null): boolean {
  if (!Number.isSafeInteger(piecesAlreadyCounted) || piecesAlreadyCounted < 0) {
    throw new RangeError(`piecesAlreadyCounted must be a non-negative integer, got ${piecesAlreadyCounted}`)
  }
  const pieces = countPieces(quantity)
  if (!Number.isSafeInteger(pieces) || pieces < 1) throw new RangeError(`quantity must be at least 1, got ${pieces}`)
  return piecesAlreadyCounted + pieces > maxPiecesPerItemPerDay
}

const hourMilliseconds = 60 * 60 * 1000
const dayMilliseconds = 24 * hourMilliseconds
/** Bangkok has no daylight saving: UTC+7 all year. */
const bangkokOffsetMilliseconds = 7 * hourMilliseconds

/** The Bangkok calendar day `at` falls on, as `[from, until)`. */
export function bangkokDayOf(at: Date): { from: Date; until: Date } {
  const wall = at.getTime() + bangkokOffsetMilliseconds
  const from = Math.floor(wall / dayMilliseconds) * dayMilliseconds - bangkokOffsetMilliseconds
  return { from: new Date(from), until: new Date(from + dayMilliseconds) }
}
