import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { proofRejectionReasonCodes, type ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import type { CashbackStatus } from '#domain/contracts/cashback'
import type { Database } from '#server/db/database'
import { buyers, cashbackTransactions, proofs, supportAttachments } from '#server/db/schema'
import { formatDate, formatSatang, parseNamedOptions } from '#server/operator-formatting'
import { selectWaitingAppeals } from '#server/proofs/proof-queries'
import { recordProofReview } from '#server/proofs/proof-review-audit'
import { reviewProofs } from '#server/proofs/proof-service'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { parseSweepOptions, sweepUnreferencedFiles } from '#server/proofs/storage-sweep'

/**
 * `npm run ops -- proofs …`: the operator's review of appeals. Operators look at the pictures
 * (`show --save` writes them to a folder) and decide all pending proofs of a transaction at once;
 * approving also approves the transaction (docs/decisions/007).
 */

export const proofOperatorUsage = [
  '  proofs pending [--limit N]               transactions with proofs waiting for review, oldest first',
  '  proofs show <transactionId> [--save <dir>]',
  '                                           the proofs of a transaction; --save writes the pictures',
  '  proofs approve <transactionId>           approve the pending proofs: a rejected transaction is approved on',
  '                                           appeal; a pending one on one_day_with_proof gets 1-day cashback',
  '  proofs orphans [--delete] [--older-than-hours N]',
  '                                           pictures in storage that no proof row keeps (an upload that',
  '                                           failed after storing, a removal that failed); default 24 h',
  '  proofs reject <transactionId> --code <proof code> [--reason "<note>"]',
  '                                           refuse the pending proofs; the shopper is shown the code in their',
  '                                           language with what to do next (delete them and send others, or',
  '                                           chat), the note is for operators',
]

export type ProofOperatorCommand =
  | { name: 'proofs'; action: 'pending'; limit: number }
  | { name: 'proofs'; action: 'show'; transactionId: string; saveDirectory: string | undefined }
  | { name: 'proofs'; action: 'approve'; transactionId: string }
  | {
      name: 'proofs'
      action: 'reject'
      transactionId: string
      /** What the shopper is told (domain/cashback/proof-rejection-reasons.ts). */
      reasonCode: ProofRejectionReasonCode
      /** For operators only. */
      note: string | undefined
    }
  | { name: 'proofs'; action: 'orphans'; isDeleting: boolean; olderThanHours: number }

const defaultPendingLimit = 20
const maxPendingLimit = 500

/** The proof commands, or `undefined` when `argumentList` is not one of them. */
export function parseProofOperatorCommand(argumentList: readonly string[]): ProofOperatorCommand | undefined {
  const [name, action, ...rest] = argumentList
  if (name !== 'proofs') return undefined
  if (action === 'orphans') {
    const options = parseSweepOptions(rest)
    return options === undefined ? undefined : { name, action, ...options }
  }
  if (action === 'pending') {
    const options = parseNamedOptions(rest, ['--limit'])
    const limitText = options?.get('--limit') ?? String(defaultPendingLimit)
    if (options === undefined || !/^\d+$/.test(limitText)) return undefined
    const limit = Number(limitText)
    return limit >= 1 && limit <= maxPendingLimit ? { name, action, limit } : undefined
  }
  const [rawId, ...optionList] = rest
  const transactionId = rawId?.trim().toLowerCase()
  if (transactionId === undefined || transactionId === '' || transactionId.startsWith('--')) return undefined
  if (action === 'show') {
    const options = parseNamedOptions(optionList, ['--save'])
    const saveDirectory = options?.get('--save')
    if (options === undefined || saveDirectory === '') return undefined
    return { name, action, transactionId, saveDirectory }
  }
  if (action === 'approve') return optionList.length === 0 ? { name, action, transactionId } : undefined
  if (action === 'reject') {
    const options = parseNamedOptions(optionList, ['--code', '--reason'])
    // The shopper is told why their proofs were not enough, out of the closed set.
    const code = options?.get('--code')
    const reasonCode = proofRejectionReasonCodes.find((known) => known === code)
    const note = options?.get('--reason')
    // A `--reason` given empty is a slip (an unset shell variable), not a choice to leave no note.
    if (reasonCode === undefined || note === '') return undefined
    return { name, action, transactionId, reasonCode, note }
  }
  return undefined
}

/** `actor` reviews the proofs (`operator:ops:<user>`), `auditActor` is in the audit log (`cli:<user>`). */
export async function runProofOperatorCommand(
  command: ProofOperatorCommand,
  database: Database,
  storage: ProofStorage,
  { actor, auditActor }: { actor: string; auditActor: string },
  now: Date,
): Promise<string> {
  switch (command.action) {
    case 'pending':
      return listPendingAppeals(database, command.limit)
    case 'orphans':
      return sweepOrphanedPictures(database, storage, command, now)
    case 'show':
      return showProofs(database, storage, command.transactionId, command.saveDirectory)
    case 'approve':
    case 'reject': {
      const review =
        command.action === 'approve'
          ? ({ decision: 'approve', reviewer: actor, now } as const)
          : ({
              decision: 'reject',
              reviewer: actor,
              reasonCode: command.reasonCode,
              note: command.note ?? null,
              now,
            } as const)
      const outcome = await database.transaction(async (tx) => {
        // Locked as `reviewProofs` locks it: the status before is the one the review acted on.
        const before = await readTransactionStatus(tx, command.transactionId, { isLocking: true })
        const reviewed = await reviewProofs(tx, command.transactionId, review)
        if (reviewed.decided === 0 || before === undefined) return reviewed
        await recordProofReview(tx, {
          transactionId: command.transactionId,
          review,
          outcome: reviewed,
          transactionStatus: { before, after: (await readTransactionStatus(tx, command.transactionId)) ?? before },
          reason: command.action === 'reject' ? (command.note ?? null) : null,
          actor: auditActor,
        })
        return reviewed
      })
      if (outcome.decided === 0) throw new Error(`Transaction ${command.transactionId} has no proof waiting for review`)
      const proofCount = `${outcome.decided} proof${outcome.decided === 1 ? '' : 's'} of ${command.transactionId}`
      if (command.action === 'reject') {
        return `${proofCount} rejected (${command.reasonCode}${command.note === undefined ? '' : `: ${command.note}`})`
      }
      switch (outcome.effect) {
        case 'appeal_approved':
          return `${proofCount} approved; the transaction is approved`
        case 'one_day_release':
          return `${proofCount} approved; 1-day cashback is released at ${formatDate(outcome.releaseAt)}`
        case 'none':
          return `${proofCount} approved; the transaction was already decided, nothing else changes`
      }
    }
  }
}

async function readTransactionStatus(
  tx: Database,
  transactionId: string,
  { isLocking = false } = {},
): Promise<CashbackStatus | undefined> {
  const query = tx
    .select({ status: cashbackTransactions.status })
    .from(cashbackTransactions)
    .where(eq(cashbackTransactions.id, transactionId))
  const [row] = await (isLocking ? query.for('no key update') : query)
  return row?.status
}

async function listPendingAppeals(database: Database, limit: number): Promise<string> {
  const rows = await selectWaitingAppeals(database, limit)
  if (rows.length === 0) return 'no proofs waiting for review'
  return [
    `transactions with proofs waiting for review (oldest first, at most ${limit}):`,
    ...rows.map(
      (row) => `  ${formatDate(row.oldest)}  ${row.transactionId}  ${row.pending} pending  buyer ${row.buyerId}`,
    ),
  ].join('\n')
}

async function showProofs(
  database: Database,
  storage: ProofStorage,
  transactionId: string,
  saveDirectory: string | undefined,
): Promise<string> {
  const [transaction] = await database
    .select({
      status: cashbackTransactions.status,
      rejectionReason: cashbackTransactions.rejectionReason,
      reasonCode: cashbackTransactions.reasonCode,
      cashbackAmount: cashbackTransactions.cashbackAmount,
      email: buyers.email,
      phone: buyers.phone,
    })
    .from(cashbackTransactions)
    .innerJoin(buyers, eq(buyers.id, cashbackTransactions.buyerId))
    .where(eq(cashbackTransactions.id, transactionId))
  if (transaction === undefined) throw new Error(`No transaction "${transactionId}"`)
  const rows = await database
    .select()
    .from(proofs)
    .where(eq(proofs.transactionId, transactionId))
    .orderBy(asc(proofs.createdAt), asc(proofs.id))
  const lines = [
    `transaction ${transactionId}: ${transaction.status}` +
      (transaction.rejectionReason === null
        ? ''
        : ` (${transaction.reasonCode ?? 'no reason code'}: ${transaction.rejectionReason})`) +
      `, cashback ${formatSatang(transaction.cashbackAmount)}, buyer ${transaction.email ?? transaction.phone ?? '?'}`,
  ]
  if (rows.length === 0) return [...lines, '  no proofs'].join('\n')
  if (saveDirectory !== undefined) await mkdir(saveDirectory, { recursive: true })
  for (const proof of rows) {
    const state = proof.deletedAt === null ? proof.status : `deleted ${proof.deletedAt.toISOString()}`
    let saved = ''
    if (saveDirectory !== undefined && proof.deletedAt === null) {
      const bytes = await storage.get(proof.storageKey)
      const file = path.join(saveDirectory, `${proof.id}.${proof.contentType.split('/')[1] ?? 'img'}`)
      if (bytes === undefined) saved = '  (picture missing from storage)'
      else {
        await writeFile(file, bytes)
        saved = `  saved ${file}`
      }
    }
    lines.push(
      `  ${proof.id}  ${state.padEnd(9)}  ${proof.contentType}  ${proof.width}x${proof.height}  ` +
        `${proof.byteSize} bytes  sha256 ${proof.sha256}  sent ${proof.createdAt.toISOString()}` +
        (proof.reviewedAt === null
          ? ''
          : `  reviewed ${proof.reviewedAt.toISOString()} by ${proof.reviewedBy ?? '?'}`) +
        (proof.status === 'rejected' ? ` (${describeRejection(proof)})` : '') +
        saved,
    )
  }
  return lines.join('\n')
}

/**
 * A refused proof's code and the operator's note: `unreadable: blurry`, `unreadable`; a refusal
 * the release before reason codes wrote during a deploy says `no reason code`.
 */
function describeRejection(proof: Pick<typeof proofs.$inferSelect, 'rejectionReasonCode' | 'rejectionReason'>): string {
  const code = proof.rejectionReasonCode ?? 'no reason code'
  return proof.rejectionReason === null ? code : `${code}: ${proof.rejectionReason}`
}

/**
 * Pictures in storage that no live proof row (nor a support chat picture) names: the upload's row failed to commit after the
 * bytes were stored, or removing a deleted proof's bytes failed (both leave bytes, never a row
 * without its picture; docs/decisions/007). Listed, and removed with `--delete`.
 */
async function sweepOrphanedPictures(
  database: Database,
  storage: ProofStorage,
  command: Extract<ProofOperatorCommand, { action: 'orphans' }>,
  now: Date,
): Promise<string> {
  return sweepUnreferencedFiles(storage, {
    isDeleting: command.isDeleting,
    olderThanHours: command.olderThanHours,
    now,
    noun: 'picture',
    async findKept(keys) {
      const rows = await database
        .select({ storageKey: proofs.storageKey })
        .from(proofs)
        .where(and(inArray(proofs.storageKey, keys), isNull(proofs.deletedAt)))
      // The support chat's pictures share the storage (server/support/support-service.ts).
      const chatRows = await database
        .select({ storageKey: supportAttachments.storageKey })
        .from(supportAttachments)
        .where(inArray(supportAttachments.storageKey, keys))
      return [...rows, ...chatRows].map((row) => row.storageKey)
    },
  })
}
