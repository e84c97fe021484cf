import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireMember } from '../../features/account/require-member'
import { WithdrawMethodScreen } from '../../features/withdrawal/components/withdraw-method-screen'

const searchSchema = v.object({ edit: v.optional(v.pipe(v.string(), v.maxLength(128))) })

export const Route = createFileRoute('/{-$locale}/withdraw-truemoney')({
  validateSearch: searchSchema,
  beforeLoad: requireMember,
  component: WithdrawTrueMoneyRoute,
})

function WithdrawTrueMoneyRoute() {
  const { buyer } = Route.useRouteContext()
  const { edit } = Route.useSearch()
  return <WithdrawMethodScreen buyerId={buyer.buyerId} method="truemoney" editKey={edit} />
}
