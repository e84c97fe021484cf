import type { Buyer } from '#domain/contracts/buyer'
import { updateBrowserState } from '../../../lib/browser-state'

/** What the browser keeps of the buyer (spec section 4: the buyer record and id). */
export function rememberBuyer(buyer: Buyer | null) {
  updateBrowserState({
    buyerId: buyer?.buyerId ?? null,
    buyer: buyer
      ? { buyerId: buyer.buyerId, firstName: buyer.firstName, lastName: buyer.lastName, status: buyer.status }
      : null,
  })
}
