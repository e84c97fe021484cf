import type { CashbackStatus } from '../contracts/cashback.ts'
import type { LedgerEntryKind } from '../wallet/ledger.ts'
import type { RejectionReasonCode } from './rejection-reasons.ts'

/**
 * The one state machine of a cashback transaction (spec section 4, issue 5). Every change to a
 * transaction, whether it comes from a network postback, the operator command or the shopper,
 * goes through `applyTransactionEvent`, so the server, the operator tool and the tests cannot
 * disagree on what is allowed.
 *
 * Statuses are the wire values of `cashbackStatuses` (domain/contracts/cashback.ts), so a stored
 * row maps to a state without translation.
 */
export interface TransactionState {
  status: CashbackStatus
  /**
   * The shopper pressed Accept on the approved transaction and its cashback was credited. Stays
   * `true` after a later rejection: it records that a credit was made (and reversed), which is
   * what keeps a second rejection update from reversing twice.
   */
  accepted: boolean
  /** Claimed: moved out of the approved tab by the shopper. Only accepted transactions can be. */
  archived: boolean
  /**
   * Set exactly when the status is `REJECTED`: the network's or operator's own words, kept for
   * operators. The shopper is told `reasonCode`.
   */
  rejectionReason: string | null
  /**
   * Set exactly when the status is `REJECTED` or `CANCELLED`: why, out of the closed set the
   * shopper reads in their language (domain/cashback/rejection-reasons.ts). The shopper is always
   * told why (product notes, complaint 4).
   */
  reasonCode: RejectionReasonCode | null
  /**
   * An operator approved the shopper's appeal of a rejection (issue 6, proofs). That decision is
   * final: the network's later updates (a replayed rejection above all) are refused, so an
   * appeal cannot be undone by a retry and the money moves back at most once.
   */
  appealApproved: boolean
}

/**
 * Where every transaction starts. The first conversion of a click is applied as an ordinary
 * `network_update`, so a conversion that arrives already approved or rejected takes the same
 * path (and the same checks) as a later update.
 */
export const initialTransactionState: TransactionState = {
  status: 'TRACKING',
  accepted: false,
  archived: false,
  rejectionReason: null,
  reasonCode: null,
  appealApproved: false,
}

/**
 * The statuses a network update may move each status to. Networks only move forward and may
 * skip steps (a first postback can already say approved). `APPROVED → REJECTED` is the one way
 * back: a network may claw back a commission after approval (a return found late), and spec
 * section 4 lets the wallet go negative for it. `REJECTED` and `CANCELLED` are final; an
 * approved purchase cancelled later reaches us as a rejection, so the shopper sees a reason.
 */
export const networkTransitions: Readonly<Record<CashbackStatus, readonly CashbackStatus[]>> = {
  TRACKING: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'],
  PENDING: ['APPROVED', 'REJECTED', 'CANCELLED'],
  APPROVED: ['REJECTED'],
  REJECTED: [],
  CANCELLED: [],
}

export const transactionEventKinds = ['network_update', 'accept', 'archive', 'appeal_approved'] as const
export type TransactionEventKind = (typeof transactionEventKinds)[number]

/**
 * - `network_update`: the network (or the operator acting for a network without postbacks) says
 *   the purchase now has `status`; a rejection carries its reason code and the words it was given
 *   in, a cancellation its reason code.
 * - `accept`: the shopper accepts approved cashback into the wallet.
 * - `archive`: the shopper archives (claims) an accepted transaction.
 * - `appeal_approved`: an operator approved the proofs the shopper sent against a rejection; the
 *   transaction is approved (and a reversed credit is given back).
 */
export type TransactionEvent =
  | { kind: 'network_update'; status: Exclude<CashbackStatus, 'REJECTED' | 'CANCELLED'> }
  | { kind: 'network_update'; status: 'REJECTED'; reasonCode: RejectionReasonCode; rejectionReason: string }
  | { kind: 'network_update'; status: 'CANCELLED'; reasonCode: RejectionReasonCode }
  | { kind: 'accept' }
  | { kind: 'archive' }
  | { kind: 'appeal_approved' }

/**
 * Stable refusal codes; the API answers them as error codes and the UI maps them to messages.
 * - `invalid_transition`: a network update that would move backwards or leave a final status.
 * - `rejection_reason_required`: a rejection with empty words (operators read them).
 * - `not_approved`: accept or archive on a transaction that is not approved.
 * - `already_accepted`: a second accept (the ledger must credit once; see `ledgerEntry`).
 * - `not_accepted`: archive before accept, which would hide cashback the shopper never took.
 * - `already_archived`: a second archive.
 * - `not_rejected`: an appeal approval on a transaction that is not rejected.
 */
