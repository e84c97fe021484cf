import { useQuery } from '@tanstack/react-query'
import { ratingQueryOptions } from './api/get-wallet'

/**
 * The rating as the app writes it: "95%", or "–" until a merchant has decided one of the
 * shopper's purchases (issue 20). The API keeps the spec's 100 for that case (nothing lost yet),
 * but "100%" on a brand-new account reads as a record the member does not have.
 * `undefined` while the count is loading, so a new member never sees 100% flash first.
 */
export function useRatingText(buyerId: string): string | undefined {
  const details = useQuery(ratingQueryOptions(buyerId)).data
  if (details === undefined) return undefined
  return ratingText(details)
}

export function ratingText(details: { rating: number; decidedPurchases: number }): string {
  return details.decidedPurchases === 0 ? '–' : `${details.rating}%`
}
