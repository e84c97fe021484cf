import { and, eq, isNull } from 'drizzle-orm'
import { cancellationReasonCodeOf, rejectionReasonCodeOf } from '#domain/cashback/rejection-reasons'
import type { TransactionEvent } from '#domain/cashback/transaction-state'
import type { Currency } from '#domain/contracts/buyer'
import type { PostbackOutcome, PostbackResponse, PostbackStatus } from '#domain/contracts/postback'
import type { Satang } from '#domain/money'
import { isPurchasePastDailyItemLimit, itemLimitCancellation } from '#server/cashback/item-limit'
import { changeTransaction, recordPurchase, type TransactionChangeResult } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { clicks, conversions } from '#server/db/schema'

/** What a network says about one conversion, in our units (both postback forms map to it). */
export type NetworkConversion = {
  conversionId: string
  /** Our click id as the network's sub-id; may be anything, since networks echo what they got. */
  clickId: string
  orderId: string
  status: PostbackStatus
  saleAmount: Satang
  currency: Currency
  payout: Satang | null
  reason: string | null
  /** `null` when the network did not say; the time we first heard of it is used. */
  orderTime: Date | null
  /** The merchant's item (SKU or product id); `null` or left out when the network did not say. */
  sku?: string | null
  /** Pieces of `sku`; `null` or left out when the network did not say (counted as 1). */
  quantity?: number | null
}

export type ConversionIngestInput = {
  network: string
  conversion: NetworkConversion
  /** The request as received (JSON body, or the GET query without its token), kept for operators and disputes. */
  payload: Record<string, unknown>
  now: Date
}

/** Conversions no click matched and no operator dismissed: what waits for a person. */
export const isWaitingUnmatched = and(isNull(conversions.transactionId), isNull(conversions.dismissedAt))

/**
 * The words kept for operators when a network rejects without saying why (often); the shopper is
 * told `other`, the merchant gave no reason.
 */
export const defaultRejectionReason = 'Rejected by the merchant'

export type ConversionRow = typeof conversions.$inferSelect

/** The conversion columns that carry what the network said (everything but bookkeeping). */
type ConversionFacts = Pick<
  ConversionRow,
  | 'clickId'
  | 'orderId'
  | 'networkStatus'
  | 'saleAmount'
  | 'payout'
  | 'currency'
  | 'reason'
  | 'orderTime'
  | 'sku'
  | 'quantity'
>

/**
 * Records one postback, idempotently on (network, conversion id), in one database transaction
 * that also creates or moves the cashback transaction, so a network only gets its 200 once both
 * are committed:
 * - no transaction yet and a known click → the purchase is recorded for the click's buyer and the
 *   network's status applied → `created` (suspended buyers included: what they are paid is
 *   decided when money moves, and the purchase is a fact either way);
 *   A purchase past the daily item limit (more than 5 pieces of one item from one buyer in one
 *   Bangkok day, server/cashback/item-limit.ts) is recorded and cancelled at once, with the reason
 *   the shopper sees;
 * - an unknown click → the conversion is kept without a transaction → `unmatched`;
 * - a transaction → the status goes through the state machine → `updated` or `unchanged`, or the
 *   machine's refusal is kept on the conversion → `ignored`.
 */
export async function ingestConversion(database: Database, input: ConversionIngestInput): Promise<PostbackResponse> {
  const { network, conversion, now } = input
  const actor = `network:${network}`
  return database.transaction(async (transaction) => {
    let row = await lockConversion(transaction, network, conversion.conversionId)
    let isNew = false
    if (row === undefined) {
      const [inserted] = await transaction
        .insert(conversions)
        .values({
          network,
          conversionId: conversion.conversionId,
          ...conversionFacts(conversion, now),
          payload: input.payload,
          receivedAt: now,
          updatedAt: now,
        })
        // A parallel first delivery of the same conversion inserted it meanwhile: this one waited
        // for it to commit and continues as a repeat.
        .onConflictDoNothing({ target: [conversions.network, conversions.conversionId] })
        .returning()
      isNew = inserted !== undefined
      row = inserted ?? (await lockConversion(transaction, network, conversion.conversionId))
      if (row === undefined) throw new Error(`conversion ${network}/${conversion.conversionId} vanished`)
    }

    const facts = conversionFacts(conversion, row.orderTime)
    const event = transactionEventOf(facts)
    // The rating outcome is left to changeTransaction's default (a rejection counts as a return,
    // a cancellation not at all): a network cannot tell us who cancelled.
    const change = { actor, now, note: noteOf(facts) }

    let resolution: Resolution
    if (row.transactionId === null) {
      resolution = (await matchTransaction(transaction, facts, change)) ?? {
        transactionId: null,
        outcome: 'unmatched',
        ignoredReason: null,
      }
    } else {
      const result = await changeTransaction(transaction, { transactionId: row.transactionId, event, ...change })
      resolution = { transactionId: row.transactionId, ...outcomeOfChange(result) }
    }
    const { outcome, transactionId, ignoredReason } = resolution

    if (outcome === 'ignored') {
      // The refused update is not what the transaction shows (e.g. a late `pending` after
      // `approved`): the row keeps the facts and payload that were applied, and records only
      // the refusal.
      if (row.ignoredReason !== ignoredReason) {
        await transaction.update(conversions).set({ ignoredReason, updatedAt: now }).where(eq(conversions.id, row.id))
      }
      return { outcome, transactionId }
    }
    const next = { ...facts, transactionId, ignoredReason }
    if (isNew ? transactionId !== null || ignoredReason !== null : hasChanged(row, next)) {
      // A repeat of the same news writes nothing; the payload kept is the one that said it first.
      await transaction
        .update(conversions)
        .set({ ...next, payload: input.payload, updatedAt: now })
        .where(eq(conversions.id, row.id))
    }
    return { outcome, transactionId }
  })
}

