import * as v from 'valibot'

/*
 * The parts of the cashback contract the app's entry uses, in a module of their own: the entry
 * (start-up, the route tree's search checks) should not carry the whole contract, which
 * domain/contracts/cashback.ts is and re-exports these from.
 */

/** The tabs of /cashback (spec section 2). */
export const cashbackTabs = ['pending', 'approved', 'rejected', 'cancelled', 'tracking', 'archived'] as const
export type CashbackTab = (typeof cashbackTabs)[number]

/**
 * The count of approved cashback a buyer has not accepted yet (spec section 7): the transaction
 * list asked for no items, of which only `total` is read.
 */
export const unacceptedCountSearchParams = {
  select: '_id status accepted',
  filter: JSON.stringify({ status: 'APPROVED', accepted: false }),
  limit: '0',
} as const

export const transactionCountSchema = v.object({ total: v.pipe(v.number(), v.integer(), v.minValue(0)) })
