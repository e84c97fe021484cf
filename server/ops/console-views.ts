import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import type { Withdrawal } from '#domain/contracts/withdrawal'
import type { ConsoleBuyerProof } from '#domain/ops/buyers'
import type { ConsoleRecordLedgerEntry } from '#domain/ops/console-records'
import type { ConsoleConversion, ConsoleTransaction, ConsoleTransactionProof } from '#domain/ops/transactions'
import { reasonCodeOfTransaction } from '#server/cashback/rejection-reason-records'
import type { Database } from '#server/db/database'
import {
  cashbackTransactions,
  type conversions,
  merchants,
  proofs,
  type walletLedgerEntries,
  withdrawals,
} from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { toWithdrawal } from '#server/withdrawals/withdrawal-queries'

/**
 * The wire forms the console's support pages share (buyers, purchases, conversions, proofs), read
 * with the operator's eyes: ids, actors and notes the shopper never sees.
 */

type TransactionRow = typeof cashbackTransactions.$inferSelect
type MerchantNames = { id: string; nameTh: string; nameEn: string }

export function toConsoleTransaction(record: TransactionRow, merchant: MerchantNames): ConsoleTransaction {
  return {
    id: record.id,
    buyerId: record.buyerId,
    merchant: { id: merchant.id, nameTh: merchant.nameTh, nameEn: merchant.nameEn },
    clickId: record.clickId,
    orderId: record.orderId,
    orderDate: record.orderDate.toISOString(),
    currency: record.currency,
    purchaseAmount: record.purchaseAmount,
    cashbackAmount: record.cashbackAmount,
    status: record.status,
    accepted: record.accepted,
    archived: record.archived,
    rejectionReason: record.rejectionReason,
    reasonCode: reasonCodeOfTransaction(record),
    ratingOutcome: record.ratingOutcome,
    releasePath: record.releasePath,
    expectedAt: record.expectedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  }
}

/** Transactions with their merchant's names, in the order and number asked. */
export async function selectConsoleTransactions(
  database: Database,
  options: { where?: SQL; limit: number; order?: 'newest' | 'oldest' },
): Promise<ConsoleTransaction[]> {
  const order =
    options.order === 'oldest'
      ? [asc(cashbackTransactions.createdAt), asc(cashbackTransactions.id)]
      : [desc(cashbackTransactions.createdAt), desc(cashbackTransactions.id)]
  const rows = await database
    .select({
      transaction: cashbackTransactions,
      merchant: { id: merchants.id, nameTh: merchants.nameTh, nameEn: merchants.nameEn },
    })
    .from(cashbackTransactions)
    .innerJoin(merchants, eq(merchants.id, cashbackTransactions.merchantId))
    .where(options.where)
    .orderBy(...order)
    .limit(options.limit)
  return rows.map((row) => toConsoleTransaction(row.transaction, row.merchant))
}

/** One transaction as the console shows it; 404 `record_not_found` for an unknown id. */
export async function readConsoleTransaction(database: Database, transactionId: string): Promise<ConsoleTransaction> {
  const [transaction] = await selectConsoleTransactions(database, {
    where: eq(cashbackTransactions.id, transactionId),
    limit: 1,
  })
  if (transaction === undefined) throw new ApiError(404, 'record_not_found', 'No such purchase')
  return transaction
}

type ConversionRow = typeof conversions.$inferSelect

export function toConsoleConversion(row: ConversionRow): ConsoleConversion {
  return {
    id: row.id,
    network: row.network,
    conversionId: row.conversionId,
    clickId: row.clickId,
    orderId: row.orderId,
    networkStatus: row.networkStatus,
    saleAmount: row.saleAmount,
    payout: row.payout,
    reason: row.reason,
    orderTime: row.orderTime.toISOString(),
    transactionId: row.transactionId,
    ignoredReason: row.ignoredReason,
    receivedAt: row.receivedAt.toISOString(),
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    dismissedReason: row.dismissedReason,
    dismissedBy: row.dismissedBy,
  }
}

type ProofRow = typeof proofs.$inferSelect

/** The console's own address of a proof picture (operators only; the shopper's is under their wallet). */
export function consoleProofPicturePath(proofId: string): string {
  return `/api/ops/proofs/${proofId}/picture`
}

export function toConsoleProof(row: ProofRow): ConsoleTransactionProof {
  return {
    id: row.id,
    status: row.status,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: row.reviewedBy,
    rejectionReasonCode: row.rejectionReasonCode,
    rejectionReason: row.rejectionReason,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    imageUrl: row.deletedAt === null ? consoleProofPicturePath(row.id) : null,
  }
}

/** Every proof of a transaction, deleted ones included (who sent what stays visible), oldest first. */
export async function listTransactionProofs(database: Database, transactionId: string) {
  const rows = await database
    .select()
    .from(proofs)
    .where(eq(proofs.transactionId, transactionId))
    .orderBy(asc(proofs.createdAt), asc(proofs.id))
  return rows.map(toConsoleProof)
}

/** A buyer's proofs with their purchase, deleted ones too unless `where` says otherwise, newest first. */
export async function selectConsoleBuyerProofs(
  database: Database,
  options: { buyerId: string; where?: SQL; limit?: number },
): Promise<ConsoleBuyerProof[]> {
  const query = database
    .select()
    .from(proofs)
    .where(and(eq(proofs.buyerId, options.buyerId), options.where))
    .orderBy(desc(proofs.createdAt), desc(proofs.id))
  const rows = options.limit === undefined ? await query : await query.limit(options.limit)
  return rows.map((proof) => ({ ...toConsoleProof(proof), transactionId: proof.transactionId }))
}

/** A buyer's withdrawals, newest first, accounts masked as the shopper sees them. */
export async function selectBuyerWithdrawals(
  database: Database,
  options: { buyerId: string; limit?: number },
): Promise<Withdrawal[]> {
  const query = database
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.buyerId, options.buyerId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
  const rows = options.limit === undefined ? await query : await query.limit(options.limit)
  return rows.map(toWithdrawal)
}

/** The actor of history steps and reviews an operator makes in the console. */
export function consoleActor(operatorId: string): string {
  return `operator:${operatorId}`
}

/** A ledger entry on the page of the purchase or withdrawal that caused it. */
export function toConsoleRecordLedgerEntry(entry: typeof walletLedgerEntries.$inferSelect): ConsoleRecordLedgerEntry {
  return { id: entry.id, kind: entry.kind, amount: entry.amount, createdAt: entry.createdAt.toISOString() }
}