async function lockConversion(
  transaction: Database,
  network: string,
  conversionId: string,
): Promise<ConversionRow | undefined> {
  const [row] = await transaction
    .select()
    .from(conversions)
    .where(and(eq(conversions.network, network), eq(conversions.conversionId, conversionId)))
    .for('update')
  return row
}

function conversionFacts(conversion: NetworkConversion, orderTimeIfUnsaid: Date): ConversionFacts {
  return {
    clickId: conversion.clickId,
    orderId: conversion.orderId,
    networkStatus: conversion.status,
    saleAmount: conversion.saleAmount,
    payout: conversion.payout,
    currency: conversion.currency,
    reason: conversion.reason,
    orderTime: conversion.orderTime ?? orderTimeIfUnsaid,
    sku: conversion.sku ?? null,
    quantity: conversion.quantity ?? null,
  }
}

/** Where a conversion ends up: its transaction (if any), the answer, and a refusal to keep. */
type Resolution = { transactionId: string | null; outcome: PostbackOutcome; ignoredReason: string | null }

type ChangeContext = {
  actor: string
  now: Date
  note: string | undefined
}

/** Whose purchase a conversion is: a click's buyer, merchant and product, or what an operator named. */
export type ConversionOwner = {
  buyerId: string
  clickId: string | null
  merchantId: string
  productId: string | null
}

/** The owner a click names; `undefined` for an unknown click. */
export async function findClickOwner(database: Database, clickId: string): Promise<ConversionOwner | undefined> {
  const [click] = await database.select().from(clicks).where(eq(clicks.id, clickId))
  if (click === undefined) return undefined
  return { buyerId: click.buyerId, clickId: click.id, merchantId: click.merchantId, productId: click.productId }
}

/**
 * Finds or creates the transaction of a conversion that has none yet. `undefined` when the click
 * is unknown (a sub-id from another site, a typo, a test by the network).
 */
async function matchTransaction(
  transaction: Database,
  facts: ConversionFacts,
  change: ChangeContext,
): Promise<Resolution | undefined> {
  const owner = await findClickOwner(transaction, facts.clickId)
  if (owner === undefined) return undefined
  return recordConversionPurchase(transaction, facts, owner, change)
}

/**
 * The purchase of a conversion for `owner`, with the network's status applied: what a matched
 * postback records, and what an operator's match by hand records. A purchase past the daily item
 * limit is cancelled at once instead (server/cashback/item-limit.ts).
 */
async function recordConversionPurchase(
  transaction: Database,
  facts: ConversionFacts,
  owner: ConversionOwner,
  change: ChangeContext,
): Promise<Resolution> {
  const purchase = {
    buyerId: owner.buyerId,
    merchantId: owner.merchantId,
    orderDate: facts.orderTime,
    sku: facts.sku,
    quantity: facts.quantity,
  }
  // Counted before this purchase is recorded, under a lock held until commit (see the function).
  // A conversion already rejected or cancelled by the network earns nothing and is not counted.
  const isPastItemLimit =
    facts.networkStatus !== 'rejected' &&
    facts.networkStatus !== 'cancelled' &&
    (await isPurchasePastDailyItemLimit(transaction, purchase))

  // Each conversion is its own transaction, even when several share an order: networks that send
  // one request per item (Accesstrade) decide, return and pay each item on its own, and each has
  // its own amount.
  const record = await recordPurchase(transaction, {
    ...owner,
    orderId: facts.orderId,
    orderDate: facts.orderTime,
    sku: facts.sku,
    quantity: facts.quantity,
    purchaseAmount: facts.saleAmount,
    actor: change.actor,
    now: change.now,
  })
  const result = await changeTransaction(
    transaction,
    isPastItemLimit
      ? { ...itemLimitCancellation, transactionId: record.id, note: change.note, now: change.now }
      : { transactionId: record.id, event: transactionEventOf(facts), ...change },
  )
  // The first status cannot be refused today (a new transaction is TRACKING and the rejection
  // reason is defaulted); if the machine ever does, the purchase still exists and the refusal is
  // kept for an operator.
  return { transactionId: record.id, outcome: 'created', ignoredReason: result.ok ? null : result.code }
}

