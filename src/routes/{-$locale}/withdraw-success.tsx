import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { withdrawalIdSchema } from '#domain/contracts/withdrawal-id'
import { requireMember } from '../../features/account/require-member'
import { WithdrawSuccessScreen } from '../../features/withdrawal/components/withdraw-success-screen'

/** `id`: a withdrawal the server accepted; `queued`: the key of one waiting on this phone. */
const searchSchema = v.object({
  id: v.optional(v.fallback(v.optional(withdrawalIdSchema), undefined)),
  queued: v.optional(v.pipe(v.string(), v.maxLength(128))),
})

export const Route = createFileRoute('/{-$locale}/withdraw-success')({
  validateSearch: searchSchema,
  beforeLoad: requireMember,
  component: WithdrawSuccessRoute,
})

function WithdrawSuccessRoute() {
  const { buyer } = Route.useRouteContext()
  const { id, queued } = Route.useSearch()
  return <WithdrawSuccessScreen buyerId={buyer.buyerId} withdrawalId={id} queuedKey={queued} />
}
