import type { OperatorRole } from '#domain/ops/operator'
import { errorResponseDescription } from '#server/http/openapi-responses'

/** The support side of the console: buyers, purchases, conversions and proofs (admins too). */
export const supportRoles: readonly OperatorRole[] = ['support']

/** The refusals every console route may answer with. */
export const consoleErrorResponses = {
  401: errorResponseDescription('No operator session, or an idle or expired one (`operator_unauthenticated`)'),
  403: errorResponseDescription("The operator's role may not do this (`operator_forbidden`)"),
}
