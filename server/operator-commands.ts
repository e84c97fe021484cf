import { asc, desc, eq } from 'drizzle-orm'
import { readSetting, writeSetting } from '#server/app-settings'
import {
  findBuyerByReference,
  listBuyerStatusEvents,
  setBuyerStatus,
  type BuyerRecord,
} from '#server/buyers/buyer-records'
import { recordBuyerStatusChange } from '#server/buyers/buyer-status-audit'
import { releaseDueCashback } from '#server/cashback/release-job'
import { proofRejectionReasonCodes } from '#domain/cashback/proof-rejection-reasons'
import { rejectionReasonCodes, type RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import {
  decideTransaction,
  type DecisionWithReasonCode,
  type TransactionDecision,
} from '#server/cashback/operator-decisions'
import type { TransactionRecord } from '#server/cashback/transaction-changes'
import { recordTransactionDecision } from '#server/cashback/transaction-decision-audit'
import type { Database } from '#server/db/database'
import {
  catalogueOperatorUsage,
  parseCatalogueOperatorCommand,
  runCatalogueOperatorCommand,
  type CatalogueOperatorCommand,
} from '#server/catalogue/feeds/catalogue-import-commands'
import type { FeedImporter } from '#server/catalogue/feeds/feed-imports'
import {
  buyers,
  cashbackTransactionEvents,
  cashbackTransactions,
  conversions,
  merchants,
  walletLedgerEntries,
} from '#server/db/schema'
import { maintenanceCacheMilliseconds } from '#server/maintenance'
import { formatDate, formatSatang } from '#server/operator-formatting'
import { isWaitingUnmatched } from '#server/postbacks/conversion-ingest'
import {
  bankHolidayOperatorUsage,
  parseBankHolidayOperatorCommand,
  runBankHolidayOperatorCommand,
  type BankHolidayOperatorCommand,
} from '#server/withdrawals/bank-holiday-commands'
import {
  parseProofOperatorCommand,
  proofOperatorUsage,
  runProofOperatorCommand,
  type ProofOperatorCommand,
} from '#server/proofs/proof-operator-commands'
import type { ProofStorage } from '#server/proofs/proof-storage'
import type { PictureStorage } from '#server/pictures/picture-storage'
import { recordOperatorAction } from '#server/ops/audit-log'
import {
  operatorAccountUsage,
  parseOperatorAccountCommand,
  runOperatorAccountCommand,
  type OperatorAccountCommand,
} from '#server/ops/operator-account-commands'
import {
  parseWithdrawalOperatorCommand,
  runWithdrawalOperatorCommand,
  withdrawalOperatorUsage,
  type WithdrawalOperatorCommand,
} from '#server/withdrawals/withdrawal-operator-commands'

export const operatorUsage = [
  'Usage: npm run ops -- <command>',
  '',
  'Commands:',
  '  maintenance on      answer every API request except /api/health with 503 maintenance',
  '  maintenance off     serve the API normally again',
  '  maintenance status  show the stored maintenance setting',
  '  buyer show <buyer>                       show a buyer and their status history',
  '  buyer suspend <buyer> --reason "<why>"   refuse the buyer every member endpoint (sessions stay)',
  '  buyer reinstate <buyer> [--reason "<why>"]',
  '  transaction show <id>                    show a cashback transaction, its history and ledger entries',
  '  transaction approve <id> --reason "<why>"',
  '  transaction reject <id> --code <code> --reason "<why>" [--flagged]',
  '                                           the shopper is shown the code in their language, the reason',
  '                                           is for operators; --flagged counts it as flagged behaviour',
  '                                           in the rating instead of a return',
  '  transaction cancel <id> --code <code> --reason "<why>" [--by-merchant]',
  '                                           a cancellation does not count in the rating unless',
  '                                           --by-merchant says the merchant cancelled (then it lowers it)',
  '                                           A flag also reclassifies a purchase already rejected or',
  '                                           cancelled (no history step); without one, a repeat keeps',
  '                                           how it counts.',
  '  conversions unmatched [--limit N]        conversions whose click id matched no click, newest first',
  '  cashback release                         approve the 1-day cashback that is due now',
  ...withdrawalOperatorUsage,
  ...bankHolidayOperatorUsage,
  ...proofOperatorUsage,
  ...operatorAccountUsage,
  ...catalogueOperatorUsage,
  '',
  '<buyer> is a buyer id, an email address or a Thai mobile number.',
  `<code> is why a purchase earns nothing: ${rejectionReasonCodes.join(', ')}.`,
  `<proof code> is why a proof picture is not enough: ${proofRejectionReasonCodes.join(', ')}.`,
  'Transaction changes go through the same state machine as postbacks; a refusal exits non-zero.',
].join('\n')

export type OperatorCommand =
  | { name: 'maintenance'; action: 'on' | 'off' | 'status' }
  | { name: 'buyer'; action: 'show' | 'suspend' | 'reinstate'; reference: string; reason: string | undefined }
  | { name: 'transaction'; action: 'show'; transactionId: string }
  | {
      name: 'transaction'
      action: TransactionDecision
      transactionId: string
      reason: string
      /** reject and cancel: what the shopper is told (domain/cashback/rejection-reasons.ts). */
      reasonCode: RejectionReasonCode | undefined
      /** reject: flagged behaviour (lowers the rating like a return, recorded as what it was). */
      isFlagged: boolean
      /**
       * cancel: known to be the merchant's cancellation, which lowers the rating. Without it a
       * cancellation does not count: its side is unknown (domain/cashback/rating.ts).
       */
      isByMerchant: boolean
    }
  | { name: 'conversions'; action: 'unmatched'; limit: number }
  | { name: 'cashback'; action: 'release' }
  | WithdrawalOperatorCommand
  | BankHolidayOperatorCommand
  | ProofOperatorCommand
  | OperatorAccountCommand
  | CatalogueOperatorCommand

/**
 * Who ran a command (recorded with buyer status and transaction changes), the clock, where proof
 * pictures are kept (for `proofs show --save` and `proofs orphans`) and where the catalogue's made
 * pictures are (for `catalogue pictures orphans`).
 */
export type OperatorContext = {
  actor: string
  now?: () => Date
  proofStorage?: ProofStorage
  pictureStorage?: PictureStorage
  /** Where `catalogue import` runs: a worker thread on PostgreSQL (feed-imports.ts). */
  importFeed?: FeedImporter
}

const defaultUnmatchedLimit = 20
const maxUnmatchedLimit = 500

function parseBuyerCommand(argumentList: readonly string[]): OperatorCommand | undefined {
  const [, action, reference, ...rest] = argumentList
  if (action !== 'show' && action !== 'suspend' && action !== 'reinstate') return undefined
  if (reference === undefined || reference.trim() === '' || reference.startsWith('--')) return undefined
  let reason: string | undefined
  if (rest.length === 2 && rest[0] === '--reason') reason = rest[1]?.trim()
  else if (rest.length === 1 && rest[0]?.startsWith('--reason=')) reason = rest[0].slice('--reason='.length).trim()
  else if (rest.length !== 0) return undefined
  if (action === 'show' && reason !== undefined) return undefined
  // A suspension without a reason cannot be explained to the buyer or reviewed later.
  if (action === 'suspend' && (reason === undefined || reason === '')) return undefined
  return { name: 'buyer', action, reference: reference.trim(), reason: reason === '' ? undefined : reason }
}

/**
 * `--reason "<why>"` or `--reason=<why>`, the same for the `values` named (each at most once), and
 * bare switches; `undefined` on anything else.
 */
function parseOptions(
  rest: readonly string[],
  switches: readonly string[],
  values: readonly string[] = [],
): { reason: string | undefined; values: Map<string, string>; switches: Set<string> } | undefined {
  const given = new Map<string, string>()
  const seen = new Set<string>()
  const names = ['--reason', ...values]
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index] ?? ''
    const name = names.find((option) => argument === option || argument.startsWith(`${option}=`))
    if (name !== undefined && !given.has(name)) {
      if (argument === name) {
        if (index + 1 >= rest.length) return undefined
        index += 1
        given.set(name, rest[index]?.trim() ?? '')
      } else {
        given.set(name, argument.slice(name.length + 1).trim())
      }
    } else if (switches.includes(argument) && !seen.has(argument)) {
      seen.add(argument)
    } else {
      return undefined
    }
  }
  const reason = given.get('--reason')
  given.delete('--reason')
  return { reason, values: given, switches: seen }
}

