import { inArray } from 'drizzle-orm'
import type { AuditActor, AuditEntryView } from '#domain/ops/audit'
import type { Database } from '#server/db/database'
import { operators } from '#server/db/schema'
import { listAuditEntries, type AuditEntry, type AuditQuery } from '#server/ops/audit-log'

/**
 * Audit entries as the console shows them: each actor with the operator's email and name (read
 * now, so a renamed operator shows under the new name; the id is what was recorded).
 */
export async function describeAuditEntries(
  database: Database,
  entries: readonly AuditEntry[],
): Promise<AuditEntryView[]> {
  const operatorIds = [...new Set(entries.map((entry) => entry.actor).filter((actor) => !actor.startsWith('cli:')))]
  const known =
    operatorIds.length === 0
      ? []
      : await database
          .select({ id: operators.id, email: operators.email, name: operators.name })
          .from(operators)
          .where(inArray(operators.id, operatorIds))
  const byId = new Map(known.map((operator) => [operator.id, operator]))
  return entries.map((entry) => {
    const operator = byId.get(entry.actor)
    const actor: AuditActor = entry.actor.startsWith('cli:')
      ? { id: entry.actor, kind: 'cli', email: null, name: null }
      : { id: entry.actor, kind: 'operator', email: operator?.email ?? null, name: operator?.name ?? null }
    return {
      id: entry.id,
      actor,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      reason: entry.reason,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    }
  })
}

/** The newest entries about one record, for its console page. */
export async function readRecordAuditEntries(
  database: Database,
  subject: Required<Pick<AuditQuery, 'subjectType' | 'subjectId'>>,
  limit = 100,
): Promise<AuditEntryView[]> {
  return describeAuditEntries(database, await listAuditEntries(database, { ...subject, limit }))
}
