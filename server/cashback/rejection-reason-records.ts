import {
  cancellationReasonCodeOf,
  rejectionReasonCodeOf,
  type RejectionReasonCode,
} from '#domain/cashback/rejection-reasons'
import type { CashbackHistoryKind, CashbackStatus } from '#domain/contracts/cashback'
import { itemLimitActor } from '#server/cashback/item-limit'

/*
 * The reason code of a stored decision. Migration 0019 gave every decision before it one, but the
 * release before it still runs beside this one during a rolling deploy (docs/decisions/001) and
 * writes decisions with words only: those are read by the rules the migration used, so every
 * reader, the state machine included, sees a code exactly on rejected and cancelled purchases.
 */

export function reasonCodeOfTransaction(record: {
  status: CashbackStatus
  reasonCode: RejectionReasonCode | null
  rejectionReason: string | null
  cancellationReason: string | null
}): RejectionReasonCode | null {
  if (record.status === 'REJECTED') return record.reasonCode ?? rejectionReasonCodeOf(record.rejectionReason)
  if (record.status !== 'CANCELLED') return null
  // Only the daily item limit writes a cancellation's words.
  return record.reasonCode ?? (record.cancellationReason === null ? 'order_cancelled' : 'daily_item_limit')
}

export function reasonCodeOfHistoryStep(event: {
  kind: CashbackHistoryKind
  reasonCode: RejectionReasonCode | null
  rejectionReason: string | null
  actor: string
}): RejectionReasonCode | null {
  if (event.kind === 'REJECTED') return event.reasonCode ?? rejectionReasonCodeOf(event.rejectionReason)
  if (event.kind !== 'CANCELLED') return null
  return event.reasonCode ?? (event.actor === itemLimitActor ? 'daily_item_limit' : cancellationReasonCodeOf(null))
}
