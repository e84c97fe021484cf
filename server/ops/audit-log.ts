import { and, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm'
import type { AuditSubjectType } from '#domain/ops/audit'
import type { Database } from '#server/db/database'
import { containingPattern } from '#server/db/like-pattern'
import { operatorAuditLog } from '#server/db/schema'

/**
 * What operators did (issue 14). Written by the service function of each action, in the same
 * database transaction as the change it records: an action and its entry commit together or not
 * at all. The table refuses updates and deletes (migration 0009).
 */

export type AuditEntryInput = {
  /** An operator id, or `cli:<user>` for `npm run ops`. */
  actor: string
  /** `<subject>.<verb>`, e.g. `withdrawal.paid`, `setting.changed`. */
  action: string
  subjectType: AuditSubjectType
  subjectId: string
  reason?: string | null
  before?: unknown
  after?: unknown
  now: Date
}

export async function recordOperatorAction(tx: Database, entry: AuditEntryInput): Promise<void> {
  await tx.insert(operatorAuditLog).values({
    actor: entry.actor,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: entry.now,
  })
}

export type AuditEntry = typeof operatorAuditLog.$inferSelect

export type AuditQuery = {
  subjectType?: AuditSubjectType
  subjectId?: string
  actor?: string
  /** Words in the action, subject id or reason. */
  search?: string
  /** Entries older than this id (the next page). */
  before?: number
  limit: number
}

/** Newest first. */
export async function listAuditEntries(database: Database, query: AuditQuery): Promise<AuditEntry[]> {
  const conditions: SQL[] = []
  if (query.subjectType !== undefined) conditions.push(eq(operatorAuditLog.subjectType, query.subjectType))
  if (query.subjectId !== undefined) conditions.push(eq(operatorAuditLog.subjectId, query.subjectId))
  if (query.actor !== undefined) conditions.push(eq(operatorAuditLog.actor, query.actor))
  if (query.before !== undefined) conditions.push(lt(operatorAuditLog.id, query.before))
  if (query.search !== undefined && query.search !== '') {
    const pattern = containingPattern(query.search)
    const matches = or(
      ilike(operatorAuditLog.action, pattern),
      ilike(operatorAuditLog.subjectId, pattern),
      ilike(operatorAuditLog.reason, pattern),
    )
    if (matches !== undefined) conditions.push(matches)
  }
  return database
    .select()
    .from(operatorAuditLog)
    .where(and(...conditions))
    .orderBy(desc(operatorAuditLog.id))
    .limit(query.limit)
}
