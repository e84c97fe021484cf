import * as v from 'valibot'

/**
 * The people who run the service (issue 14). `support` answers shoppers and reviews purchases and
 * proofs, `finance` moves money out and keeps the money settings, `admin` may do everything and
 * is the only one who manages operator accounts.
 */
export const operatorRoles = ['support', 'finance', 'admin'] as const
export type OperatorRole = (typeof operatorRoles)[number]

export const operatorStatuses = ['active', 'disabled'] as const
export type OperatorStatus = (typeof operatorStatuses)[number]

/** Whether `role` may do what `allowed` names; an admin may do everything. */
export function canActAs(role: OperatorRole, allowed: readonly OperatorRole[]): boolean {
  return role === 'admin' || allowed.includes(role)
}

/** The console's cookie: its own name and path, so a shopper's session never opens it. */
export const operatorSessionCookieName = 'ngernkhuen_ops'
export const operatorSessionCookiePath = '/api/ops'
/** A console left alone this long signs out (issue 14: short idle timeout). */
export const operatorIdleTimeoutSeconds = 30 * 60
/** However busy, an operator signs in again after a working day. */
export const operatorSessionMaxAgeSeconds = 12 * 60 * 60
/** Between the emailed code and the second factor; long enough to open an authenticator app. */
export const operatorSecondFactorWindowSeconds = 10 * 60
/** Wrong second-factor codes before the half-open session is dropped and sign-in starts over. */
export const operatorSecondFactorMaxAttempts = 5

export const operatorIdSchema = v.pipe(v.string(), v.regex(/^op_[0-9a-f]{16}$/))

const emailSchema = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.email())

export const operatorCodeRequestSchema = v.object({ email: emailSchema })
export type OperatorCodeRequest = v.InferOutput<typeof operatorCodeRequestSchema>

export const operatorCodeVerifySchema = v.object({
  email: emailSchema,
  code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
})
export type OperatorCodeVerify = v.InferOutput<typeof operatorCodeVerifySchema>

export const operatorSecondFactorSchema = v.object({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/)) })

/** After the emailed code: enrol an authenticator (first sign-in) or type its code. */
export const operatorSecondFactorStepSchema = v.variant('step', [
  v.object({
    step: v.literal('enrol'),
    /** `otpauth://` URI for the QR code, and the secret for typing in by hand. */
    otpauthUri: v.string(),
    secret: v.string(),
  }),
  v.object({ step: v.literal('totp') }),
])
export type OperatorSecondFactorStep = v.InferOutput<typeof operatorSecondFactorStepSchema>

export const operatorSchema = v.object({
  id: operatorIdSchema,
  email: v.string(),
  name: v.string(),
  role: v.picklist(operatorRoles),
  status: v.picklist(operatorStatuses),
})
export type Operator = v.InferOutput<typeof operatorSchema>

export const operatorNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))

export const operatorInviteSchema = v.object({
  email: emailSchema,
  name: operatorNameSchema,
  role: v.picklist(operatorRoles),
})
export type OperatorInvite = v.InferOutput<typeof operatorInviteSchema>

/** Why an operator acted: shown in the audit log, and to the shopper where the action says so. */
export const operatorReasonSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(500))

/** What needs a person today (the console's first screen). */
export const consoleTodaySchema = v.object({
  /** Open support conversations whose last word is the shopper's. */
  conversationsAwaitingAnswer: v.number(),
  unmatchedConversions: v.number(),
  proofsWaiting: v.number(),
  withdrawalsRequested: v.number(),
  overduePurchases: v.number(),
})
export type ConsoleToday = v.InferOutput<typeof consoleTodaySchema>

/** An operator account as admins manage it (issue 14: invite, change role, disable). */
export const operatorAccountSchema = v.object({
  ...operatorSchema.entries,
  /** Whether they enrolled an authenticator (at their first sign-in). */
  isEnrolled: v.boolean(),
  createdAt: v.string(),
  /** The inviting admin's id, or `cli:<user>` for the first admin. */
  createdBy: v.string(),
})
export type OperatorAccount = v.InferOutput<typeof operatorAccountSchema>

export const operatorAccountListSchema = v.object({ data: v.array(operatorAccountSchema) })
export type OperatorAccountList = v.InferOutput<typeof operatorAccountListSchema>

export const operatorParamSchema = v.object({ id: operatorIdSchema })

/**
 * An admin's change to an account. Disabling ends the operator's sessions at once; an admin
 * cannot disable or demote themselves (409 `operator_self_change`), so there is always an admin.
 */
export const operatorUpdateSchema = v.pipe(
  v.object({ role: v.optional(v.picklist(operatorRoles)), status: v.optional(v.picklist(operatorStatuses)) }),
  v.check((update) => update.role !== undefined || update.status !== undefined, 'Expected a role or a status'),
)
export type OperatorUpdate = v.InferOutput<typeof operatorUpdateSchema>