export type ConversionAttachment =
  | { ok: true; before: ConversionRow; after: ConversionRow }
  | { ok: false; reason: 'not_found' | 'matched' | 'dismissed' }

/**
 * An operator's match of an unmatched conversion to a click or a buyer: the purchase is recorded
 * exactly as if the postback had carried a known click (the network's last status applied), on
 * the conversion row locked, so a parallel match or postback waits and then finds it matched.
 * The conversion keeps the click id the network sent; the transaction has the owner's.
 */
export async function attachConversion(
  transaction: Database,
  input: { conversionRowId: number; owner: ConversionOwner; actor: string; now: Date },
): Promise<ConversionAttachment> {
  const [row] = await transaction
    .select()
    .from(conversions)
    .where(eq(conversions.id, input.conversionRowId))
    .for('update')
  if (row === undefined) return { ok: false, reason: 'not_found' }
  if (row.transactionId !== null) return { ok: false, reason: 'matched' }
  if (row.dismissedAt !== null) return { ok: false, reason: 'dismissed' }
  const { transactionId, ignoredReason } = await recordConversionPurchase(transaction, row, input.owner, {
    actor: input.actor,
    now: input.now,
    note: noteOf(row),
  })
  const [after] = await transaction
    .update(conversions)
    .set({ transactionId, ignoredReason, updatedAt: input.now })
    .where(eq(conversions.id, row.id))
    .returning()
  if (after === undefined) throw new Error(`conversion ${row.id} vanished while locked`)
  return { ok: true, before: row, after }
}

function outcomeOfChange(result: TransactionChangeResult): { outcome: PostbackOutcome; ignoredReason: string | null } {
  if (!result.ok) return { outcome: 'ignored', ignoredReason: result.code }
  return { outcome: result.changed ? 'updated' : 'unchanged', ignoredReason: null }
}

/**
 * The network's status as a state-machine event. `paid` is the network saying the commission was
 * paid out to us, which for the shopper is approval (GoGoCash maps it the same way). A rejection
 * or cancellation carries the reason code its words give (domain/cashback/rejection-reasons.ts);
 * a rejection also keeps the words, for operators.
 *
 * A later update with another `sale_amount` does not change the transaction's amount: its
 * cashback was computed from the first one, shown to the shopper and possibly credited, and the
 * state machine has no amount-change event that would write the matching ledger correction. The
 * new amount is kept on the conversion row for an operator to act on.
 */
function transactionEventOf(facts: Pick<ConversionFacts, 'networkStatus' | 'reason'>): TransactionEvent {
  switch (facts.networkStatus) {
    case 'pending':
      return { kind: 'network_update', status: 'PENDING' }
    case 'approved':
    case 'paid':
      return { kind: 'network_update', status: 'APPROVED' }
    case 'rejected':
      return {
        kind: 'network_update',
        status: 'REJECTED',
        reasonCode: rejectionReasonCodeOf(facts.reason),
        rejectionReason: facts.reason ?? defaultRejectionReason,
      }
    case 'cancelled':
      return { kind: 'network_update', status: 'CANCELLED', reasonCode: cancellationReasonCodeOf(facts.reason) }
  }
}

/** A rejection's words are kept on the transaction; any other reason the network gives is a note on the step. */
function noteOf(facts: Pick<ConversionFacts, 'networkStatus' | 'reason'>): string | undefined {
  if (facts.networkStatus === 'rejected' || facts.reason === null) return undefined
  return facts.reason
}

function hasChanged(
  row: ConversionRow,
  next: ConversionFacts & Pick<ConversionRow, 'transactionId' | 'ignoredReason'>,
) {
  return (
    row.clickId !== next.clickId ||
    row.orderId !== next.orderId ||
    row.networkStatus !== next.networkStatus ||
    row.saleAmount !== next.saleAmount ||
    row.payout !== next.payout ||
    // One currency today; the comparison is for the next.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    row.currency !== next.currency ||
    row.reason !== next.reason ||
    row.orderTime.getTime() !== next.orderTime.getTime() ||
    row.sku !== next.sku ||
    row.quantity !== next.quantity ||
    row.transactionId !== next.transactionId ||
    row.ignoredReason !== next.ignoredReason
  )
}
