import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { auditPageSchema, auditQuerySchema, type AuditPage } from '#domain/ops/audit'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { describeAuditEntries } from '#server/ops/audit-entries'
import { listAuditEntries } from '#server/ops/audit-log'
import { anyOperatorRole, consoleAccessErrors, requireOperator } from '#server/ops/operator-access'
import { findOperatorByEmail } from '#server/ops/operator-accounts'

export function auditConsoleRoutes(database: Database, now: () => Date) {
  return new Hono<AppEnvironment>().get(
    '/audit',
    describeRoute({
      summary: 'Console: the audit log',
      description:
        'Every operator action, newest first: who (with their email and name), what, on what, when, the reason, ' +
        'before and after. Filters: `subjectType` with `subjectId`, `actor` (an operator id, their email, or ' +
        '`cli:<user>`), `search` (words in the action, the subject id or the reason); `before` is the previous ' +
        "page's `nextBefore`. Any operator.",
      tags: ['Console'],
      responses: {
        200: jsonResponse('A page of entries', auditPageSchema),
        400: errorResponseDescription('A bad filter or `limit` (`invalid_request`)'),
        ...consoleAccessErrors,
      },
    }),
    requireOperator(database, now, anyOperatorRole),
    validateRequest('query', auditQuerySchema),
    async (c) => {
      const query = c.req.valid('query')
      let actor = query.actor
      if (actor?.includes('@') === true) {
        // Nobody with that address has done anything: an id no entry has.
        actor = (await findOperatorByEmail(database, actor.toLowerCase()))?.id ?? `unknown:${actor}`
      }
      const entries = await listAuditEntries(database, { ...query, actor })
      const last = entries.at(-1)
      return c.json({
        data: await describeAuditEntries(database, entries),
        nextBefore: entries.length === query.limit && last !== undefined ? last.id : null,
      } satisfies AuditPage)
    },
  )
}
