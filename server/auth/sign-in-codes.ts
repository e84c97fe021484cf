import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import {
  signInCodeLength,
  signInCodeLifetimeSeconds,
  signInCodeMaxAttempts,
  type SignInIdentifier,
} from '#domain/contracts/auth'
import type { Database } from '#server/db/database'
import { signInCodes } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'

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

export type IssueResult = { code: string; nonce: string; expiresAt: Date; isResent: boolean }

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

function isSameHash(storedHex: string, givenHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex')
  const given = Buffer.from(givenHex, 'hex')
  return stored.length === given.length && timingSafeEqual(stored, given)
}

/**
 * The code a browser asked for, sent again while it has enough life left; otherwise a new one.
 *
 * `nonce` is what the browser's sign-in cookie names (server/auth/sign-in-code-cookie.ts). Only
 * that browser's own live code is sent again: a request without it (a stranger asking for the
 * owner's address, another device) makes a new code and leaves every other code alone, so
 * asking never ends nor re-sends a code someone else is typing. Sending the same code again
 * (rather than a new one each time) keeps one browser at one code and 5 guesses. How often codes
 * may be asked for is limited per address and identifier in server/auth/rate-limits.ts.
 */
export async function issueSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; nonce: string | undefined; now: Date },
): Promise<IssueResult> {
  const { secret, identifier, now } = options
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    if (options.nonce !== undefined) {
      const [own] = await transaction
        .select()
        .from(signInCodes)
        .where(
          and(
            eq(signInCodes.identifier, identifier.value),
            eq(signInCodes.codeNonce, options.nonce),
            isNull(signInCodes.usedAt),
            gt(signInCodes.expiresAt, new Date(now.getTime() + resendMinimumRemainingMilliseconds)),
            lt(signInCodes.failedAttempts, signInCodeMaxAttempts),
          ),
        )
      const code = deriveSignInCode(secret, identifier.value, options.nonce)
      // After AUTH_SECRET changed, the nonce derives a code the row does not hold: make a new one.
      if (own !== undefined && isSameHash(own.codeHash, hashSignInCode(secret, identifier.value, code))) {
        return { code, nonce: options.nonce, expiresAt: own.expiresAt, isResent: true }
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
    return { code, nonce, expiresAt, isResent: false }
  })
}

export type CodeCheck = 'valid' | 'invalid_code' | 'code_expired' | 'too_many_attempts' | 'requested_elsewhere'

/** The answer to a sign-in code that is not `valid`, the same for shoppers and operators. */
export function refuseUnlessCodeIsValid(result: CodeCheck): void {
  switch (result) {
    case 'requested_elsewhere':
      throw new ApiError(
        400,
        'code_requested_elsewhere',
        'No code for this identifier was asked for in this browser; type the code where you asked for it, ' +
          'or ask for a new one here',
      )
    case 'invalid_code':
      throw new ApiError(400, 'invalid_code', 'Wrong code, or it was already used')
    case 'code_expired':
      throw new ApiError(400, 'code_expired', 'The code is older than 10 minutes; request a new one')
    case 'too_many_attempts':
      throw new ApiError(429, 'too_many_attempts', 'Too many wrong tries; request a new code')
    case 'valid':
      return
  }
}

/**
 * Checks `code` against the one code the request's sign-in cookie names (`nonce`). Without a
 * cookie naming a code of this identifier the answer is `requested_elsewhere` and nothing is
 * counted: a stranger's guesses can no longer use up the tries of a code the owner is typing,
 * only those of codes the stranger asked for. A wrong code counts a try on that code; the
 * `signInCodeMaxAttempts`-th kills it. A valid code is not spent here: the caller spends it with
 * `spendSignInCode` once the sign-in succeeds, so a new buyer who has not accepted the terms
 * yet can send the same code again.
 */
export async function checkSignInCode(
  database: Database,
  options: { secret: string; identifier: SignInIdentifier; code: string; nonce: string | undefined; now: Date },
): Promise<{ result: CodeCheck; codeId?: number }> {
  const { secret, identifier, code, nonce, now } = options
  if (nonce === undefined) return { result: 'requested_elsewhere' }
  return database.transaction(async (transaction) => {
    await lockIdentifier(transaction, identifier.value)
    const [row] = await transaction
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.identifier, identifier.value), eq(signInCodes.codeNonce, nonce)))
    if (row === undefined) return { result: 'requested_elsewhere' }
    // Spent by a sign-in (with this code or another of the identifier's).
    if (row.usedAt !== null) return { result: 'invalid_code' }
    if (row.failedAttempts >= signInCodeMaxAttempts) return { result: 'too_many_attempts' }
    if (row.expiresAt.getTime() <= now.getTime()) return { result: 'code_expired' }

    if (isSameHash(row.codeHash, hashSignInCode(secret, identifier.value, code))) {
      return { result: 'valid', codeId: row.id }
    }
    const failedAttempts = row.failedAttempts + 1
    await transaction.update(signInCodes).set({ failedAttempts }).where(eq(signInCodes.id, row.id))
    return { result: failedAttempts < signInCodeMaxAttempts ? 'invalid_code' : 'too_many_attempts' }
  })
}

/**
 * Marks a code used; `false` when another request spent it first. Every other open code of the
 * identifier (other browsers', strangers') is spent with it: one sign-in, no second session from
 * a code still in someone's mailbox.
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
