import { timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm'
import {
  signInCodeLifetimeSeconds,
  signInCodeMaxAttempts,
  type IdentifierKind,
  type SignInIdentifier,
} from '#domain/contracts/auth'
import { identifierChangeCodesPerHour, type PendingIdentifier } from '#domain/contracts/profile'
import { deleteOtherBuyerSessions } from '#server/auth/sessions'
import { generateSignInCode, hashSignInCode } from '#server/auth/sign-in-codes'
import { lockIdentifierClaim, type BuyerRecord } from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { buyers, identifierChanges } from '#server/db/schema'

/**
 * A signed-in buyer's new email or phone becomes a sign-in identifier only after the code sent
 * to it comes back. Otherwise anyone with a moment on an unlocked phone (or a typo) could point
 * the account at an address whose owner would then sign in to it.
 */

const hourMilliseconds = 60 * 60 * 1000

/**
 * What the code's HMAC binds: the buyer and the new identifier. The same code typed for another
 * buyer or another address fails, and it can never open a session: sign-in codes live in
 * another table under another subject.
 */
function codeSubject(buyerId: string, identifier: string): string {
  return `identifier-change:${buyerId}:${identifier}`
}

/** Serializes one buyer's requests and confirmations across processes (the row lock on the buyer). */
async function lockBuyer(transaction: Pick<Database, 'select'>, buyerId: string): Promise<BuyerRecord | undefined> {
  const [row] = await transaction.select().from(buyers).where(eq(buyers.id, buyerId)).for('update')
  return row
}

function currentIdentifier(buyer: BuyerRecord, kind: IdentifierKind): string | null {
  return kind === 'email' ? buyer.email : buyer.phone
}

async function isTakenByAnother(
  transaction: Pick<Database, 'select'>,
  buyerId: string,
  identifier: SignInIdentifier,
): Promise<boolean> {
  const column = identifier.kind === 'email' ? buyers.email : buyers.phone
  const owners = await transaction
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(column, identifier.value), ne(buyers.id, buyerId)))
  return owners.length > 0
}

export type StartRefusal =
  | { result: 'too_many_codes'; retryAfterSeconds: number }
  | { result: 'identifier_taken' | 'identifier_unchanged' | 'buyer_not_found' }

export type StartResult = { result: 'issued'; code: string; expiresAt: Date } | StartRefusal

/**
 * Why `buyer` may not be sent a code for `identifier` now, if it may not. The buyer's limit comes
 * before whether another buyer has the address, and a refusal for a taken address counts toward
 * it (a closed row, no code): otherwise a signed-in buyer could ask about any number of
 * addresses whether they have an account.
 */
async function refusalOf(
  transaction: Pick<Database, 'select' | 'insert'>,
  buyer: BuyerRecord,
  identifier: SignInIdentifier,
  now: Date,
): Promise<StartRefusal | undefined> {
  if (currentIdentifier(buyer, identifier.kind) === identifier.value) return { result: 'identifier_unchanged' }
  const recent = await transaction
    .select({ createdAt: identifierChanges.createdAt })
    .from(identifierChanges)
    .where(
      and(
        eq(identifierChanges.buyerId, buyer.id),
        gt(identifierChanges.createdAt, new Date(now.getTime() - hourMilliseconds)),
      ),
    )
    .orderBy(desc(identifierChanges.createdAt))
    .limit(identifierChangeCodesPerHour)
  const oldestOfLimit = recent[identifierChangeCodesPerHour - 1]
  if (oldestOfLimit !== undefined) {
    const freeAt = oldestOfLimit.createdAt.getTime() + hourMilliseconds
    return { result: 'too_many_codes', retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) }
  }
  if (await isTakenByAnother(transaction, buyer.id, identifier)) {
    await transaction.insert(identifierChanges).values({
      buyerId: buyer.id,
      kind: identifier.kind,
      identifier: identifier.value,
      // No code was made: the row only counts toward the buyer's limit, closed from the start.
      codeHash: '',
      createdAt: now,
      expiresAt: now,
      closedAt: now,
    })
    return { result: 'identifier_taken' }
  }
  return undefined
}

/**
 * Whether `startIdentifierChange` would send a code, without making one: the route counts the
 * code against the per-address and overall limits (server/auth/rate-limits.ts) in between, so
 * a request the buyer's own rules refuse never counts there. A taken address is recorded here.
 */
export async function checkIdentifierChange(
  database: Database,
  options: { buyerId: string; identifier: SignInIdentifier; now: Date },
): Promise<StartRefusal | undefined> {
  const { buyerId, identifier, now } = options
  return database.transaction(async (transaction) => {
    const buyer = await lockBuyer(transaction, buyerId)
    if (buyer === undefined) return { result: 'buyer_not_found' }
    return refusalOf(transaction, buyer, identifier, now)
  })
}

/**
 * Opens a change to `identifier` with a new code, replacing the buyer's pending change of that
 * kind. At most `identifierChangeCodesPerHour` codes (and refusals of a taken address) per buyer
 * per hour, so a buyer cannot use us to mail-bomb other people's addresses or to find out which
 * are registered. Checks everything again under the buyer's lock (`checkIdentifierChange` ran
 * without holding it till now).
 */