function parseTransactionCommand(argumentList: readonly string[]): OperatorCommand | undefined {
  const [, action, transactionId, ...rest] = argumentList
  if (transactionId === undefined || transactionId.trim() === '' || transactionId.startsWith('--')) return undefined
  const id = transactionId.trim().toLowerCase()
  if (action === 'show') return rest.length === 0 ? { name: 'transaction', action, transactionId: id } : undefined
  if (action !== 'approve' && action !== 'reject' && action !== 'cancel') return undefined
  const switchesOf = { approve: [], reject: ['--flagged'], cancel: ['--by-merchant'] } as const
  const options = parseOptions(rest, switchesOf[action], action === 'approve' ? [] : ['--code'])
  // Every decision is recorded with why, for support; a rejection or cancellation also with the
  // reason the shopper is told, out of the closed set.
  if (options?.reason === undefined || options.reason === '') return undefined
  const code = options.values.get('--code')
  const reasonCode = rejectionReasonCodes.find((known) => known === code)
  if (action !== 'approve' && reasonCode === undefined) return undefined
  return {
    name: 'transaction',
    action,
    transactionId: id,
    reason: options.reason,
    reasonCode,
    isFlagged: options.switches.has('--flagged'),
    isByMerchant: options.switches.has('--by-merchant'),
  }
}

