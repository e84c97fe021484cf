import type { MiddlewareHandler } from 'hono'
import { canActAs, type OperatorRole } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import { errorResponseDescription } from '#server/http/openapi-responses'
import type { AppEnvironment } from '#server/http/app-environment'
import type { OperatorRecord } from '#server/ops/operator-accounts'
import {
  clearOperatorSessionCookie,
  loadOperatorSession,
  readOperatorSessionCookie,
} from '#server/ops/operator-sessions'

/**
 * Every console route but sign-in: an active operator session (401 `operator_unauthenticated`)
 * whose role is one of `roles` or admin (403 `operator_forbidden`). A shopper's session never
 * counts: it is another cookie, and another table.
 */
export function requireOperator(
  database: Database,
  now: () => Date,
  roles: readonly OperatorRole[],
): MiddlewareHandler<AppEnvironment> {
  return async (c, next) => {
    const token = readOperatorSessionCookie(c)
    const loaded = token === undefined ? undefined : await loadOperatorSession(database, token, 'active', now())
    if (loaded === undefined) {
      if (token !== undefined) clearOperatorSessionCookie(c)
      throw new ApiError(401, 'operator_unauthenticated', 'Sign in to the console first')
    }
    if (!canActAs(loaded.operator.role, roles)) {
      throw new ApiError(403, 'operator_forbidden', `This needs the ${roles.join(' or ')} role`)
    }
    c.set('operator', loaded.operator)
    c.set('operatorSessionToken', token)
    await next()
  }
}

/** The operator `requireOperator` let through. */
export function signedInOperator(operator: OperatorRecord | undefined): OperatorRecord {
  if (operator === undefined) throw new ApiError(401, 'operator_unauthenticated', 'Sign in to the console first')
  return operator
}

/** Any signed-in operator, whatever their role (their own account, sign-out, the today counts). */
export const anyOperatorRole: readonly OperatorRole[] = ['support', 'finance']

/** The support side of the console: buyers, purchases, conversions and proofs (admins too). */
export const supportRoles: readonly OperatorRole[] = ['support']

/** The OpenAPI answers of `requireOperator`, for each console route's `describeRoute`. */
export const consoleAccessErrors = {
  401: errorResponseDescription('No operator session, or an idle or expired one (`operator_unauthenticated`)'),
  403: errorResponseDescription("The operator's role may not do this (`operator_forbidden`)"),
}
