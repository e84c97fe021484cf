import { createRecordId } from '#server/db/record-id'
import { desc, eq, sql } from 'drizzle-orm'
import type { SignInIdentifier } from '#domain/contracts/auth'
import { parseSignInIdentifier } from '#domain/contracts/auth'
import type { Buyer, BuyerStatus } from '#domain/contracts/buyer'
import type { PendingIdentifier, Profile, StoredProfile } from '#domain/contracts/profile'
import type { Satang } from '#domain/money'
import type { Database } from '#server/db/database'
import { buyers, buyerStatusEvents } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { readWalletBalance, toBalanceList } from '#server/wallet/wallet-queries'

export type BuyerRecord = typeof buyers.$inferSelect

/**
 * The wire form. `balance` is the buyer's wallet balance in satang, summed from the ledger by the
 * caller (`readWalletBalance`): the buyer table deliberately has no balance column.
 */
export function toBuyer(record: BuyerRecord, balance: Satang): Buyer {
  return {
    buyerId: record.id,
    balance: toBalanceList(balance),
    rating: record.ratingBasisPoints / 100,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    phone: record.phone,
    status: record.status,
    suspendedReason: record.status === 'suspended' ? record.suspendedReason : null,
    createdAt: record.createdAt.toISOString(),
  }
}

/** `toBuyer` with the balance read from the ledger: what the buyer routes answer. */
export async function readBuyerView(database: Database, record: BuyerRecord): Promise<Buyer> {
  return toBuyer(record, await readWalletBalance(database, record.id))
}

export function toStoredProfile(record: BuyerRecord, pendingIdentifiers: PendingIdentifier[]): StoredProfile {
  return {
    pendingIdentifiers,
    firstName: record.firstName,
    lastName: record.lastName,
    age: record.age,
    gender: record.gender,
    email: record.email,
    phone: record.phone,
    birthDate: record.birthDate,
    phoneOrIdNumber: record.phoneOrIdNumber,
  }
}

function identifierColumn(identifier: SignInIdentifier) {
  return identifier.kind === 'email' ? buyers.email : buyers.phone
}

export async function findBuyerByIdentifier(
  database: Database,
  identifier: SignInIdentifier,
): Promise<BuyerRecord | undefined> {
  const [record] = await database
    .select()
    .from(buyers)
    .where(eq(identifierColumn(identifier), identifier.value))
  return record
}

export async function findBuyerById(database: Database, buyerId: string): Promise<BuyerRecord | undefined> {
  const [record] = await database.select().from(buyers).where(eq(buyers.id, buyerId))
  return record
}

/** A buyer id, an email address or a Thai mobile number (operator commands take any). */
export async function findBuyerByReference(database: Database, reference: string): Promise<BuyerRecord | undefined> {
  const identifier = parseSignInIdentifier(reference)
  if (identifier !== undefined) return findBuyerByIdentifier(database, identifier)
  return findBuyerById(database, reference.trim().toLowerCase())
}

/**
 * Serializes every claim of an identifier (a registration, a confirmed identifier change) across
 * processes, so the check "nobody has it" and the write that takes it cannot interleave.
 */
export async function lockIdentifierClaim(transaction: Pick<Database, 'execute'>, identifier: string) {
  await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${`identifier-claim:${identifier}`}))`)
}

/**
 * Registers the buyer behind a new identifier; when a parallel sign-in (or an identifier change
 * confirmed meanwhile) took it first, returns that buyer instead (`isNew: false`).
 */
export async function createBuyer(
  database: Database,
  identifier: SignInIdentifier,
  now: Date,
): Promise<{ record: BuyerRecord; isNew: boolean }> {
  return database.transaction(async (transaction) => {
    await lockIdentifierClaim(transaction, identifier.value)
    const [created] = await insertBuyer(transaction, identifier, now)
    if (created !== undefined) return { record: created, isNew: true }
    const [existing] = await transaction
      .select()
      .from(buyers)
      .where(eq(identifierColumn(identifier), identifier.value))
    if (existing === undefined) throw new Error('buyer insert conflicted but no buyer has the identifier')
    return { record: existing, isNew: false }
  })
}

function insertBuyer(transaction: Pick<Database, 'insert'>, identifier: SignInIdentifier, now: Date) {
  return transaction
    .insert(buyers)
    .values({
      id: createRecordId(),
      email: identifier.kind === 'email' ? identifier.value : null,
      phone: identifier.kind === 'phone' ? identifier.value : null,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
}

function withoutIdentifiers(profile: Profile): Omit<Profile, 'email' | 'phone'> {
  const { firstName, lastName, age, gender, birthDate, phoneOrIdNumber } = profile
  return { firstName, lastName, age, gender, birthDate, phoneOrIdNumber }
}

/**
 * Replaces the profile (PUT semantics: the same body twice gives the same buyer), except email
 * and phone: they are sign-in identifiers and change only once proven with a code
 * (server/buyers/identifier-changes.ts). They are not even looked up here: whether another buyer
 * has an address is told only by an identifier-change request, within that route's limits.
 */
export async function updateBuyerProfile(database: Database, buyerId: string, profile: Profile): Promise<BuyerRecord> {
  const [updated] = await database
    .update(buyers)
    .set({ ...withoutIdentifiers(profile), updatedAt: sql`now()` })
    .where(eq(buyers.id, buyerId))
    .returning()
  if (updated === undefined) throw new ApiError(404, 'buyer_not_found', 'No such buyer')
  return updated
}

/** Suspends or reinstates a buyer and records who did it and why, in one transaction. */
export async function setBuyerStatus(
  database: Database,
  options: { buyerId: string; status: BuyerStatus; reason: string; actor: string },
): Promise<BuyerRecord> {
  return database.transaction(async (transaction) => {
    const [updated] = await transaction
      .update(buyers)
      .set({
        status: options.status,
        suspendedReason: options.status === 'suspended' ? options.reason : null,
        updatedAt: sql`now()`,
      })
      .where(eq(buyers.id, options.buyerId))
      .returning()
    if (updated === undefined) throw new ApiError(404, 'buyer_not_found', `No buyer ${options.buyerId}`)
    await transaction.insert(buyerStatusEvents).values({
      buyerId: options.buyerId,
      status: options.status,
      reason: options.reason,
      actor: options.actor,
    })
    return updated
  })
}

export async function listBuyerStatusEvents(database: Database, buyerId: string, limit = 20) {
  return database
    .select()
    .from(buyerStatusEvents)
    .where(eq(buyerStatusEvents.buyerId, buyerId))
    .orderBy(desc(buyerStatusEvents.createdAt), desc(buyerStatusEvents.id))
    .limit(limit)
}
