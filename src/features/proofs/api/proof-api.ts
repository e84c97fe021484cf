import { useMutation, useQueryClient } from '@tanstack/react-query'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { proofDeleteResponseSchema, proofSchema } from '#domain/contracts/proof'
import { requestJson } from '../../../lib/api-client'
import { cashbackKeys } from '../../cashback/api/cashback-keys'

/** `api/cashback/{buyerId}/transactions/{transactionId}/proofs` (domain/contracts/proof.ts). */
export function proofsPath(buyerId: string, transactionId: string): string {
  return `api/cashback/${encodeURIComponent(buyerId)}/transactions/${encodeURIComponent(transactionId)}/proofs`
}

/** Sends one picture. The key makes a resend after a lost answer return the first result. */
export function uploadProofImage(options: {
  buyerId: string
  transactionId: string
  bytes: ArrayBuffer
  contentType: string
  idempotencyKey: string
}) {
  return requestJson(proofsPath(options.buyerId, options.transactionId), proofSchema, {
    method: 'post',
    body: options.bytes,
    headers: { 'Content-Type': options.contentType, [idempotencyKeyHeader]: options.idempotencyKey },
    // A picture on a slow 3G link takes a while; a dead link should not hold the queue for long.
    timeout: 60_000,
    retry: 0,
  })
}

/**
 * Deletes a proof (after the shopper confirmed). Online only, not through the outbox: deleting is
 * undone by nothing, so the shopper sees it happen or sees that it did not.
 */
export function useDeleteProof(buyerId: string, transactionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // The key is made per confirmation; ky's own retries of the DELETE reuse it.
    mutationFn: (proofId: string) =>
      requestJson(`${proofsPath(buyerId, transactionId)}/${encodeURIComponent(proofId)}`, proofDeleteResponseSchema, {
        method: 'delete',
        headers: { [idempotencyKeyHeader]: crypto.randomUUID() },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cashbackKeys.all(buyerId) }),
  })
}
