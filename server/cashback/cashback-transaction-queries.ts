import { and, asc, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import {
  cashbackTransactionFields,
  type CashbackHistoryEntry,
  type CashbackTransaction,
  type CashbackTransactionDetail,
  type CashbackTransactionField,
  type CashbackTransactionListQuery,
  type CashbackTransactionListResponse,
} from '#domain/contracts/cashback'
import { reasonCodeOfHistoryStep, reasonCodeOfTransaction } from '#server/cashback/rejection-reason-records'
import type { TransactionRecord } from '#server/cashback/transaction-changes'
import type { Database } from '#server/db/database'
import { cashbackTransactionEvents, cashbackTransactions, merchants } from '#server/db/schema'
import { madePictureOf, merchantLogoFields, type MadePicture } from '#server/pictures/picture-columns'
import { appealStatusColumn, listActiveProofs, toAppeal, toWireProof } from '#server/proofs/proof-queries'

/**
 * A purchase is overdue when its expected merchant confirmation date has passed with no decision:
 * still tracked or pending. Support clears these first (the console's Today count and filter).
 */
export function isOverduePurchase(now: Date): SQL {
  return sql`${inArray(cashbackTransactions.status, ['TRACKING', 'PENDING'])} and ${lt(cashbackTransactions.expectedAt, now)}`
}

/** What the shopper sees of the merchant, read with the transaction: its names and its logo, once made. */
const merchantColumns = {
  nameTh: merchants.nameTh,
  nameEn: merchants.nameEn,
  logo: madePictureOf(merchants.logoSourceUrl),
}
type MerchantNames = { nameTh: string; nameEn: string; logo: MadePicture | null }

/** Read with every transaction: the merchant's names and where the appeal stands. */
const transactionColumns = {
  transaction: cashbackTransactions,
  merchant: merchantColumns,
  appealStatus: appealStatusColumn,
}

export function toWireTransaction(
  record: TransactionRecord,
  merchant: MerchantNames,
  appealStatus: CashbackTransaction['appealStatus'],
): CashbackTransaction {
  const reasonCode = reasonCodeOfTransaction(record)
  return {
    _id: record.id,
    status: record.status,
    accepted: record.accepted,
    archived: record.archived,
    createdAt: record.createdAt.toISOString(),
    orderDate: record.orderDate.toISOString(),
    orderId: record.orderId,
    merchant: {
      _id: record.merchantId,
      nameTh: merchant.nameTh,
      nameEn: merchant.nameEn,
      logoUrl: merchantLogoFields(record.merchantId, merchant.logo).logoUrl,
    },
    currency: record.currency,
    purchaseAmount: record.purchaseAmount,
    cashbackAmount: record.cashbackAmount,
    cashbackComponents: record.cashbackComponents,
    forfeitedComponents: record.forfeitedCashbackComponents,
    cashbackKind: record.cashbackKind,
    rateBasisPoints: record.cashbackRateBasisPoints,
    maxPerOrder: record.cashbackMaxPerOrder,
    rejectionReasonCode: record.status === 'REJECTED' ? reasonCode : null,
    cancellationReasonCode: record.status === 'CANCELLED' ? reasonCode : null,
    // The network's or operator's own words are for operators only.
    rejectionReason: null,
    cancellationReason: null,
    releasePath: record.releasePath,
    expectedAt: record.expectedAt?.toISOString() ?? null,
    approvedAt: record.approvedAt?.toISOString() ?? null,
    acceptedAt: record.acceptedAt?.toISOString() ?? null,
    appealStatus,
  }
}

function copyField<Field extends CashbackTransactionField>(
  target: Partial<Pick<CashbackTransaction, Field>>,
  source: Pick<CashbackTransaction, Field>,
  field: Field,
): void {
  target[field] = source[field]
}

/** Spec section 7's `select`: the item carries exactly the fields asked for. */
function selectFields(
  transaction: CashbackTransaction,
  fields: readonly CashbackTransactionField[],
): Partial<CashbackTransaction> {
  const selected: Partial<CashbackTransaction> = {}
  for (const field of fields) copyField(selected, transaction, field)
  return selected
}

/** The buyer's transactions, newest first, with only the selected fields. */
export async function listCashbackTransactions(
  database: Database,
  buyerId: string,
  query: CashbackTransactionListQuery,
): Promise<CashbackTransactionListResponse> {
  const conditions: SQL[] = [eq(cashbackTransactions.buyerId, buyerId)]
  const filter = query.filter ?? {}
  if (filter.status !== undefined) conditions.push(eq(cashbackTransactions.status, filter.status))
  if (filter.accepted !== undefined) conditions.push(eq(cashbackTransactions.accepted, filter.accepted))
  if (filter.archived !== undefined) conditions.push(eq(cashbackTransactions.archived, filter.archived))
  const where = and(...conditions)

  const [counted] = await database.select({ total: count() }).from(cashbackTransactions).where(where)
  const total = counted?.total ?? 0
  if (query.limit === 0 || total === 0) return { data: [], total }

  const rows = await database
    .select(transactionColumns)
    .from(cashbackTransactions)
    .innerJoin(merchants, eq(merchants.id, cashbackTransactions.merchantId))
    .where(where)
    .orderBy(desc(cashbackTransactions.createdAt), desc(cashbackTransactions.id))
    .limit(query.limit)
    .offset(query.skip)
  const fields = query.select ?? cashbackTransactionFields
  return {
    data: rows.map((row) => selectFields(toWireTransaction(row.transaction, row.merchant, row.appealStatus), fields)),
    total,
  }
}

/** One of the buyer's transactions; `undefined` when unknown or another buyer's. */
export async function findCashbackTransaction(
  database: Database,
  buyerId: string,
  transactionId: string,
): Promise<CashbackTransaction | undefined> {
  const [transaction] = await findCashbackTransactions(database, buyerId, [transactionId])
  return transaction
}

/** The buyer's transactions of `transactionIds`, in one query, in no set order; unknown and other buyers' ones left out. */
export async function findCashbackTransactions(
  database: Database,
  buyerId: string,
  transactionIds: readonly string[],
): Promise<CashbackTransaction[]> {
  if (transactionIds.length === 0) return []
  const rows = await database
    .select(transactionColumns)
    .from(cashbackTransactions)
    .innerJoin(merchants, eq(merchants.id, cashbackTransactions.merchantId))
    .where(and(inArray(cashbackTransactions.id, [...transactionIds]), eq(cashbackTransactions.buyerId, buyerId)))
  return rows.map((row) => toWireTransaction(row.transaction, row.merchant, row.appealStatus))
}

/** The transaction with its timeline (oldest step first), its proofs and its appeal. */
export async function findCashbackTransactionDetail(
  database: Database,
  buyerId: string,
  transactionId: string,
): Promise<CashbackTransactionDetail | undefined> {
  const transaction = await findCashbackTransaction(database, buyerId, transactionId)
  if (transaction === undefined) return undefined
  const events = await database
    .select({
      kind: cashbackTransactionEvents.kind,
      at: cashbackTransactionEvents.createdAt,
      rejectionReason: cashbackTransactionEvents.rejectionReason,
      reasonCode: cashbackTransactionEvents.reasonCode,
      actor: cashbackTransactionEvents.actor,
      isEarlyRelease: cashbackTransactionEvents.isEarlyRelease,
      isAppealApproval: cashbackTransactionEvents.isAppealApproval,
    })
    .from(cashbackTransactionEvents)
    .where(eq(cashbackTransactionEvents.transactionId, transactionId))
    .orderBy(asc(cashbackTransactionEvents.id))
  // Actors, notes and the words of a rejection are for operators: the shopper sees what happened,
  // when, and why as a reason code.
  const history = events.map((event): CashbackHistoryEntry => {
    const reasonCode = reasonCodeOfHistoryStep(event)
    return {
      kind: event.kind,
      at: event.at.toISOString(),
      rejectionReasonCode: event.kind === 'REJECTED' ? reasonCode : null,
      cancellationReasonCode: event.kind === 'CANCELLED' ? reasonCode : null,
      rejectionReason: null,
      isEarlyRelease: event.isEarlyRelease,
      isAppealApproval: event.isAppealApproval,
    }
  })
  const active = await listActiveProofs(database, transactionId)
  return { ...transaction, history, proofs: active.map(toWireProof), appeal: toAppeal(transaction, active) }
}
