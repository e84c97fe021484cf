import { queryOptions } from '@tanstack/react-query'
import {
  operatorAccountListSchema,
  operatorAccountSchema,
  type OperatorAccount,
  type OperatorInvite,
  type OperatorUpdate,
} from '#domain/ops/operator'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const operatorKeys = { all: ['console', 'operators'] as const }

export const operatorListQueryOptions = queryOptions({
  queryKey: operatorKeys.all,
  queryFn: () => requestJson('api/ops/operators', operatorAccountListSchema),
})

export function inviteOperator(invite: OperatorInvite, actionKey: string): Promise<OperatorAccount> {
  return postConsoleJson('api/ops/operators', operatorAccountSchema, invite, actionKey)
}

export function updateOperator(id: string, update: OperatorUpdate, actionKey: string): Promise<OperatorAccount> {
  return postConsoleJson(
    `api/ops/operators/${encodeURIComponent(id)}`,
    operatorAccountSchema,
    update,
    actionKey,
    'PATCH',
  )
}
