import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { toPromotionsSnapshot } from '#domain/contracts/promotion'
import { describePromotions } from '#domain/promotions/promotion-states'
import { fixedRatesQueryOptions } from '../account/api/fixed-rates'
import { promotionsQueryOptions } from './api/get-promotions'
import { readPromotionsClock } from './promotions-clock'

/**
 * Renders again every minute, so a page left open across the end of the first week or of the
 * 24-hour referral window changes by itself. Each render reads the clock afresh: a membership
 * joined after the page opened is read as joined, not as starting in the future.
 */
function useMinuteTick(): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 60_000)
    return () => clearInterval(timer)
  }, [])
}

/**
 * The shopper's promotions: the server's facts, and every campaign's state derived on the phone
 * with the same domain code the server runs (`describePromotions`) and the fixed rates (the
 * promotion settings are fixed-rate fields too). `view` is `undefined` until the facts have
 * loaded once.
 */
export function usePromotions(buyerId: string) {
  const query = useQuery(promotionsQueryOptions(buyerId))
  const rates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates
  useMinuteTick()
  const snapshot = query.data === undefined ? undefined : toPromotionsSnapshot(query.data)
  const now = snapshot === undefined ? new Date() : readPromotionsClock(snapshot, new Date())
  return {
    query,
    snapshot,
    awaitingCashback: query.data?.awaitingCashback ?? 0,
    view: snapshot === undefined ? undefined : describePromotions(snapshot, now, rates, rates),
    rates,
    now,
  }
}
