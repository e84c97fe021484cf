import { describe, expect, it } from 'vitest'
import { cashbackStatuses } from '../contracts/cashback.ts'
import {
  applyTransactionEvent,
  initialTransactionState,
  networkTransitions,
  type TransactionLedgerEntryKind,
  type TransactionEvent,
  type TransactionEventResult,
  type TransactionRefusalCode,
  type TransactionState,
} from './transaction-state.ts'

const returned = 'Order returned'
const fraud = 'Fraud suspected'

const stateNames = [
  'tracking',
  'pending',
  'approved',
  'approvedAccepted',
  'approvedArchived',
  'rejected',
  'rejectedAfterCredit',
  'cancelled',
  'appealApproved',
  'appealApprovedAccepted',
  'appealApprovedArchived',
] as const
type StateName = (typeof stateNames)[number]

const states: Record<StateName, TransactionState> = {
  tracking: initialTransactionState,
  pending: {
    status: 'PENDING',
    accepted: false,
    archived: false,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: false,
  },
  approved: {
    status: 'APPROVED',
    accepted: false,
    archived: false,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: false,
  },
  approvedAccepted: {
    status: 'APPROVED',
    accepted: true,
    archived: false,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: false,
  },
  approvedArchived: {
    status: 'APPROVED',
    accepted: true,
    archived: true,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: false,
  },
  rejected: {
    status: 'REJECTED',
    accepted: false,
    archived: false,
    rejectionReason: returned,
    reasonCode: 'item_returned',
    appealApproved: false,
  },
  rejectedAfterCredit: {
    status: 'REJECTED',
    accepted: true,
    archived: false,
    rejectionReason: returned,
    reasonCode: 'item_returned',
    appealApproved: false,
  },
  cancelled: {
    status: 'CANCELLED',
    accepted: false,
    archived: false,
    rejectionReason: null,
    reasonCode: 'order_cancelled',
    appealApproved: false,
  },
  appealApproved: {
    status: 'APPROVED',
    accepted: false,
    archived: false,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: true,
  },
  appealApprovedAccepted: {
    status: 'APPROVED',
    accepted: true,
    archived: false,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: true,
  },
  appealApprovedArchived: {
    status: 'APPROVED',
    accepted: true,
    archived: true,
    rejectionReason: null,
    reasonCode: null,
    appealApproved: true,
  },
}

/** Targets that only appear as results: a rejection whose reason was corrected. */
const resultStates = {
  ...states,
  rejectedForFraud: { ...states.rejected, rejectionReason: fraud, reasonCode: 'terms_breached' },
  rejectedAfterCreditForFraud: { ...states.rejectedAfterCredit, rejectionReason: fraud, reasonCode: 'terms_breached' },
} satisfies Record<string, TransactionState>
type ResultStateName = keyof typeof resultStates

const eventNames = [
  'toTracking',
  'toPending',
  'toApproved',
  'toCancelled',
  'toRejectedReturned',
  'toRejectedFraud',
  'accept',
  'archive',
  'appealApproved',
] as const
type EventName = (typeof eventNames)[number]

