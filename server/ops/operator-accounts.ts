import { randomBytes } from 'node:crypto'
import { and, asc, eq, or } from 'drizzle-orm'
import type { Operator, OperatorAccount, OperatorInvite, OperatorUpdate } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { operators } from '#server/db/schema'
import { isUniqueViolation } from '#server/db/unique-violation'
import { ApiError } from '#server/http/api-error'
import { deleteOperatorSessions } from '#server/ops/operator-sessions'

export type OperatorRecord = typeof operators.$inferSelect

export function createOperatorId(): string {
  return `op_${randomBytes(8).toString('hex')}`
}

/** The wire form: never the second-factor secrets. */
export function toOperator(record: OperatorRecord): Operator {
  return { id: record.id, email: record.email, name: record.name, role: record.role, status: record.status }
}

/** As admins see an account: never the second-factor secrets either. */
export function toOperatorAccount(record: OperatorRecord): OperatorAccount {
  return {
    ...toOperator(record),
    isEnrolled: record.totpSecret !== null,
    createdAt: record.createdAt.toISOString(),
    createdBy: record.createdBy,
  }
}

/** A new operator; 409 `operator_exists` when the address has one already. */
export async function createOperator(
  database: Database,
  input: OperatorInvite & { createdBy: string; now: Date },
): Promise<OperatorRecord> {
  try {
    const [created] = await database
      .insert(operators)
      .values({
        id: createOperatorId(),
        email: input.email,
        name: input.name,
        role: input.role,
        createdAt: input.now,
        createdBy: input.createdBy,
      })
      .returning()
    if (created === undefined) throw new Error('operator insert returned nothing')
    return created
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'operator_exists', 'An operator with this email exists')
    throw error
  }
}

export async function findOperatorByEmail(database: Database, email: string): Promise<OperatorRecord | undefined> {
  const [found] = await database.select().from(operators).where(eq(operators.email, email))
  return found
}

export async function findOperatorById(database: Database, id: string): Promise<OperatorRecord | undefined> {
  const [found] = await database.select().from(operators).where(eq(operators.id, id))
  return found
}

export async function listOperators(database: Database): Promise<OperatorRecord[]> {
  return database.select().from(operators).orderBy(asc(operators.role), asc(operators.email))
}

export type OperatorChange = { before: OperatorRecord; after: OperatorRecord }

/**
 * An admin's change of an account's role or status, in the caller's transaction. The target and
 * every active admin are locked first, so two admins changing each other's accounts at once run
 * one after the other and the second sees the first's change: the service never ends up without
 * an active admin. An admin may not disable or demote themselves (409 `operator_self_change`);
 * an actor who is no longer an active admin, or a change that would leave no active admin, is
 * 409 `operator_conflict`. Disabling ends the operator's sessions (`deleteOperatorSessions`).
 */
export async function changeOperator(
  tx: Database,
  input: { operatorId: string; actorId: string; update: OperatorUpdate },
): Promise<OperatorChange> {
  const { operatorId, actorId, update } = input
  const isActiveAdmin = and(eq(operators.role, 'admin'), eq(operators.status, 'active'))
  const locked = await tx
    .select()
    .from(operators)
    .where(or(eq(operators.id, operatorId), isActiveAdmin))
    .orderBy(asc(operators.id))
    .for('update')
  const before = locked.find((operator) => operator.id === operatorId)
  if (before === undefined) throw new ApiError(404, 'record_not_found', 'No such operator')
  const activeAdmins = locked.filter((operator) => operator.role === 'admin' && operator.status === 'active')
  if (!activeAdmins.some((operator) => operator.id === actorId)) {
    throw new ApiError(409, 'operator_conflict', 'Your account was changed by another admin; reload')
  }
  const role = update.role ?? before.role
  const status = update.status ?? before.status
  const isLeavingAdmins =
    before.role === 'admin' && before.status === 'active' && (role !== 'admin' || status !== 'active')
  if (isLeavingAdmins && operatorId === actorId) {
    throw new ApiError(409, 'operator_self_change', 'You cannot disable or demote yourself; ask another admin')
  }
  if (isLeavingAdmins && activeAdmins.every((operator) => operator.id === operatorId)) {
    throw new ApiError(409, 'operator_conflict', 'This is the last active admin')
  }
  if (role === before.role && status === before.status) return { before, after: before }
  const [after] = await tx.update(operators).set({ role, status }).where(eq(operators.id, operatorId)).returning()
  if (after === undefined) throw new Error(`changeOperator: ${operatorId} vanished while locked`)
  if (status === 'disabled' && before.status === 'active') await deleteOperatorSessions(tx, operatorId)
  return { before, after }
}