function parseConversionsCommand(rest: readonly string[]): OperatorCommand | undefined {
  if (rest.length === 0) return { name: 'conversions', action: 'unmatched', limit: defaultUnmatchedLimit }
  let text: string | undefined
  if (rest.length === 2 && rest[0] === '--limit') text = rest[1]
  else if (rest.length === 1 && rest[0]?.startsWith('--limit=')) text = rest[0].slice('--limit='.length)
  if (text === undefined || !/^\d+$/.test(text)) return undefined
  const limit = Number(text)
  if (limit < 1 || limit > maxUnmatchedLimit) return undefined
  return { name: 'conversions', action: 'unmatched', limit }
}

export type ParsedOperatorCommand = { success: true; command: OperatorCommand } | { success: false; message: string }

export function parseOperatorCommand(argumentList: readonly string[]): ParsedOperatorCommand {
  const [name, action, ...rest] = argumentList
  if (name === 'maintenance' && (action === 'on' || action === 'off' || action === 'status') && rest.length === 0) {
    return { success: true, command: { name, action } }
  }
  if (name === 'buyer') {
    const command = parseBuyerCommand(argumentList)
    if (command !== undefined) return { success: true, command }
  }
  if (name === 'transaction') {
    const command = parseTransactionCommand(argumentList)
    if (command !== undefined) return { success: true, command }
  }
  if (name === 'conversions' && action === 'unmatched') {
    const command = parseConversionsCommand(rest)
    if (command !== undefined) return { success: true, command }
  }
  if (name === 'cashback' && action === 'release' && rest.length === 0) {
    return { success: true, command: { name, action } }
  }
  const withdrawalCommand = parseWithdrawalOperatorCommand(argumentList)
  if (withdrawalCommand !== undefined) return { success: true, command: withdrawalCommand }
  const holidayCommand = parseBankHolidayOperatorCommand(argumentList)
  if (holidayCommand !== undefined) return { success: true, command: holidayCommand }
  const accountCommand = parseOperatorAccountCommand(argumentList)
  if (accountCommand !== undefined) return { success: true, command: accountCommand }
  const proofCommand = parseProofOperatorCommand(argumentList)
  if (proofCommand !== undefined) return { success: true, command: proofCommand }
  const catalogueCommand = parseCatalogueOperatorCommand(argumentList)
  if (catalogueCommand !== undefined) return { success: true, command: catalogueCommand }
  const given = argumentList.length === 0 ? 'no command' : `"${argumentList.join(' ')}"`
  return { success: false, message: `Unknown command: ${given}\n\n${operatorUsage}` }
}

