import { queryOptions } from '@tanstack/react-query'
import {
  operatorSchema,
  operatorSecondFactorStepSchema,
  type Operator,
  type OperatorSecondFactorStep,
} from '#domain/ops/operator'
import { requestJson, requestNoContent } from '../../lib/console-api'

export const sessionKeys = { me: ['console', 'me'] as const }

/** The signed-in operator; the query fails with `operator_unauthenticated` when there is none. */
export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: (): Promise<Operator> => requestJson('api/ops/me', operatorSchema),
  staleTime: 60_000,
  retry: false,
})

export function requestOperatorCode(email: string): Promise<void> {
  return requestNoContent('api/ops/auth/codes', { method: 'POST', json: { email } })
}

export function verifyOperatorCode(email: string, code: string): Promise<OperatorSecondFactorStep> {
  return requestJson('api/ops/auth/codes/verify', operatorSecondFactorStepSchema, {
    method: 'POST',
    json: { email, code },
  })
}

export function submitSecondFactor(code: string): Promise<Operator> {
  return requestJson('api/ops/auth/second-factor', operatorSchema, { method: 'POST', json: { code } })
}

export function signOutOperator(everywhere: boolean): Promise<void> {
  return requestNoContent(everywhere ? 'api/ops/auth/sign-out-everywhere' : 'api/ops/auth/sign-out', {
    method: 'POST',
  })
}
