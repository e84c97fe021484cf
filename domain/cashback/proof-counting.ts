import type { CashbackStatus } from '../contracts/cashback.ts'
import { maxProofImages, type ProofStatus } from '../contracts/proof.ts'

/**
 * The proofs that make up what is asked for now: the appeal of a rejected transaction, or the
 * proof for 1-day cashback of a pending one. On a rejected transaction, proofs approved earlier
 * (for 1-day cashback) are the record of that decision and not part of the appeal: they neither
 * decide its state nor take any of its 5 places (an approved appeal would have approved it).
 */
export function countedProofs<Proof extends { status: ProofStatus }>(
  transaction: { status: CashbackStatus },
  proofs: readonly Proof[],
): Proof[] {
  return transaction.status === 'REJECTED' ? proofs.filter((proof) => proof.status !== 'approved') : [...proofs]
}

/** How many more pictures the transaction takes, of the 5. */
export function remainingProofPlaces(
  transaction: { status: CashbackStatus },
  proofs: readonly { status: ProofStatus }[],
): number {
  return Math.max(0, maxProofImages - countedProofs(transaction, proofs).length)
}
