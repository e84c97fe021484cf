import { randomBytes } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Operator, OperatorInvite } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { operators } from '#server/db/schema'
import { isUniqueViolation } from '#server/db/unique-violation'
import { ApiError } from '#server/http/api-error'

export type OperatorRecord = typeof operators.$inferSelect

export function createOperatorId(): string {
  return `op_${randomBytes(8).toString('hex')}`
}

/** The wire form: never the second-factor secrets. */
export function toOperator(record: OperatorRecord): Operator {
  return { id: record.id, email: record.email, name: record.name, role: record.role, status: record.status }
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
