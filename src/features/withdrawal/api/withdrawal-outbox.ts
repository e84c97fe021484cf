import type { QueryClient } from '@tanstack/react-query'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { withdrawalSchema, type Withdrawal, type WithdrawalRequest } from '#domain/contracts/withdrawal'
import { isApiError, requestJson } from '../../../lib/api-client'
import { getAppOutbox, type OutboxItem, type OutboxRefusal } from '../../../lib/outbox'
import { accountKeys } from '../../account/api/account-keys'
import { withdrawalsPath } from './get-withdrawals'
import { withdrawalKeys } from './withdrawal-keys'

export const withdrawalOutboxKind = 'withdrawal'

/** The queued form of a withdrawal or exchange: the request as the shopper confirmed it. */
export type QueuedWithdrawal = OutboxItem & { payload: WithdrawalRequest }

export function isQueuedWithdrawal(item: OutboxItem): item is QueuedWithdrawal {
  return item.kind === withdrawalOutboxKind
}

/**
 * Sends queued withdrawals. A 4xx answer is the server deciding (a rule, a bad field): the item
 * is kept as refused with the reason. No answer, or a 5xx, is not a decision: it waits and is
 * tried again with the same key.
 */
export function registerWithdrawalSender(queryClient: QueryClient): void {
  const outbox = getAppOutbox()
  outbox.registerSender(withdrawalOutboxKind, async (item) => {
    try {
      const withdrawal = await requestJson(withdrawalsPath(item.buyerId), withdrawalSchema, {
        method: 'post',
        json: item.payload,
        headers: { [idempotencyKeyHeader]: item.id },
        // Five seconds of a dead network should not hold the queue for ky's default timeout.
        timeout: 20_000,
      })
      return { status: 'sent', result: withdrawal }
    } catch (error) {
      if (isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
        const { fields, minimum, balance, usableFrom } = error.details
        const numbers = {
          ...(minimum === undefined ? {} : { minimum }),
          ...(balance === undefined ? {} : { balance }),
          // Numbers only are kept with a refusal: the time as epoch milliseconds.
          ...(usableFrom === undefined ? {} : { usableFrom: Date.parse(usableFrom) }),
        }
        // The server saved the details the request carried even though it refused it for now.
        if (error.code === 'payout_account_waiting') {
          void queryClient.invalidateQueries({ queryKey: withdrawalKeys.payoutAccounts(item.buyerId) })
        }
        return { status: 'refused', code: error.code, ...(fields ? { fields } : {}), numbers }
      }
      throw error
    }
  })
  outbox.onSent((item, result) => {
    if (!isQueuedWithdrawal(item)) return
    const withdrawal = result as Withdrawal
    queryClient.setQueryData(withdrawalKeys.detail(item.buyerId, withdrawal._id), withdrawal)
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all(item.buyerId) })
    void queryClient.invalidateQueries({ queryKey: accountKeys.balance(item.buyerId) })
    void queryClient.invalidateQueries({ queryKey: ['account', 'cashback', item.buyerId] })
  })
}

type SubmitOutcome =
  | { status: 'sent'; withdrawal: Withdrawal }
  | { status: 'queued'; key: string }
  | { status: 'refused'; refusal: OutboxRefusal }

/**
 * Queues a confirmed withdrawal and, online, waits a little for its answer so the success page
 * can show it. A refusal in that time is handed back and the item leaves the outbox: the shopper
 * is still on the form and corrects it there.
 */
export async function submitWithdrawal(
  buyerId: string,
  request: WithdrawalRequest,
  waitMilliseconds = 15_000,
): Promise<SubmitOutcome> {
  const outbox = getAppOutbox()
  const key = crypto.randomUUID()
  const answer = new Promise<SubmitOutcome>((resolve) => {
    const stopSent = outbox.onSent((item, result) => {
      if (item.id !== key) return
      stopSent()
      stopChanges()
      resolve({ status: 'sent', withdrawal: result as Withdrawal })
    })
    const stopChanges = outbox.subscribe(() => {
      const refusal = outbox.items().find((item) => item.id === key && item.state === 'refused')?.refusal
      if (refusal == null) return
      stopSent()
      stopChanges()
      resolve(outbox.discard(key).then(() => ({ status: 'refused', refusal })))
    })
  })
  await outbox.enqueue({ id: key, kind: withdrawalOutboxKind, buyerId, payload: request })
  if (!navigator.onLine) return { status: 'queued', key }
  const timeout = new Promise<SubmitOutcome>((resolve) =>
    setTimeout(() => resolve({ status: 'queued', key }), waitMilliseconds),
  )
  return Promise.race([answer, timeout])
}