/** Runs a command against the shared database and returns what to print. */
export async function runOperatorCommand(
  command: OperatorCommand,
  database: Database,
  context: OperatorContext = { actor: 'ops' },
): Promise<string> {
  const now = context.now ?? (() => new Date())
  // The audit log names the CLI `cli:<OS user>` (server/ops/audit-log.ts); `actor` is `ops:<OS user>`.
  const auditActor = `cli:${context.actor.replace(/^ops:/, '')}`
  if (command.name === 'buyer') return runBuyerCommand(command, database, { actor: context.actor, auditActor }, now())
  if (command.name === 'transaction') {
    if (command.action === 'show') return showTransaction(database, command.transactionId)
    return runTransactionDecision(database, command, { actor: `operator:${context.actor}`, auditActor }, now())
  }
  if (command.name === 'conversions') return listUnmatchedConversions(database, command.limit)
  if (command.name === 'withdrawals' || command.name === 'withdrawal') {
    return runWithdrawalOperatorCommand(command, database, { actor: `operator:${context.actor}`, auditActor }, now())
  }
  if (command.name === 'holidays') return runBankHolidayOperatorCommand(command, database, auditActor, now())
  if (command.name === 'catalogue') return runCatalogueOperatorCommand(command, database, now, context)
  if (command.name === 'operator') return runOperatorAccountCommand(command, database, auditActor, now())
  if (command.name === 'proofs') {
    if (context.proofStorage === undefined) throw new Error('proofs commands need the proof storage')
    return runProofOperatorCommand(
      command,
      database,
      context.proofStorage,
      { actor: `operator:${context.actor}`, auditActor },
      now(),
    )
  }
  if (command.name === 'cashback') {
    const { released, failed } = await releaseDueCashback(database, now())
    const summary = `released ${released} transaction${released === 1 ? '' : 's'} on the 1-day path`
    if (failed.length === 0) return summary
    const failures = failed.map(({ transactionId, error }) => `  ${transactionId}: ${innermostMessage(error)}`)
    return [`${summary}; ${failed.length} failed (tried again next round):`, ...failures].join('\n')
  }
  if (command.action === 'status') {
    const stored = await readSetting(database, 'maintenance')
    return `maintenance: ${stored === true ? 'on' : 'off'}${stored === undefined ? ' (never set)' : ''}`
  }
  const isOn = command.action === 'on'
  await database.transaction(async (tx) => {
    const before = (await readSetting(tx, 'maintenance', { forUpdate: true })) === true
    await writeSetting(tx, 'maintenance', isOn)
    if (before === isOn) return
    await recordOperatorAction(tx, {
      actor: auditActor,
      action: 'setting.maintenance_changed',
      subjectType: 'setting',
      subjectId: 'maintenance',
      before: { on: before },
      after: { on: isOn },
      now: now(),
    })
  })
  return (
    `maintenance: ${command.action}\n` +
    'Running servers hear of it at once through the event channel ' +
    `(within ${maintenanceCacheMilliseconds / 1000} seconds while a server's channel is down). ` +
    'The MAINTENANCE environment variable, when on, overrides this setting.'
  )
}

/** The database's own words: drizzle wraps them in a "Failed query: <SQL>" error. */
function innermostMessage(error: unknown): string {
  let current = error
  while (current instanceof Error && current.cause instanceof Error) current = current.cause
  return current instanceof Error ? current.message : String(current)
}

function describeBuyer(buyer: BuyerRecord): string {
  const name = [buyer.firstName, buyer.lastName].filter((part) => part !== null).join(' ')
  return [
    `buyer ${buyer.id}`,
    `  name:    ${name === '' ? '(not set)' : name}`,
    `  email:   ${buyer.email ?? '(none)'}`,
    `  phone:   ${buyer.phone ?? '(none)'}`,
    `  rating:  ${buyer.ratingBasisPoints / 100}%`,
    `  status:  ${buyer.status}${buyer.status === 'suspended' ? ` (${buyer.suspendedReason ?? 'no reason'})` : ''}`,
    `  joined:  ${buyer.createdAt.toISOString()}`,
  ].join('\n')
}

