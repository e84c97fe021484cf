import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { toPromotionsSnapshot } from '#domain/contracts/promotion'
import { describePromotions } from '#domain/promotions/promotion-states'
import { fixedRatesQueryOptions } from '../account/api/buyer-state'
import { promotionsQueryOptions } from './api/get-promotions'

/**
 * The clock the campaign states are read against, moved on every minute: a page left open
 * across the end of the first week or of the 24-hour referral window changes by itself.
 */
export function useNow(intervalMilliseconds = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMilliseconds)
    return () => clearInterval(timer)
  }, [intervalMilliseconds])
  return now
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
  const now = useNow()
  const snapshot = query.data === undefined ? undefined : toPromotionsSnapshot(query.data)
  return {
    query,
    snapshot,
    awaitingCashback: query.data?.awaitingCashback ?? 0,
    view: snapshot === undefined ? undefined : describePromotions(snapshot, now, rates, rates),
    rates,
    now,
  }
}