const events: Record<EventName, TransactionEvent> = {
  toTracking: { kind: 'network_update', status: 'TRACKING' },
  toPending: { kind: 'network_update', status: 'PENDING' },
  toApproved: { kind: 'network_update', status: 'APPROVED' },
  toCancelled: { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
  toRejectedReturned: {
    kind: 'network_update',
    status: 'REJECTED',
    reasonCode: 'item_returned',
    rejectionReason: returned,
  },
  toRejectedFraud: { kind: 'network_update', status: 'REJECTED', reasonCode: 'terms_breached', rejectionReason: fraud },
  accept: { kind: 'accept' },
  archive: { kind: 'archive' },
  appealApproved: { kind: 'appeal_approved' },
}

/** `same`: an accepted no-op; a code: refused; otherwise the next state and its ledger entry. */
type Expected = 'same' | TransactionRefusalCode | { next: ResultStateName; ledgerEntry?: TransactionLedgerEntryKind }

const refusedOutsideApproved = { accept: 'not_approved', archive: 'not_approved' } as const
const refusedOutsideRejected = { appealApproved: 'not_rejected' } as const
/** After an approved appeal the network has no say any more. */
const networkRefused = {
  toTracking: 'invalid_transition',
  toPending: 'invalid_transition',
  toApproved: 'invalid_transition',
  toCancelled: 'invalid_transition',
  toRejectedReturned: 'invalid_transition',
  toRejectedFraud: 'invalid_transition',
} as const

// Every (state, event) pair, written out: the Record types make a missing pair a type error.
const expectations: Record<StateName, Record<EventName, Expected>> = {
  tracking: {
    toTracking: 'same',
    toPending: { next: 'pending' },
    toApproved: { next: 'approved' },
    toCancelled: { next: 'cancelled' },
    toRejectedReturned: { next: 'rejected' },
    toRejectedFraud: { next: 'rejectedForFraud' },
    ...refusedOutsideApproved,
    ...refusedOutsideRejected,
  },
  pending: {
    toTracking: 'invalid_transition',
    toPending: 'same',
    toApproved: { next: 'approved' },
    toCancelled: { next: 'cancelled' },
    toRejectedReturned: { next: 'rejected' },
    toRejectedFraud: { next: 'rejectedForFraud' },
    ...refusedOutsideApproved,
    ...refusedOutsideRejected,
  },
  approved: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'same',
    toCancelled: 'invalid_transition',
    toRejectedReturned: { next: 'rejected' },
    toRejectedFraud: { next: 'rejectedForFraud' },
    accept: { next: 'approvedAccepted', ledgerEntry: 'cashback_credit' },
    archive: 'not_accepted',
    ...refusedOutsideRejected,
  },
  approvedAccepted: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'same',
    toCancelled: 'invalid_transition',
    toRejectedReturned: { next: 'rejectedAfterCredit', ledgerEntry: 'cashback_reversal' },
    toRejectedFraud: { next: 'rejectedAfterCreditForFraud', ledgerEntry: 'cashback_reversal' },
    accept: 'already_accepted',
    archive: { next: 'approvedArchived' },
    ...refusedOutsideRejected,
  },
  approvedArchived: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'same',
    toCancelled: 'invalid_transition',
    toRejectedReturned: { next: 'rejectedAfterCredit', ledgerEntry: 'cashback_reversal' },
    toRejectedFraud: { next: 'rejectedAfterCreditForFraud', ledgerEntry: 'cashback_reversal' },
    accept: 'already_accepted',
    archive: 'already_archived',
    ...refusedOutsideRejected,
  },
  rejected: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'invalid_transition',
    toCancelled: 'invalid_transition',
    toRejectedReturned: 'same',
    toRejectedFraud: { next: 'rejectedForFraud' },
    ...refusedOutsideApproved,
    appealApproved: { next: 'appealApproved' },
  },
  rejectedAfterCredit: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'invalid_transition',
    toCancelled: 'invalid_transition',
    toRejectedReturned: 'same',
    toRejectedFraud: { next: 'rejectedAfterCreditForFraud' },
    ...refusedOutsideApproved,
    appealApproved: { next: 'appealApprovedAccepted', ledgerEntry: 'cashback_reinstatement' },
  },
  cancelled: {
    toTracking: 'invalid_transition',
    toPending: 'invalid_transition',
    toApproved: 'invalid_transition',
    toCancelled: 'same',
    toRejectedReturned: 'invalid_transition',
    toRejectedFraud: 'invalid_transition',
    ...refusedOutsideApproved,
    ...refusedOutsideRejected,
  },
  appealApproved: {
    ...networkRefused,
    accept: { next: 'appealApprovedAccepted', ledgerEntry: 'cashback_credit' },
    archive: 'not_accepted',
    ...refusedOutsideRejected,
  },
  appealApprovedAccepted: {
    ...networkRefused,
    accept: 'already_accepted',
    archive: { next: 'appealApprovedArchived' },
    ...refusedOutsideRejected,
  },
  appealApprovedArchived: {
    ...networkRefused,
    accept: 'already_accepted',
    archive: 'already_archived',
    ...refusedOutsideRejected,
  },
}

function expectedResult(stateName: StateName, expected: Expected): TransactionEventResult {
  if (expected === 'same') return { ok: true, next: states[stateName], changed: false, ledgerEntry: null }
  if (typeof expected === 'string') return { ok: false, code: expected }
  return { ok: true, next: resultStates[expected.next], changed: true, ledgerEntry: expected.ledgerEntry ?? null }
}

const pairs = Object.entries(expectations).flatMap(([stateName, row]) =>
  Object.entries(row).map(([eventName, expected]) => ({ stateName, eventName, expected })),
)

