import { purchaseNotificationValues, recordNotification } from '#server/notifications/notification-records'
import { createRecordId } from '#server/db/record-id'
import { and, count, eq, isNull, max } from 'drizzle-orm'
import { proofRejectionReasonCodes, type ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import { maxProofImages, type ProofContentType } from '#domain/contracts/proof'
import { addDays } from '#domain/dates'
import { changeTransaction } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, proofs } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import {
  canTakeProofs,
  canUploadProof,
  isActiveProof,
  listActiveProofs,
  type ProofRecord,
} from '#server/proofs/proof-queries'
import type { ProofStorage } from '#server/proofs/proof-storage'

/**
 * The writes of proofs: sending one, deleting one, and an operator's review of a transaction's
 * pending ones. Each runs in the caller's database transaction with the cashback transaction's
 * row locked, so parallel uploads cannot pass the limit of 5 together and a review cannot race a
 * deletion.
 */

export function proofStorageKey(buyerId: string, proofId: string): string {
  return `${buyerId}/${proofId}`
}

/**
 * The transaction, locked; 404 `transaction_not_found` for an unknown one, or with `buyerId`
 * another buyer's.
 */
async function lockTransaction(tx: Database, transactionId: string, buyerId?: string) {
  const [transaction] = await tx
    .select({
      id: cashbackTransactions.id,
      buyerId: cashbackTransactions.buyerId,
      merchantId: cashbackTransactions.merchantId,
      cashbackAmount: cashbackTransactions.cashbackAmount,
      status: cashbackTransactions.status,
      releasePath: cashbackTransactions.releasePath,
    })
    .from(cashbackTransactions)
    .where(
      and(
        eq(cashbackTransactions.id, transactionId),
        buyerId === undefined ? undefined : eq(cashbackTransactions.buyerId, buyerId),
      ),
    )
    // Like transaction-changes.ts: no key changes, so the weaker lock (no deadlock with inserts
    // that reference the row).
    .for('no key update')
  if (transaction === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')
  return transaction
}

/**
 * 404 `transaction_not_found` unless the buyer has this transaction: checked, unlocked, before a
 * picture is decoded, so made-up ids cost no decoding. (`addProof` checks again under its lock,
 * with the rules on state and count; those are not checked early, as an idempotent replay of an
 * accepted upload must still get its first answer.)
 */
export async function requireOwnTransaction(database: Database, buyerId: string, transactionId: string) {
  const [transaction] = await database
    .select({ id: cashbackTransactions.id })
    .from(cashbackTransactions)
    .where(and(eq(cashbackTransactions.id, transactionId), eq(cashbackTransactions.buyerId, buyerId)))
  if (transaction === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')
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
 * Stores a checked and re-encoded picture (server/proofs/reencode-proof-image.ts) as a pending
 * proof; `upload` describes the bytes stored, not the ones sent. The bytes are
 * written before the row: if the row then fails to commit, an unreferenced file is left (never a
 * row without its picture).
 */
export async function addProof(tx: Database, storage: ProofStorage, upload: ProofUpload): Promise<ProofRecord> {
  const transaction = await lockTransaction(tx, upload.transactionId, upload.buyerId)
  const active = await listActiveProofs(tx, transaction.id)
  // A transaction appealed and approved is `APPROVED`, and a 1-day proof once approved is enough.
  if (!canTakeProofs(transaction, active)) {
    throw new ApiError(
      409,
      'proof_not_allowed',
      'Proofs are taken for a rejected transaction, or for a pending one that a proof makes 1-day cashback',
    )
  }
  if (!canUploadProof(transaction, active)) {
    throw new ApiError(409, 'proof_limit_reached', `A transaction takes at most ${maxProofImages} proofs`)
  }
  const id = createRecordId()
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
  await lockTransaction(tx, input.transactionId, input.buyerId)
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

/**
 * A refusal tells the shopper why with `reasonCode` (domain/cashback/proof-rejection-reasons.ts),
 * in their language; `note` is the operator's own words, kept for operators and never shown to the
 * shopper.
 */
export type ProofReview =
  | { decision: 'approve'; reviewer: string; now: Date }
  | { decision: 'reject'; reviewer: string; reasonCode: ProofRejectionReasonCode; note: string | null; now: Date }

/**
 * What a review changed besides the proofs: an appeal approved the rejected transaction; a 1-day
 * proof scheduled the pending purchase's release (`releaseAt`); or nothing else (a refusal, or a
 * transaction the network decided meanwhile).
 */
export type ProofReviewOutcome =
  | { decided: number; effect: 'appeal_approved' }
  | { decided: number; effect: 'one_day_release'; releaseAt: Date }
  | { decided: number; effect: 'none' }

/**
 * An operator's decision on every pending proof of a transaction, by what the transaction is now:
 * - rejected: approving is the appeal (`appeal_approved` through the state machine, which gives a
 *   reversed credit back);
 * - pending on `one_day_with_proof`: approving releases the cashback like 1-day cashback, 1 day
 *   after the purchase was confirmed, or at once when that day has passed (the release job);
 * - anything else: the proofs are marked and nothing else changes.
 * `decided` is 0 when none was pending (nothing is changed).
 */
export async function reviewProofs(
  tx: Database,
  transactionId: string,
  review: ProofReview,
): Promise<ProofReviewOutcome> {
  // The console and the CLI validate the code first; any other caller gets the same refusal
  // rather than the database CHECK's 500.
  if (review.decision === 'reject' && !proofRejectionReasonCodes.includes(review.reasonCode)) {
    throw new ApiError(400, 'proof_reason_code_required', 'A refused proof needs a reason code of the closed set')
  }
  const transaction = await lockTransaction(tx, transactionId)
  const pendingOfTransaction = and(
    eq(proofs.transactionId, transactionId),
    eq(proofs.status, 'pending'),
    isNull(proofs.deletedAt),
  )
  const [pending] = await tx.select({ total: count() }).from(proofs).where(pendingOfTransaction)
  const decided = pending?.total ?? 0
  if (decided === 0) return { decided, effect: 'none' }

  if (review.decision === 'reject') {
    const note = review.note?.trim() ?? ''
    await tx
      .update(proofs)
      .set({
        status: 'rejected',
        rejectionReasonCode: review.reasonCode,
        rejectionReason: note === '' ? null : note,
        reviewedAt: review.now,
        reviewedBy: review.reviewer,
      })
      .where(pendingOfTransaction)
    await notifyProofReview(tx, transaction, 'proof_rejected', review.now)
    return { decided, effect: 'none' }
  }

  await tx
    .update(proofs)
    .set({ status: 'approved', reviewedAt: review.now, reviewedBy: review.reviewer })
    .where(pendingOfTransaction)
  await notifyProofReview(tx, transaction, 'proof_approved', review.now)
  const note = `proofs approved (${decided})`
  if (transaction.status === 'REJECTED') {
    const result = await changeTransaction(tx, {
      transactionId,
      event: { kind: 'appeal_approved' },
      actor: review.reviewer,
      note,
      now: review.now,
    })
    if (!result.ok)
      throw new ApiError(409, result.code, `The transaction cannot be approved on appeal (${result.code})`)
    return { decided, effect: 'appeal_approved' }
  }
  if (transaction.status === 'PENDING' && transaction.releasePath === 'one_day_with_proof') {
    const releaseAt = await scheduleOneDayRelease(tx, transactionId, review.now)
    return { decided, effect: 'one_day_release', releaseAt }
  }
  return { decided, effect: 'none' }
}

/** Each review is news of its own: a shopper may send proofs again after a refusal. */
async function notifyProofReview(
  tx: Database,
  transaction: { id: string; buyerId: string; merchantId: string; cashbackAmount: number },
  kind: 'proof_approved' | 'proof_rejected',
  now: Date,
): Promise<void> {
  await recordNotification(tx, {
    buyerId: transaction.buyerId,
    kind,
    reasonKey: `proof-review:${transaction.id}:${now.toISOString()}`,
    values: await purchaseNotificationValues(tx, transaction),
    now,
  })
}

/**
 * Sets the release of a pending `one_day_with_proof` purchase: 1 day after it became pending, as
 * on the `one_day` path, or now when that is past (the release job approves it within a minute).
 */
async function scheduleOneDayRelease(tx: Database, transactionId: string, now: Date): Promise<Date> {
  const [pendingStep] = await tx
    .select({ at: max(cashbackTransactionEvents.createdAt) })
    .from(cashbackTransactionEvents)
    .where(
      and(eq(cashbackTransactionEvents.transactionId, transactionId), eq(cashbackTransactionEvents.kind, 'PENDING')),
    )
  const pendingAt = pendingStep?.at ?? now
  const releaseAt = new Date(Math.max(addDays(pendingAt, 1).getTime(), now.getTime()))
  await tx
    .update(cashbackTransactions)
    .set({ releaseAt, expectedAt: releaseAt, updatedAt: now })
    .where(eq(cashbackTransactions.id, transactionId))
  return releaseAt
}
