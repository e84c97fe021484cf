import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { maxProofImages, type ProofContentType } from '#domain/contracts/proof'
import { changeTransaction } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { cashbackTransactions, proofs } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { canUploadProof, isActiveProof, type ProofRecord } from '#server/proofs/proof-queries'
import type { ProofStorage } from '#server/proofs/proof-storage'

/**
 * The writes of proofs: sending one, deleting one, and an operator's review of a transaction's
 * pending ones. Each runs in the caller's database transaction with the cashback transaction's
 * row locked, so parallel uploads cannot pass the limit of 5 together and a review cannot race a
 * deletion.
 */

export function createProofId(): string {
  return randomBytes(12).toString('hex')
}

export function proofStorageKey(buyerId: string, proofId: string): string {
  return `${buyerId}/${proofId}`
}

/** The buyer's transaction, locked; 404 `transaction_not_found` for an unknown or another buyer's. */
async function lockBuyerTransaction(tx: Database, buyerId: string, transactionId: string) {
  const [transaction] = await tx
    .select({ id: cashbackTransactions.id, status: cashbackTransactions.status })
    .from(cashbackTransactions)
    .where(and(eq(cashbackTransactions.id, transactionId), eq(cashbackTransactions.buyerId, buyerId)))
    // Like transaction-changes.ts: no key changes, so the weaker lock (no deadlock with inserts
    // that reference the row).
    .for('no key update')
  if (transaction === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')
  return transaction
}

async function countActiveProofs(tx: Database, transactionId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(proofs)
    .where(and(eq(proofs.transactionId, transactionId), isActiveProof))
  return row?.total ?? 0
}

export type ProofUpload = {
  buyerId: string
  transactionId: string
  bytes: Uint8Array<ArrayBuffer>
  contentType: ProofContentType
  width: number
  height: number
  sha256: string
  now: Date
}

/**
 * Stores a checked picture (server/proofs/inspect-image.ts) as a pending proof. The bytes are
 * written before the row: if the row then fails to commit, an unreferenced file is left (never a
 * row without its picture).
 */
export async function addProof(tx: Database, storage: ProofStorage, upload: ProofUpload): Promise<ProofRecord> {
  const transaction = await lockBuyerTransaction(tx, upload.buyerId, upload.transactionId)
  // A transaction appealed and approved is `APPROVED`: only a rejected one takes proofs.
  if (transaction.status !== 'REJECTED') {
    throw new ApiError(409, 'proof_not_allowed', 'Only a rejected transaction can be appealed with proofs')
  }
  if (!canUploadProof(transaction, await countActiveProofs(tx, transaction.id))) {
    throw new ApiError(409, 'proof_limit_reached', `A transaction takes at most ${maxProofImages} proofs`)
  }
  const id = createProofId()
  const storageKey = proofStorageKey(upload.buyerId, id)
  await storage.put(storageKey, upload.bytes, upload.contentType)
  const [record] = await tx
    .insert(proofs)
    .values({
      id,
      transactionId: transaction.id,
      buyerId: upload.buyerId,
      status: 'pending',
      contentType: upload.contentType,
      byteSize: upload.bytes.byteLength,
      width: upload.width,
      height: upload.height,
      sha256: upload.sha256,
      storageKey,
      createdAt: upload.now,
    })
    .returning()
  if (record === undefined) throw new Error('addProof: the insert returned no row')
  return record
}

/**
 * Marks a proof deleted and answers its storage key; the caller removes the bytes after the
 * commit (a rolled-back deletion must still have its picture). Approved proofs stay.
 */
export async function deleteProof(
  tx: Database,
  input: { buyerId: string; transactionId: string; proofId: string; now: Date },
): Promise<string> {
  await lockBuyerTransaction(tx, input.buyerId, input.transactionId)
  const [proof] = await tx
    .select({ status: proofs.status, storageKey: proofs.storageKey })
    .from(proofs)
    .where(and(eq(proofs.id, input.proofId), eq(proofs.transactionId, input.transactionId), isActiveProof))
  if (proof === undefined) throw new ApiError(404, 'proof_not_found', 'No such proof')
  if (proof.status === 'approved') {
    throw new ApiError(409, 'proof_not_deletable', 'An approved proof is the record of the decision and stays')
  }
  await tx.update(proofs).set({ deletedAt: input.now }).where(eq(proofs.id, input.proofId))
  return proof.storageKey
}

export type ProofReview =
  | { decision: 'approve'; reviewer: string; now: Date }
  | { decision: 'reject'; reviewer: string; reason: string; now: Date }

/**
 * An operator's decision on every pending proof of a transaction. Approving also approves the
 * transaction (`appeal_approved` through the state machine, which gives a reversed credit back).
 * Answers the number of proofs decided; 0 when none was pending (nothing is changed).
 */
export async function reviewProofs(tx: Database, transactionId: string, review: ProofReview): Promise<number> {
  const [transaction] = await tx
    .select({ id: cashbackTransactions.id })
    .from(cashbackTransactions)
    .where(eq(cashbackTransactions.id, transactionId))
    .for('no key update')
  if (transaction === undefined) throw new ApiError(404, 'transaction_not_found', `No transaction ${transactionId}`)
  const pending = await tx
    .select({ id: proofs.id })
    .from(proofs)
    .where(and(eq(proofs.transactionId, transactionId), eq(proofs.status, 'pending'), isNull(proofs.deletedAt)))
    .orderBy(asc(proofs.createdAt))
  if (pending.length === 0) return 0

  const pendingOfTransaction = and(
    eq(proofs.transactionId, transactionId),
    eq(proofs.status, 'pending'),
    isNull(proofs.deletedAt),
  )
  if (review.decision === 'reject') {
    const reason = review.reason.trim()
    if (reason === '') throw new ApiError(400, 'rejection_reason_required', 'A refused appeal needs a reason')
    await tx
      .update(proofs)
      .set({ status: 'rejected', rejectionReason: reason, reviewedAt: review.now, reviewedBy: review.reviewer })
      .where(pendingOfTransaction)
    return pending.length
  }

  await tx
    .update(proofs)
    .set({ status: 'approved', reviewedAt: review.now, reviewedBy: review.reviewer })
    .where(pendingOfTransaction)
  const result = await changeTransaction(tx, {
    transactionId,
    event: { kind: 'appeal_approved' },
    actor: review.reviewer,
    note: `appeal approved on ${pending.length} proof${pending.length === 1 ? '' : 's'}`,
    now: review.now,
  })
  if (!result.ok) throw new ApiError(409, result.code, `The transaction cannot be approved on appeal (${result.code})`)
  return pending.length
}
