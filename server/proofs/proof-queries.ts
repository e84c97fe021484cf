import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { CashbackStatus } from '#domain/contracts/cashback'
import { maxProofImages, type Appeal, type Proof, type ProofStatus } from '#domain/contracts/proof'
import type { Database } from '#server/db/database'
import { cashbackTransactions, proofs } from '#server/db/schema'

export type ProofRecord = typeof proofs.$inferSelect

/** Proofs that count: not deleted by the shopper. */
export const isActiveProof = isNull(proofs.deletedAt)

/**
 * `Appeal.status` of each transaction, as a column of a query over `cashback_transactions`:
 * pending while any proof waits ('evidence reviewing'), else approved, else rejected; `null`
 * without proofs. The same order as `appealStatusOf`.
 */
export const appealStatusColumn = sql<ProofStatus | null>`(
  select case
    when bool_or(${proofs.status} = 'pending') then 'pending'
    when bool_or(${proofs.status} = 'approved') then 'approved'
    when bool_or(${proofs.status} = 'rejected') then 'rejected'
  end
  from ${proofs}
  where ${proofs.transactionId} = ${cashbackTransactions.id} and ${proofs.deletedAt} is null
)`

export function appealStatusOf(active: readonly Pick<ProofRecord, 'status'>[]): ProofStatus | null {
  for (const status of ['pending', 'approved', 'rejected'] as const) {
    if (active.some((proof) => proof.status === status)) return status
  }
  return null
}

/** Whether another picture may be sent: a rejected transaction (whose appeal was not approved), below 5. */
export function canUploadProof(transaction: { status: CashbackStatus }, activeCount: number): boolean {
  return transaction.status === 'REJECTED' && activeCount < maxProofImages
}

export function proofImagePath(record: Pick<ProofRecord, 'id' | 'buyerId' | 'transactionId'>): string {
  return `/api/cashback/${record.buyerId}/transactions/${record.transactionId}/proofs/${record.id}/image`
}

export function toWireProof(record: ProofRecord): Proof {
  return {
    _id: record.id,
    status: record.status,
    createdAt: record.createdAt.toISOString(),
    reviewedAt: record.reviewedAt?.toISOString() ?? null,
    rejectionReason: record.rejectionReason,
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

/** The appeal as the detail shows it (domain/contracts/proof.ts). */
export function toAppeal(transaction: { status: CashbackStatus }, active: readonly ProofRecord[]): Appeal {
  const status = appealStatusOf(active)
  const lastRefusal = active
    .filter((proof) => proof.status === 'rejected')
    .sort((first, second) => (second.reviewedAt?.getTime() ?? 0) - (first.reviewedAt?.getTime() ?? 0))[0]
  return {
    status,
    rejectionReason: status === 'rejected' ? (lastRefusal?.rejectionReason ?? null) : null,
    canUpload: canUploadProof(transaction, active.length),
  }
}