/** `actor` goes in the buyer's status history (`ops:<user>`), `auditActor` in the audit log (`cli:<user>`). */
async function runBuyerCommand(
  command: Extract<OperatorCommand, { name: 'buyer' }>,
  database: Database,
  { actor, auditActor }: { actor: string; auditActor: string },
  now: Date,
): Promise<string> {
  const buyer = await findBuyerByReference(database, command.reference)
  if (buyer === undefined) throw new Error(`No buyer with id, email or phone "${command.reference}"`)

  if (command.action === 'show') {
    const events = await listBuyerStatusEvents(database, buyer.id)
    const history =
      events.length === 0
        ? '  (no status changes)'
        : events
            .map((event) => `  ${event.createdAt.toISOString()}  ${event.status}  by ${event.actor}: ${event.reason}`)
            .join('\n')
    return `${describeBuyer(buyer)}\nstatus history (newest first):\n${history}`
  }

  const status = command.action === 'suspend' ? 'suspended' : 'active'
  // The row locked, as the console does: of two operators at once, the second finds it done.
  const { current, updated } = await database.transaction(async (tx) => {
    const [locked] = await tx.select().from(buyers).where(eq(buyers.id, buyer.id)).for('no key update')
    if (locked === undefined) throw new Error(`No buyer with id, email or phone "${command.reference}"`)
    if (locked.status === status) return { current: locked, updated: undefined }
    const changed = await setBuyerStatus(tx, {
      buyerId: buyer.id,
      status,
      reason: command.reason ?? 'reinstated by an operator',
      actor,
    })
    // The reason the operator gave: a reinstatement without one has none in the audit log.
    await recordBuyerStatusChange(tx, {
      before: locked,
      after: changed,
      reason: command.reason ?? null,
      actor: auditActor,
      now,
    })
    return { current: locked, updated: changed }
  })
  if (updated === undefined) return `${describeBuyer(current)}\nnothing to do: the buyer is already ${status}`
  const effect =
    status === 'suspended'
      ? 'Member endpoints now answer 403 buyer_suspended; the app shows /ban.'
      : 'The buyer can use the app again.'
  return `${describeBuyer(updated)}\n${effect}`
}

function describeRate(record: TransactionRecord): string {
  const percent = `${record.cashbackRateBasisPoints / 100}%`
  const cap = record.cashbackMaxPerOrder === null ? '' : ` (max ${formatSatang(record.cashbackMaxPerOrder)})`
  return `${record.cashbackKind === 'flat' ? 'flat' : 'up to'} ${percent}${cap}`
}

function describeTransaction(record: TransactionRecord): string {
  const flags = [record.accepted ? 'accepted' : 'not accepted', ...(record.archived ? ['archived'] : [])]
  const components = record.cashbackComponents
    .map((component) => `${component.kind} ${formatSatang(component.amount)}`)
    .join(' + ')
  return [
    `transaction ${record.id}`,
    `  status:     ${record.status} (${flags.join(', ')})`,
    ...(record.reasonCode === null ? [] : [`  reason:     ${record.reasonCode}`]),
    ...(record.rejectionReason === null ? [] : [`  rejection:  ${record.rejectionReason}`]),
    `  rating as:  ${record.ratingOutcome ?? '(undecided)'}`,
    `  order:      ${record.orderId} on ${record.orderDate.toISOString()}`,
    `  purchase:   ${formatSatang(record.purchaseAmount)}`,
    `  cashback:   ${formatSatang(record.cashbackAmount)} = ${components}`,
    `  rate:       ${describeRate(record)}`,
    `  release:    ${record.releasePath ?? '-'}, release at ${formatDate(record.releaseAt)}, expected ${formatDate(record.expectedAt)}`,
    `  approved:   ${formatDate(record.approvedAt)}; accepted ${formatDate(record.acceptedAt)}; archived ${formatDate(record.archivedAt)}`,
    `  click:      ${record.clickId ?? '(none)'}`,
    `  created:    ${record.createdAt.toISOString()}; updated ${record.updatedAt.toISOString()}`,
  ].join('\n')
}

async function findTransaction(database: Database, transactionId: string): Promise<TransactionRecord> {
  const [record] = await database.select().from(cashbackTransactions).where(eq(cashbackTransactions.id, transactionId))
  if (record === undefined) throw new Error(`No cashback transaction "${transactionId}"`)
  return record
}

