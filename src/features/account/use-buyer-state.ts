import { useQuery } from '@tanstack/react-query'
import type { Buyer } from '#domain/contracts/buyer'
import { useBrowserState } from '../../lib/browser-state'
import { balanceQueryOptions, buyerQueryOptions, unacceptedCountQueryOptions } from './api/buyer-state'

export type BuyerState = {
  buyer: Buyer | undefined
  /** Satang; 0 when unknown (spec section 4). */
  balance: number
  unacceptedCount: number
  statusClick: boolean
}

/** The signed-in shopper's state as start-up loaded it; empty or 0 where it could not load. */
export function useBuyerState(): BuyerState {
  const buyerId = useBrowserState((state) => state.buyerId)
  const statusClick = useBrowserState((state) => state.statusClick)
  const id = buyerId ?? ''
  const isSignedIn = buyerId !== null
  const buyer = useQuery({ ...buyerQueryOptions(id), enabled: isSignedIn })
  const balance = useQuery({ ...balanceQueryOptions(id), enabled: isSignedIn })
  const unacceptedCount = useQuery({ ...unacceptedCountQueryOptions(id), enabled: isSignedIn })
  return {
    buyer: isSignedIn ? buyer.data : undefined,
    balance: balance.data?.balance[0]?.amount ?? buyer.data?.balance[0]?.amount ?? 0,
    unacceptedCount: unacceptedCount.data ?? 0,
    statusClick,
  }
}
