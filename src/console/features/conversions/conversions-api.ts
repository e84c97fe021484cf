import { queryOptions } from '@tanstack/react-query'
import {
  conversionMatchResponseSchema,
  unmatchedConversionPageSchema,
  type ConversionMatchRequest,
} from '#domain/ops/conversions'
import { consoleConversionSchema } from '#domain/ops/transactions'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const conversionPageSize = 50

export const conversionKeys = {
  all: ['console', 'conversions'] as const,
  unmatched: (offset: number) => [...conversionKeys.all, 'unmatched', offset] as const,
}

export function unmatchedConversionsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: conversionKeys.unmatched(offset),
    queryFn: () =>
      requestJson('api/ops/conversions/unmatched', unmatchedConversionPageSchema, {
        searchParams: { limit: conversionPageSize, offset },
      }),
  })
}

export function matchConversion(conversionId: number, request: ConversionMatchRequest, actionKey: string) {
  return postConsoleJson(`api/ops/conversions/${conversionId}/match`, conversionMatchResponseSchema, request, actionKey)
}

export function dismissConversion(conversionId: number, reason: string, actionKey: string) {
  return postConsoleJson(`api/ops/conversions/${conversionId}/dismiss`, consoleConversionSchema, { reason }, actionKey)
}