async function showTransaction(database: Database, transactionId: string): Promise<string> {
  const record = await findTransaction(database, transactionId)
  const [owner] = await database
    .select({ email: buyers.email, phone: buyers.phone })
    .from(buyers)
    .where(eq(buyers.id, record.buyerId))
  const [merchant] = await database
    .select({ nameEn: merchants.nameEn, nameTh: merchants.nameTh })
    .from(merchants)
    .where(eq(merchants.id, record.merchantId))
  const events = await database
    .select()
    .from(cashbackTransactionEvents)
    .where(eq(cashbackTransactionEvents.transactionId, record.id))
    .orderBy(asc(cashbackTransactionEvents.id))
  const entries = await database
    .select()
    .from(walletLedgerEntries)
    .where(eq(walletLedgerEntries.transactionId, record.id))
    .orderBy(asc(walletLedgerEntries.id))
  const history = events.map((event) => {
    const details = [
      ...(event.reasonCode === null ? [] : [`reason shown: ${event.reasonCode}`]),
      ...(event.rejectionReason === null ? [] : [`rejection: ${event.rejectionReason}`]),
      ...(event.isEarlyRelease ? ['1-day release'] : []),
      ...(event.note === null ? [] : [`note: ${event.note}`]),
    ]
    return `  ${event.createdAt.toISOString()}  ${event.kind.padEnd(9)} by ${event.actor}${details.length === 0 ? '' : ` (${details.join('; ')})`}`
  })
  const ledger = entries.map(
    (entry) => `  ${entry.createdAt.toISOString()}  ${entry.kind.padEnd(17)} ${formatSatang(entry.amount)}`,
  )
  return [
    describeTransaction(record),
    `  buyer:      ${record.buyerId} (${owner?.email ?? owner?.phone ?? 'unknown'})`,
    `  merchant:   ${merchant === undefined ? '?' : `${merchant.nameEn} / ${merchant.nameTh}`} (${record.merchantId})`,
    'history (oldest first):',
    ...history,
    'wallet ledger entries:',
    ...(ledger.length === 0 ? ['  (none)'] : ledger),
  ].join('\n')
}

/** The decision with the reason code a rejection or cancellation carries (the parser requires it). */
function decisionOf(
  command: Extract<OperatorCommand, { name: 'transaction'; action: TransactionDecision }>,
): DecisionWithReasonCode {
  if (command.action === 'approve') return { decision: 'approve' }
  if (command.reasonCode === undefined) throw new Error(`transaction ${command.action} needs --code`)
  return { decision: command.action, reasonCode: command.reasonCode }
}

/** `actor` goes in the transaction's history (`operator:ops:<user>`), `auditActor` in the audit log (`cli:<user>`). */
async function runTransactionDecision(
  database: Database,
  command: Extract<OperatorCommand, { name: 'transaction'; action: TransactionDecision }>,
  { actor, auditActor }: { actor: string; auditActor: string },
  now: Date,
): Promise<string> {
  const result = await database.transaction(async (tx) => {
    // Locked first, as the console does: the audit entry's "before" is what this decision changed.
    const [current] = await tx
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, command.transactionId))
      .for('no key update')
    if (current === undefined) throw new Error(`No cashback transaction "${command.transactionId}"`)
    const decided = await decideTransaction(tx, {
      transactionId: command.transactionId,
      ...decisionOf(command),
      reason: command.reason,
      isFlagged: command.isFlagged,
      isByMerchant: command.isByMerchant,
      actor,
      now,
    })
    if (decided.ok && decided.changed) {
      await recordTransactionDecision(tx, {
        decision: command.action,
        before: current,
        after: decided.record,
        reason: command.reason,
        actor: auditActor,
        now,
      })
    }
    return decided
  })
  if (!result.ok) {
    const current = await findTransaction(database, command.transactionId)
    throw new Error(`refused: ${result.code} (transaction ${current.id} is ${current.status})`)
  }
  const effect = result.changed ? `recorded by ${actor}` : `nothing to do: it already is ${result.record.status}`
  return `${describeTransaction(result.record)}\n${effect}`
}

async function listUnmatchedConversions(database: Database, limit: number): Promise<string> {
  const rows = await database
    .select()
    .from(conversions)
    .where(isWaitingUnmatched)
    .orderBy(desc(conversions.receivedAt), desc(conversions.id))
    .limit(limit)
  if (rows.length === 0) return 'no unmatched conversions'
  const lines = rows.map((row) =>
    [
      `  ${row.receivedAt.toISOString()}  ${row.network}  conversion ${row.conversionId}`,
      `click ${row.clickId}  order ${row.orderId}  ${row.networkStatus}  ${formatSatang(row.saleAmount)}`,
    ].join('  '),
  )
  return [`unmatched conversions (newest first, at most ${limit}):`, ...lines].join('\n')
}
