import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { cashbackTabs } from '#domain/contracts/cashback-basics'
import { requireMember } from '../../../features/account/require-member'
import { CashbackScreen } from '../../../features/cashback/components/cashback-screen'

/** `?tab=` picks the status tab; an unknown value falls back to the first tab rather than failing. */
const cashbackSearchSchema = v.object({
  tab: v.optional(v.fallback(v.picklist(cashbackTabs), 'pending'), 'pending'),
})

export const Route = createFileRoute('/{-$locale}/cashback/')({
  validateSearch: cashbackSearchSchema,
  beforeLoad: requireMember,
  component: CashbackRoute,
})

function CashbackRoute() {
  const { buyer } = Route.useRouteContext()
  const { tab } = Route.useSearch()
  return <CashbackScreen buyerId={buyer.buyerId} tab={tab} />
}
