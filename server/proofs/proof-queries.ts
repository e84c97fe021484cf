import { and, asc, count, eq, isNull, min, sql } from 'drizzle-orm'
import { remainingProofPlaces } from '#domain/cashback/proof-counting'
import type { ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import type { CashbackReleasePath } from '#domain/cashback/rating'
import type { CashbackStatus } from '#domain/contracts/cashback'
import type { Appeal, Proof, ProofStatus } from '#domain/contracts/proof'
import type { Database } from '#server/db/database'
import { cashbackTransactions, proofs } from '#server/db/schema'

export type ProofRecord = typeof proofs.$inferSelect

/** Proofs that count: not deleted by the shopper. */
export const isActiveProof = isNull(proofs.deletedAt)

/** Proofs an operator has to look at. */
export const isWaitingProof = and(eq(proofs.status, 'pending'), isActiveProof)

/**
 * Purchases with proofs waiting for review, the longest waiting first: the console's proof queue
 * and `npm run ops -- proofs pending`.
 */
export function selectWaitingAppeals(database: Database, limit: number) {
  return database
    .select({
      transactionId: proofs.transactionId,
      buyerId: proofs.buyerId,
      pending: count(),
      oldest: min(proofs.createdAt),
    })
    .from(proofs)
    .where(isWaitingProof)
    .groupBy(proofs.transactionId, proofs.buyerId)
    .orderBy(asc(min(proofs.createdAt)), asc(proofs.transactionId))
    .limit(limit)
}

/**
 * `Appeal.status` of each transaction, as a column of a query over `cashback_transactions`:
 * pending while any proof waits ('evidence reviewing'), else approved, else rejected; `null`
 * without proofs. Over the proofs that count now (domain/cashback/proof-counting.ts): on a
 * rejected transaction, earlier approved ones do not. The list and the detail both read it.
 */
export const appealStatusColumn = sql<ProofStatus | null>`(
  select case
    when bool_or(${proofs.status} = 'pending') then 'pending'
    when bool_or(${proofs.status} = 'approved' and ${cashbackTransactions.status} <> 'REJECTED') then 'approved'
    when bool_or(${proofs.status} = 'rejected') then 'rejected'
  end
  from ${proofs}
  where ${proofs.transactionId} = ${cashbackTransactions.id} and ${proofs.deletedAt} is null
)`

/**
 * A pending purchase whose cashback the rating makes 1-day only with a proof of purchase
 * (`one_day_with_proof`, domain/cashback/rating.ts) and whose proof was not approved yet.
 */
export function isAwaitingOneDayProof(
  transaction: { status: CashbackStatus; releasePath: CashbackReleasePath | null },
  active: readonly Pick<ProofRecord, 'status'>[],
): boolean {
  return (
    transaction.status === 'PENDING' &&
    transaction.releasePath === 'one_day_with_proof' &&
    !active.some((proof) => proof.status === 'approved')
  )
}

/** Whether the transaction takes proofs at all: an appeal of a rejection, or the proof for 1-day cashback. */
export function canTakeProofs(
  transaction: { status: CashbackStatus; releasePath: CashbackReleasePath | null },
  active: readonly Pick<ProofRecord, 'status'>[],
): boolean {
  return transaction.status === 'REJECTED' || isAwaitingOneDayProof(transaction, active)
}

/** Whether another picture may be sent: the transaction takes proofs, and has a place left of the 5. */
export function canUploadProof(
  transaction: { status: CashbackStatus; releasePath: CashbackReleasePath | null },
  active: readonly Pick<ProofRecord, 'status'>[],
): boolean {
  return canTakeProofs(transaction, active) && remainingProofPlaces(transaction, active) > 0
}

export function proofImagePath(record: Pick<ProofRecord, 'id' | 'buyerId' | 'transactionId'>): string {
  return `/api/cashback/${record.buyerId}/transactions/${record.transactionId}/proofs/${record.id}/image`
}

/**
 * Why the shopper is told a proof was refused; `null` unless it was. The database requires a code
 * on every refusal (migration 0023); the column's type cannot say so, hence `other` (the chat).
 */
function shownRejectionReasonCode(
  record: Pick<ProofRecord, 'status' | 'rejectionReasonCode'>,
): ProofRejectionReasonCode | null {
  return record.status === 'rejected' ? (record.rejectionReasonCode ?? 'other') : null
}

/** The buyer's view of a proof: the reason code, never the operator's note. */
export function toWireProof(record: ProofRecord): Proof {
  return {
    _id: record.id,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    reviewedAt: record.reviewedAt?.toISOString() ?? null,
    rejectionReasonCode: shownRejectionReasonCode(record),
    rejectionReason: null,
    contentType: record.contentType,
    byteSize: record.byteSize,
    width: record.width,
    height: record.height,
    sha256: record.sha256,
    imageUrl: proofImagePath(record),
  }
}

/** A transaction's proofs that were not deleted, oldest first. */
export async function listActiveProofs(database: Database, transactionId: string): Promise<ProofRecord[]> {
  return database
    .select()
    .from(proofs)
    .where(and(eq(proofs.transactionId, transactionId), isActiveProof))
    .orderBy(asc(proofs.createdAt), asc(proofs.id))
}

/**
 * The appeal as the detail shows it (domain/contracts/proof.ts); its status is `appealStatusColumn`.
 * Like the proofs, it carries the last refusal's code and never the operator's note.
 */
export function toAppeal(
  transaction: {
    status: CashbackStatus
    releasePath: CashbackReleasePath | null
    appealStatus: ProofStatus | null
  },
  active: readonly ProofRecord[],
): Appeal {
  const status = transaction.appealStatus
  const lastRefusal = active
    .filter((proof) => proof.status === 'rejected')
    .sort((first, second) => (second.reviewedAt?.getTime() ?? 0) - (first.reviewedAt?.getTime() ?? 0))[0]
  return {
    status,
    rejectionReasonCode:
      status === 'rejected' && lastRefusal !== undefined ? shownRejectionReasonCode(lastRefusal) : null,
    rejectionReason: null,
    canUpload: canUploadProof(transaction, active),
  }
}
