import { queryOptions } from '@tanstack/react-query'
import { consoleReviewListSchema } from '#domain/ops/review'
import { requestJson } from '../../lib/console-api'

export const reviewKeys = { all: ['console', 'review-list'] as const }

export const reviewListQueryOptions = queryOptions({
  queryKey: reviewKeys.all,
  queryFn: () => requestJson('api/ops/review-list', consoleReviewListSchema),
})
