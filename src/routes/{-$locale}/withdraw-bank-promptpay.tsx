import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requireMember } from '../../features/account/require-member'
import { WithdrawMethodScreen } from '../../features/withdrawal/components/withdraw-method-screen'

/** `method` picks a bank account or PromptPay; `edit` opens a refused queued request. */
const searchSchema = v.object({
  method: v.optional(v.fallback(v.picklist(['bank', 'promptpay']), 'bank'), 'bank'),
  edit: v.optional(v.pipe(v.string(), v.maxLength(128))),
})

export const Route = createFileRoute('/{-$locale}/withdraw-bank-promptpay')({
  validateSearch: searchSchema,
  beforeLoad: requireMember,
  component: WithdrawBankRoute,
})

function WithdrawBankRoute() {
  const { buyer } = Route.useRouteContext()
  const { method, edit } = Route.useSearch()
  return <WithdrawMethodScreen buyerId={buyer.buyerId} method={method} editKey={edit} />
}
