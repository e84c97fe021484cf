import { queryOptions } from '@tanstack/react-query'
import {
  proofQueueSchema,
  proofReviewDetailSchema,
  proofReviewResponseSchema,
  type ProofReviewRequest,
} from '#domain/ops/proofs'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const proofKeys = {
  all: ['console', 'proofs'] as const,
  queue: () => [...proofKeys.all, 'queue'] as const,
  review: (transactionId: string) => [...proofKeys.all, 'review', transactionId] as const,
}

export const proofQueueQueryOptions = queryOptions({
  queryKey: proofKeys.queue(),
  queryFn: () => requestJson('api/ops/proofs', proofQueueSchema, { searchParams: { status: 'pending', limit: 100 } }),
})

export function proofReviewQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: proofKeys.review(transactionId),
    queryFn: () => requestJson(`api/ops/proofs/${transactionId}`, proofReviewDetailSchema),
  })
}

export function reviewProofs(transactionId: string, request: ProofReviewRequest, actionKey: string) {
  return postConsoleJson(`api/ops/proofs/${transactionId}/review`, proofReviewResponseSchema, request, actionKey)
}
