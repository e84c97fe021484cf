import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import {
  operatorAccountListSchema,
  operatorAccountSchema,
  operatorInviteSchema,
  operatorParamSchema,
  operatorUpdateSchema,
  type OperatorAccount,
  type OperatorAccountList,
} from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateRecordParam, validateRequest } from '#server/http/validation'
import { recordOperatorAction } from '#server/ops/audit-log'
import { respondToOperatorWrite } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator } from '#server/ops/operator-access'
import {
  changeOperator,
  createOperator,
  listOperators,
  toOperatorAccount,
  type OperatorRecord,
} from '#server/ops/operator-accounts'

/** Only admins manage operator accounts. */
const accountRoles = ['admin'] as const

/** What the audit log keeps of an account: never its second-factor secrets. */
function auditedAccount(record: OperatorRecord) {
  return { email: record.email, name: record.name, role: record.role, status: record.status }
}

export function operatorConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>()
    .get(
      '/operators',
      describeRoute({
        summary: 'Console: operator accounts',
        description: 'Every operator, by role then email. Admin only.',
        tags: ['Console'],
        responses: { 200: jsonResponse('The accounts', operatorAccountListSchema), ...consoleAccessErrors },
      }),
      requireOperator(database, now, accountRoles),
      async (c) =>
        c.json({ data: (await listOperators(database)).map(toOperatorAccount) } satisfies OperatorAccountList),
    )
    .post(
      '/operators',
      describeRoute({
        summary: 'Console: invite an operator',
        description:
          'Creates the account; the operator signs in at /ops with this email (a code by email) and enrols an ' +
          'authenticator app at the first sign-in. Recorded as `operator.invited`. Admin only.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The new account', operatorAccountSchema),
          400: errorResponseDescription('A bad email, name or role (`invalid_request`), or no key'),
          409: errorResponseDescription('An operator with this email exists (`operator_exists`)'),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, accountRoles),
      validateRequest('json', operatorInviteSchema),
      async (c) => {
        const invite = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: invite,
          write: async (tx, { operator: admin, now: time }) => {
            const created = await createOperator(tx, { ...invite, createdBy: admin.id, now: time })
            await recordOperatorAction(tx, {
              actor: admin.id,
              action: 'operator.invited',
              subjectType: 'operator',
              subjectId: created.id,
              after: auditedAccount(created),
              now: time,
            })
            return { status: 201, body: toOperatorAccount(created) satisfies OperatorAccount }
          },
        })
      },
    )
    .patch(
      '/operators/:id',
      describeRoute({
        summary: "Console: change an operator's role or status",
        description:
          'Disabling ends their sessions at once. An admin cannot disable or demote themselves ' +
          '(`operator_self_change`), and the last active admin stays one (`operator_conflict`). Recorded as ' +
          '`operator.role_changed`, `operator.disabled` or `operator.enabled` with before and after. Admin only.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The account after the change', operatorAccountSchema),
          400: errorResponseDescription('Neither a role nor a status, or a bad one (`invalid_request`), or no key'),
          404: errorResponseDescription('No such operator (`record_not_found`)'),
          409: errorResponseDescription(
            'Your own account (`operator_self_change`), or the last active admin or a changed account (`operator_conflict`)',
          ),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, accountRoles),
      validateRecordParam(operatorParamSchema, 'record_not_found', 'No such operator'),
      validateRequest('json', operatorUpdateSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const update = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: update,
          write: async (tx, { operator: admin, now: time }) => {
            const { before, after } = await changeOperator(tx, { operatorId: id, actorId: admin.id, update })
            const actions = [
              ...(before.role === after.role ? [] : ['operator.role_changed']),
              ...(before.status === after.status
                ? []
                : [after.status === 'disabled' ? 'operator.disabled' : 'operator.enabled']),
            ]
            for (const action of actions) {
              await recordOperatorAction(tx, {
                actor: admin.id,
                action,
                subjectType: 'operator',
                subjectId: id,
                before: auditedAccount(before),
                after: auditedAccount(after),
                now: time,
              })
            }
            return { status: 200, body: toOperatorAccount(after) satisfies OperatorAccount }
          },
        })
      },
    )
}