export const transactionRefusalCodes = [
  'invalid_transition',
  'rejection_reason_required',
  'not_approved',
  'already_accepted',
  'not_accepted',
  'already_archived',
  'not_rejected',
] as const
export type TransactionRefusalCode = (typeof transactionRefusalCodes)[number]

/**
 * The wallet ledger entry a change requires, in the same database transaction as the state
 * change: `cashback_credit` of the transaction's cashback on accept, `cashback_reversal` of that credit when an
 * accepted transaction is rejected afterwards, `cashback_reinstatement` of it when that rejection
 * is overturned on appeal. Part of the result so no caller can apply the change and forget the money.
 */
export type TransactionLedgerEntryKind = Extract<
  LedgerEntryKind,
  'cashback_credit' | 'cashback_reversal' | 'cashback_reinstatement'
>

export type TransactionEventResult =
  | {
      ok: true
      next: TransactionState
      /** `false` for a repeated identical update: nothing to write, no history entry. */
      changed: boolean
      ledgerEntry: TransactionLedgerEntryKind | null
    }
  | { ok: false; code: TransactionRefusalCode }

export function applyTransactionEvent(current: TransactionState, event: TransactionEvent): TransactionEventResult {
  switch (event.kind) {
    case 'network_update':
      return applyNetworkUpdate(current, event)
    case 'accept':
      if (current.status !== 'APPROVED') return refuse('not_approved')
      if (current.accepted) return refuse('already_accepted')
      return change({ ...current, accepted: true }, 'cashback_credit')
    case 'archive':
      if (current.status !== 'APPROVED') return refuse('not_approved')
      if (current.archived) return refuse('already_archived')
      if (!current.accepted) return refuse('not_accepted')
      return change({ ...current, archived: true }, null)
    case 'appeal_approved':
      if (current.status !== 'REJECTED') return refuse('not_rejected')
      // A transaction never credited waits for the shopper's Accept like any approval; one whose
      // credit was reversed gets it back now (it was accepted once already).
      return change(
        { ...current, status: 'APPROVED', rejectionReason: null, reasonCode: null, appealApproved: true },
        current.accepted ? 'cashback_reinstatement' : null,
      )
  }
}

function applyNetworkUpdate(
  current: TransactionState,
  event: Extract<TransactionEvent, { kind: 'network_update' }>,
): TransactionEventResult {
  // The operator decided the appeal against the network's rejection; nothing the network says
  // afterwards (a replay of that rejection above all) changes it.
  if (current.appealApproved) return refuse('invalid_transition')
  let rejectionReason: string | null = null
  if (event.status === 'REJECTED') {
    rejectionReason = event.rejectionReason.trim()
    if (rejectionReason === '') return refuse('rejection_reason_required')
  }
  const reasonCode = event.status === 'REJECTED' || event.status === 'CANCELLED' ? event.reasonCode : null

  if (event.status === current.status) {
    // Networks retry (Accesstrade three times) and replay; the same news twice changes nothing.
    // A cancellation is final with the reason it was first given (a network's later "cancelled"
    // does not turn our item limit into a plain cancellation).
    if (
      event.status !== 'REJECTED' ||
      (rejectionReason === current.rejectionReason && reasonCode === current.reasonCode)
    )
      return { ok: true, next: current, changed: false, ledgerEntry: null }
    // A rejection re-sent with another reason is the network correcting itself: the shopper
    // sees the latest reason, and no money moves.
    return change({ ...current, rejectionReason, reasonCode }, null)
  }

  if (!networkTransitions[current.status].includes(event.status)) return refuse('invalid_transition')

  // Only an accepted transaction was credited, so only its rejection takes money back. The
  // archive flag is cleared so the rejection and its reason show in the rejected tab instead
  // of hiding among claimed cashback.
  const isReversal = current.status === 'APPROVED' && current.accepted
  return change(
    {
      status: event.status,
      accepted: current.accepted,
      archived: false,
      rejectionReason,
      reasonCode,
      appealApproved: false,
    },
    isReversal ? 'cashback_reversal' : null,
  )
}

function change(next: TransactionState, ledgerEntry: TransactionLedgerEntryKind | null): TransactionEventResult {
  return { ok: true, next, changed: true, ledgerEntry }
}

function refuse(code: TransactionRefusalCode): TransactionEventResult {
  return { ok: false, code }
}
