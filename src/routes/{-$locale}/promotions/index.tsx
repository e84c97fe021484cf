import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireMember } from '../../../features/account/require-member'
import { PromotionsScreen } from '../../../features/promotions/components/promotions-screen'

/** `code`: a friend's referral code from a shared link, put in the redeem form. */
const searchSchema = v.object({
  code: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(64)), '')),
})

export const Route = createFileRoute('/{-$locale}/promotions/')({
  validateSearch: searchSchema,
  beforeLoad: requireMember,
  component: PromotionsRoute,
})

function PromotionsRoute() {
  const { buyer } = Route.useRouteContext()
  const { code } = Route.useSearch()
  return <PromotionsScreen buyerId={buyer.buyerId} initialReferralCode={code || undefined} />
}
