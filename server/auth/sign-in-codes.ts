import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import {
  signInCodeLength,
  signInCodeLifetimeSeconds,
  signInCodeMaxAttempts,
  signInCodesPerHour,
  type SignInIdentifier,
} from '#domain/contracts/auth'
import type { Database } from '#server/db/database'
import { signInCodes } from '#server/db/schema'

const hourMilliseconds = 60 * 60 * 1000

/** HMAC-SHA256 of `identifier:code`, hex. Binding the identifier stops a code being replayed for another one. */
export function hashSignInCode(secret: string, identifier: string, code: string): string {
  return createHmac('sha256', secret).update(`${identifier}:${code}`).digest('hex')
}

export function generateSignInCode(): string {
  return String(randomInt(0, 10 ** signInCodeLength)).padStart(signInCodeLength, '0')
}

/**
 * Serializes code issuing and checking per identifier across processes, so two parallel
 * requests can neither exceed the hourly limit nor both spend the last wrong try.
 */
async function lockIdentifier(transaction: Pick<Database, 'execute'>, identifier: string) {
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${identifier}`}))`)
}

export type IssueResult = { issued: true; code: string; expiresAt: Date } | { issued: false; retryAfterSeconds: number }

/**
 * A new code for `identifier`, unless it already had `signInCodesPerHour` codes in the last hour.
 * The new code replaces any earlier one still open.
 */
export async function issueSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; now: Date },
): Promise<IssueResult> {
  const { secret, identifier, now } = options
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    const recent = await transaction
      .select({ createdAt: signInCodes.createdAt })
      .from(signInCodes)
      .where(eq(signInCodes.identifier, identifier.value))
      .orderBy(desc(signInCodes.createdAt))
      .limit(signInCodesPerHour)
    const oldestOfLimit = recent[signInCodesPerHour - 1]
    if (oldestOfLimit !== undefined && now.getTime() - oldestOfLimit.createdAt.getTime() < hourMilliseconds) {
      const freeAt = oldestOfLimit.createdAt.getTime() + hourMilliseconds
      return { issued: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) }
    }

    // Codes older than a day matter for nothing any more.
    await transaction
      .delete(signInCodes)
      .where(
        and(
          eq(signInCodes.identifier, identifier.value),
          lt(signInCodes.createdAt, new Date(now.getTime() - 24 * hourMilliseconds)),
        ),
      )
    await transaction
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.identifier, identifier.value), isNull(signInCodes.usedAt)))

    const code = generateSignInCode()
    const expiresAt = new Date(now.getTime() + signInCodeLifetimeSeconds * 1000)
    await transaction.insert(signInCodes).values({
      identifier: identifier.value,
      codeHash: hashSignInCode(secret, identifier.value, code),
      createdAt: now,
      expiresAt,
    })
    return { issued: true, code, expiresAt }
  })
}

export type CodeCheck = 'valid' | 'invalid_code' | 'code_expired' | 'too_many_attempts'

/**
 * Checks `code` against the identifier's open code. A wrong code counts a try; the
 * `signInCodeMaxAttempts`-th wrong try kills the code. A valid code is not spent here: the
 * caller spends it with `spendSignInCode` once the sign-in succeeds (a missing terms acceptance
 * must not cost the shopper their code).
 */
export async function checkSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; code: string; now: Date },
): Promise<{ result: CodeCheck; codeId?: number }> {
  const { secret, identifier, code, now } = options
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    const [open] = await transaction
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.identifier, identifier.value), isNull(signInCodes.usedAt)))
      .orderBy(desc(signInCodes.createdAt))
      .limit(1)
    if (open === undefined) return { result: 'invalid_code' }
    if (open.failedAttempts >= signInCodeMaxAttempts) return { result: 'too_many_attempts' }
    if (open.expiresAt.getTime() <= now.getTime()) return { result: 'code_expired' }

    const expected = Buffer.from(open.codeHash, 'hex')
    const given = Buffer.from(hashSignInCode(secret, identifier.value, code), 'hex')
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      return { result: 'valid', codeId: open.id }
    }
    const failedAttempts = open.failedAttempts + 1
    await transaction.update(signInCodes).set({ failedAttempts }).where(eq(signInCodes.id, open.id))
    return { result: failedAttempts >= signInCodeMaxAttempts ? 'too_many_attempts' : 'invalid_code' }
  })
}

/** Marks a code used; `false` when another request spent it first. */
export async function spendSignInCode(database: Pick<Database, 'update'>, codeId: number, now: Date): Promise<boolean> {
  const spent = await database
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.id, codeId), isNull(signInCodes.usedAt)))
    .returning({ id: signInCodes.id })
  return spent.length === 1
}
