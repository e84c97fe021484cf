import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import {
  signInCodeLength,
  signInCodeLifetimeSeconds,
  signInCodeMaxAttempts,
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

export type IssueResult = { code: string; expiresAt: Date; isResent: boolean }

/**
 * A code sent again keeps at least this much of its life, so the shopper has time to type it;
 * closer to its end a new code is made (and the old one still works until it expires).
 */
const resendMinimumRemainingMilliseconds = 3 * 60 * 1000

/** The code behind a nonce: HMAC of the identifier and nonce, so only the database row and AUTH_SECRET together give it. */
export function deriveSignInCode(secret: string, identifier: string, nonce: string): string {
  const digest = createHmac('sha256', secret).update(`sign-in-code:${identifier}:${nonce}`).digest()
  return String(digest.readUIntBE(0, 6) % 10 ** signInCodeLength).padStart(signInCodeLength, '0')
}

/**
 * The identifier's code, sent again while it has enough life left, otherwise a new one.
 *
 * Asking again never ends a code the shopper may be typing. Each new code used to replace the
 * last, so anyone could keep a victim from signing in by asking for codes to their address.
 * Sending the same code (rather than keeping several codes valid) also keeps a guesser's odds
 * at one code per try. How often codes may be asked for is limited per address and identifier
 * in server/auth/rate-limits.ts.
 */
export async function issueSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; now: Date },
): Promise<IssueResult> {
  const { secret, identifier, now } = options
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    const [open] = await transaction
      .select()
      .from(signInCodes)
      .where(
        and(
          eq(signInCodes.identifier, identifier.value),
          isNull(signInCodes.usedAt),
          isNotNull(signInCodes.codeNonce),
          gt(signInCodes.expiresAt, new Date(now.getTime() + resendMinimumRemainingMilliseconds)),
          lt(signInCodes.failedAttempts, signInCodeMaxAttempts),
        ),
      )
      .orderBy(desc(signInCodes.createdAt))
      .limit(1)
    if (open?.codeNonce != null) {
      return {
        code: deriveSignInCode(secret, identifier.value, open.codeNonce),
        expiresAt: open.expiresAt,
        isResent: true,
      }
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
    const nonce = randomBytes(16).toString('hex')
    const code = deriveSignInCode(secret, identifier.value, nonce)
    const expiresAt = new Date(now.getTime() + signInCodeLifetimeSeconds * 1000)
    await transaction.insert(signInCodes).values({
      identifier: identifier.value,
      codeHash: hashSignInCode(secret, identifier.value, code),
      codeNonce: nonce,
      createdAt: now,
      expiresAt,
    })
    return { code, expiresAt, isResent: false }
  })
}

export type CodeCheck = 'valid' | 'invalid_code' | 'code_expired' | 'too_many_attempts'

/**
 * Checks `code` against the identifier's live codes (one, or two when a new one was made near
 * the end of the last one's life). A wrong code counts a try on each live code, so the
 * `signInCodeMaxAttempts`-th wrong try for the identifier kills them. A valid code is not spent
 * here: the caller spends it with `spendSignInCode` once the sign-in succeeds, so a new buyer
 * who has not accepted the terms yet can send the same code again.
 */
export async function checkSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; code: string; now: Date },
): Promise<{ result: CodeCheck; codeId?: number }> {
  const { secret, identifier, code, now } = options
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    const open = await transaction
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.identifier, identifier.value), isNull(signInCodes.usedAt)))
      .orderBy(desc(signInCodes.createdAt))
      .limit(3)
    const [newest] = open
    if (newest === undefined) return { result: 'invalid_code' }
    const live = open.filter(
      (row) => row.failedAttempts < signInCodeMaxAttempts && row.expiresAt.getTime() > now.getTime(),
    )
    if (live.length === 0) {
      return { result: newest.failedAttempts >= signInCodeMaxAttempts ? 'too_many_attempts' : 'code_expired' }
    }

    const given = Buffer.from(hashSignInCode(secret, identifier.value, code), 'hex')
    const match = live.find((row) => {
      const expected = Buffer.from(row.codeHash, 'hex')
      return expected.length === given.length && timingSafeEqual(expected, given)
    })
    if (match !== undefined) return { result: 'valid', codeId: match.id }

    let isAnyAlive = false
    for (const row of live) {
      const failedAttempts = row.failedAttempts + 1
      isAnyAlive ||= failedAttempts < signInCodeMaxAttempts
      await transaction.update(signInCodes).set({ failedAttempts }).where(eq(signInCodes.id, row.id))
    }
    return { result: isAnyAlive ? 'invalid_code' : 'too_many_attempts' }
  })
}

/**
 * Marks a code used; `false` when another request spent it first. The identifier's other open
 * code (see `issueSignInCode`) is spent with it: one sign-in, no second session from it.
 */
export async function spendSignInCode(database: Database, codeId: number, now: Date): Promise<boolean> {
  return database.transaction(async (transaction) => {
    const [spent] = await transaction
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.id, codeId), isNull(signInCodes.usedAt)))
      .returning({ identifier: signInCodes.identifier })
    if (spent === undefined) return false
    await transaction
      .update(signInCodes)
      .set({ usedAt: now })
      .where(and(eq(signInCodes.identifier, spent.identifier), isNull(signInCodes.usedAt)))
    return true
  })
}
