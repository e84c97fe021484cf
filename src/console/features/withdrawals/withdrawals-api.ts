import { queryOptions } from '@tanstack/react-query'
import type { WithdrawalStatus } from '#domain/contracts/withdrawal'
import {
  consoleWithdrawalDetailSchema,
  consoleWithdrawalPageSchema,
  type ConsoleWithdrawalDetail,
  type WithdrawalStatusUpdate,
} from '#domain/ops/withdrawals'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const withdrawalKeys = {
  all: ['console', 'withdrawals'] as const,
  list: (status: WithdrawalStatus) => [...withdrawalKeys.all, 'list', status] as const,
  detail: (id: string) => [...withdrawalKeys.all, 'detail', id] as const,
}

/** The queue shows the first 200 of a status; finance works it from the oldest. */
export const withdrawalListQueryOptions = (status: WithdrawalStatus) =>
  queryOptions({
    queryKey: withdrawalKeys.list(status),
    queryFn: () => requestJson(`api/ops/withdrawals?status=${status}&limit=200`, consoleWithdrawalPageSchema),
  })

export const withdrawalDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: withdrawalKeys.detail(id),
    queryFn: () => requestJson(`api/ops/withdrawals/${encodeURIComponent(id)}`, consoleWithdrawalDetailSchema),
  })

export function markWithdrawalStatus(
  id: string,
  update: WithdrawalStatusUpdate,
  actionKey: string,
): Promise<ConsoleWithdrawalDetail> {
  return postConsoleJson(
    `api/ops/withdrawals/${encodeURIComponent(id)}/status`,
    consoleWithdrawalDetailSchema,
    update,
    actionKey,
  )
}

/** A plain link: the browser downloads the attachment with the console's session cookie. */
export function withdrawalExportHref(status: 'requested' | 'processing'): string {
  return `/api/ops/withdrawals/export?status=${status}`
}
