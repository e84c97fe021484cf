import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'

/**
 * The audit log in the console (issue 14): every operator action, newest first, searchable.
 * `GET /api/ops/audit?subjectType=&subjectId=&actor=&search=&before=&limit=` → `AuditPage`; any
 * operator may read it. Each record's console page shows its own entries the same way.
 */

export const auditSubjectTypes = [
  'buyer',
  'transaction',
  'conversion',
  'proof',
  'withdrawal',
  'setting',
  'operator',
  /** A support chat conversation (domain/ops/support.ts): replies, closing and reopening. */
  'support_conversation',
] as const
export type AuditSubjectType = (typeof auditSubjectTypes)[number]

/** Who acted: an operator (with their email and name as they are now), or the ops CLI (`cli:<user>`). */
export const auditActorSchema = v.object({
  /** The operator id, or `cli:<user>`. */
  id: v.string(),
  kind: v.picklist(['operator', 'cli']),
  /** `null` for the CLI, or an operator id no longer known. */
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
})
export type AuditActor = v.InferOutput<typeof auditActorSchema>

export const auditEntrySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  actor: auditActorSchema,
  /** `<subject>.<verb>`, e.g. `withdrawal.paid`, `setting.fixed_rates_changed`, `operator.invited`. */
  action: v.string(),
  subjectType: v.string(),
  subjectId: v.string(),
  reason: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
  createdAt: v.string(),
})
export type AuditEntryView = v.InferOutput<typeof auditEntrySchema>

export const auditPageLimitMax = 200

export const auditQuerySchema = v.object({
  subjectType: v.optional(v.picklist(auditSubjectTypes)),
  subjectId: v.optional(v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(200))),
  actor: v.optional(v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(200))),
  search: v.optional(v.pipe(textSchema(), v.trim(), v.maxLength(200))),
  /** The `nextBefore` of the previous page: entries older than it. */
  before: v.optional(v.pipe(textSchema(), v.regex(/^\d{1,12}$/), v.transform(Number))),
  limit: v.optional(
    v.pipe(textSchema(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(auditPageLimitMax)),
    '50',
  ),
})
export type AuditQueryInput = v.InferInput<typeof auditQuerySchema>

export const auditPageSchema = v.object({
  data: v.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; `null` on the last page. */
  nextBefore: v.nullable(v.pipe(v.number(), v.integer())),
})
export type AuditPage = v.InferOutput<typeof auditPageSchema>