describe('applyTransactionEvent', () => {
  it('covers every (state, event) pair', () => {
    expect(pairs).toHaveLength(stateNames.length * eventNames.length)
  })

  it.each(stateNames.flatMap((stateName) => eventNames.map((eventName) => [stateName, eventName] as const)))(
    '%s + %s',
    (stateName, eventName) => {
      expect(applyTransactionEvent(states[stateName], events[eventName])).toEqual(
        expectedResult(stateName, expectations[stateName][eventName]),
      )
    },
  )

  it('refuses a rejection without a reason', () => {
    for (const rejectionReason of ['', '   ']) {
      expect(
        applyTransactionEvent(states.pending, {
          kind: 'network_update',
          status: 'REJECTED',
          reasonCode: 'item_returned',
          rejectionReason,
        }),
      ).toEqual({ ok: false, code: 'rejection_reason_required' })
    }
  })

  it('stores the reason trimmed, so a replay with stray spaces is still the same update', () => {
    const result = applyTransactionEvent(states.pending, {
      kind: 'network_update',
      status: 'REJECTED',
      reasonCode: 'item_returned',
      rejectionReason: `  ${returned}\n`,
    })
    expect(result).toEqual({ ok: true, next: states.rejected, changed: true, ledgerEntry: null })
    expect(
      applyTransactionEvent(states.rejected, {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'item_returned',
        rejectionReason: ` ${returned} `,
      }),
    ).toMatchObject({ ok: true, changed: false })
  })

  it('takes a rejection re-sent with another reason code as a correction, and keeps a cancellation’s first reason', () => {
    expect(
      applyTransactionEvent(states.rejected, {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: 'order_not_paid',
        rejectionReason: returned,
      }),
    ).toEqual({
      ok: true,
      next: { ...states.rejected, reasonCode: 'order_not_paid' },
      changed: true,
      ledgerEntry: null,
    })
    expect(
      applyTransactionEvent(
        { ...states.cancelled, reasonCode: 'daily_item_limit' },
        { kind: 'network_update', status: 'CANCELLED', reasonCode: 'order_cancelled' },
      ),
    ).toMatchObject({ ok: true, changed: false, next: { reasonCode: 'daily_item_limit' } })
  })

  it('does not change the state it is given', () => {
    const current = { ...states.approved }
    applyTransactionEvent(current, events.accept)
    expect(current).toEqual(states.approved)
  })
})

describe('networkTransitions', () => {
  it('only moves forward in the order tracking, pending, then a decision', () => {
    for (const from of cashbackStatuses) {
      for (const to of networkTransitions[from]) {
        expect(to).not.toBe(from)
        if (from !== 'APPROVED') expect(cashbackStatuses.indexOf(to)).toBeGreaterThan(cashbackStatuses.indexOf(from))
      }
    }
    expect(networkTransitions.APPROVED).toEqual(['REJECTED'])
    expect(networkTransitions.REJECTED).toEqual([])
    expect(networkTransitions.CANCELLED).toEqual([])
  })
})

describe('every reachable state', () => {
  const allEvents: TransactionEvent[] = Object.values(events)

  function reachableStates(): TransactionState[] {
    const seen = new Map<string, TransactionState>([[JSON.stringify(initialTransactionState), initialTransactionState]])
    const queue = [initialTransactionState]
    for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
      for (const event of allEvents) {
        const result = applyTransactionEvent(state, event)
        if (!result.ok) continue
        const key = JSON.stringify(result.next)
        if (!seen.has(key)) {
          seen.set(key, result.next)
          queue.push(result.next)
        }
      }
    }
    return [...seen.values()]
  }

  it('is one of the states the table covers, or a corrected rejection', () => {
    expect(reachableStates()).toEqual(expect.arrayContaining(Object.values(states)))
    expect(reachableStates()).toHaveLength(Object.keys(resultStates).length)
  })

  it('keeps the invariants: archived ⇒ accepted, accepted ⇒ decided, a reason exactly when rejected or cancelled', () => {
    for (const state of reachableStates()) {
      if (state.archived) expect(state).toMatchObject({ status: 'APPROVED', accepted: true })
      if (state.accepted) expect(['APPROVED', 'REJECTED']).toContain(state.status)
      expect(state.rejectionReason !== null).toBe(state.status === 'REJECTED')
      expect(state.reasonCode !== null).toBe(state.status === 'REJECTED' || state.status === 'CANCELLED')
    }
  })
})

describe('random event sequences', () => {
  /** A small seeded generator (mulberry32), so a failure replays the same sequence. */
  function createRandom(seed: number): () => number {
    let value = seed
    return () => {
      value = (value + 0x6d2b79f5) | 0
      let mixed = Math.imul(value ^ (value >>> 15), 1 | value)
      mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
      return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
    }
  }

  it('credit the wallet at most once (and give a reversed credit back at most once) and hold it exactly while an accepted transaction stays approved', () => {
    const allEvents: TransactionEvent[] = Object.values(events)
    const random = createRandom(20_261_122)
    for (let run = 0; run < 1_000; run += 1) {
      let state = initialTransactionState
      let credits = 0
      let reversals = 0
      let reinstatements = 0
      for (let step = 0; step < 12; step += 1) {
        const event = allEvents[Math.floor(random() * allEvents.length)]
        if (event === undefined) throw new Error('unreachable: index within bounds')
        const result = applyTransactionEvent(state, event)
        if (!result.ok) {
          expect(applyTransactionEvent(state, event)).toEqual(result)
          continue
        }
        if (result.ledgerEntry === 'cashback_credit') credits += 1
        if (result.ledgerEntry === 'cashback_reversal') reversals += 1
        if (result.ledgerEntry === 'cashback_reinstatement') reinstatements += 1
        state = result.next
        const isCredited = state.status === 'APPROVED' && state.accepted
        expect(credits).toBeLessThanOrEqual(1)
        expect(reinstatements).toBeLessThanOrEqual(1)
        expect(credits - reversals + reinstatements).toBe(isCredited ? 1 : 0)
      }
    }
  })
})