export async function startIdentifierChange(
  database: Database,
  options: { secret: string; buyerId: string; identifier: SignInIdentifier; now: Date },
): Promise<StartResult> {
  const { secret, buyerId, identifier, now } = options
  return database.transaction(async (transaction) => {
    const buyer = await lockBuyer(transaction, buyerId)
    if (buyer === undefined) return { result: 'buyer_not_found' }
    const refusal = await refusalOf(transaction, buyer, identifier, now)
    if (refusal !== undefined) return refusal

    await transaction
      .update(identifierChanges)
      .set({ closedAt: now })
      .where(
        and(
          eq(identifierChanges.buyerId, buyerId),
          eq(identifierChanges.kind, identifier.kind),
          isNull(identifierChanges.closedAt),
        ),
      )
    const code = generateSignInCode()
    const expiresAt = new Date(now.getTime() + signInCodeLifetimeSeconds * 1000)
    await transaction.insert(identifierChanges).values({
      buyerId,
      kind: identifier.kind,
      identifier: identifier.value,
      codeHash: hashSignInCode(secret, codeSubject(buyerId, identifier.value), code),
      createdAt: now,
      expiresAt,
    })
    return { result: 'issued', code, expiresAt }
  })
}

export type ConfirmResult =
  | {
      result: 'confirmed'
      buyer: BuyerRecord
      /** The identifiers the buyer had before, to be told of the change. */
      previous: SignInIdentifier[]
      endedSessions: number
    }
  | { result: 'invalid_code' | 'code_expired' | 'too_many_attempts' | 'identifier_taken' }

/**
 * Checks `code` against the buyer's pending change to `identifier` and, when right, makes it the
 * buyer's identifier and ends every other session, all in one transaction. A wrong code counts
 * a try; the `signInCodeMaxAttempts`-th kills it. Whether another account took the identifier
 * meanwhile is checked again under the identifier's claim lock, which registrations take too.
 */
export async function confirmIdentifierChange(
  database: Database,
  options: {
    secret: string
    buyerId: string
    identifier: SignInIdentifier
    code: string
    now: Date
    /** The session the confirmation came with: it stays. */
    sessionToken: string
  },
): Promise<ConfirmResult> {
  const { secret, buyerId, identifier, code, now } = options
  return database.transaction(async (transaction) => {
    const buyer = await lockBuyer(transaction, buyerId)
    if (buyer === undefined) return { result: 'invalid_code' }
    const [pending] = await transaction
      .select()
      .from(identifierChanges)
      .where(
        and(
          eq(identifierChanges.buyerId, buyerId),
          eq(identifierChanges.kind, identifier.kind),
          eq(identifierChanges.identifier, identifier.value),
          isNull(identifierChanges.closedAt),
        ),
      )
      .orderBy(desc(identifierChanges.createdAt))
      .limit(1)
    if (pending === undefined) return { result: 'invalid_code' }
    if (pending.failedAttempts >= signInCodeMaxAttempts) return { result: 'too_many_attempts' }
    if (pending.expiresAt.getTime() <= now.getTime()) return { result: 'code_expired' }

    const expected = Buffer.from(pending.codeHash, 'hex')
    const given = Buffer.from(hashSignInCode(secret, codeSubject(buyerId, identifier.value), code), 'hex')
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const failedAttempts = pending.failedAttempts + 1
      await transaction.update(identifierChanges).set({ failedAttempts }).where(eq(identifierChanges.id, pending.id))
      return { result: failedAttempts >= signInCodeMaxAttempts ? 'too_many_attempts' : 'invalid_code' }
    }

    await lockIdentifierClaim(transaction, identifier.value)
    if (await isTakenByAnother(transaction, buyerId, identifier)) {
      await transaction.update(identifierChanges).set({ closedAt: now }).where(eq(identifierChanges.id, pending.id))
      return { result: 'identifier_taken' }
    }
    const previous = [
      buyer.email === null ? undefined : ({ kind: 'email', value: buyer.email } as const),
      buyer.phone === null ? undefined : ({ kind: 'phone', value: buyer.phone } as const),
    ].filter((entry) => entry !== undefined)
    const [updated] = await transaction
      .update(buyers)
      .set(
        identifier.kind === 'email'
          ? { email: identifier.value, updatedAt: now }
          : { phone: identifier.value, updatedAt: now },
      )
      .where(eq(buyers.id, buyerId))
      .returning()
    if (updated === undefined) return { result: 'invalid_code' }
    await transaction
      .update(identifierChanges)
      .set({ closedAt: now, confirmedAt: now })
      .where(eq(identifierChanges.id, pending.id))
    const endedSessions = await deleteOtherBuyerSessions(transaction, buyerId, options.sessionToken)
    return { result: 'confirmed', buyer: updated, previous, endedSessions }
  })
}

/** The buyer's changes still waiting for their code (at most one per kind). */
export async function listPendingIdentifiers(
  database: Pick<Database, 'select'>,
  buyerId: string,
  now: Date,
): Promise<PendingIdentifier[]> {
  const rows = await database
    .select({
      kind: identifierChanges.kind,
      identifier: identifierChanges.identifier,
      expiresAt: identifierChanges.expiresAt,
    })
    .from(identifierChanges)
    .where(
      and(
        eq(identifierChanges.buyerId, buyerId),
        isNull(identifierChanges.closedAt),
        gt(identifierChanges.expiresAt, now),
        sql`${identifierChanges.failedAttempts} < ${signInCodeMaxAttempts}`,
      ),
    )
    .orderBy(identifierChanges.kind)
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }))
}

/** Drops the pending change of `kind`; nothing to drop is fine too (DELETE is idempotent). */
export async function cancelIdentifierChange(
  database: Pick<Database, 'update'>,
  buyerId: string,
  kind: IdentifierKind,
  now: Date,
): Promise<void> {
  await database
    .update(identifierChanges)
    .set({ closedAt: now })
    .where(
      and(eq(identifierChanges.buyerId, buyerId), eq(identifierChanges.kind, kind), isNull(identifierChanges.closedAt)),
    )
}
