import { desc, eq } from 'drizzle-orm'
import { withdrawalStatuses, type WithdrawalStatus } from '#domain/contracts/withdrawal'
import type { Database } from '#server/db/database'
import { buyers, withdrawals } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import { formatDate, formatSatang, parseNamedOptions } from '#server/operator-formatting'
import type { PayoutDetails } from '#domain/wallet/payout-details'
import { recordWithdrawalStatusChange } from '#server/withdrawals/withdrawal-audit'
import { listWithdrawalsByStatus, readWithdrawalDetails } from '#server/withdrawals/withdrawal-queries'
import { markWithdrawal, type WithdrawalRecord } from '#server/withdrawals/withdrawal-service'

/**
 * `npm run ops -- withdrawals …` and `withdrawal …`: the operator's side of money out. Operators
 * pay withdrawals outside the app (bank portal, PromptPay, TrueMoney) and record the outcome
 * here; `show` is the only place the full account details are printed.
 */

export const withdrawalOperatorUsage = [
  '  withdrawals list [--status requested|processing|paid|failed] [--limit N]',
  '                                           withdrawals and exchanges, newest first (default 20); requested',
  '                                           or processing ones in the order to pay them: 1-day cashback',
  '                                           members first, then oldest first',
  '  withdrawal show <id>                     a withdrawal with the full payout details, history and ledger',
  '  withdrawal processing <id> [--reason "<note>"]',
  '  withdrawal paid <id> [--reason "<note, e.g. the transfer reference>"]',
  '  withdrawal fail <id> --reason "<why>"    the reason is shown to the shopper; the money and the fee',
  '                                           go back to the wallet',
]

export type WithdrawalMark = 'processing' | 'paid' | 'fail'

export type WithdrawalOperatorCommand =
  | { name: 'withdrawals'; action: 'list'; status: WithdrawalStatus | undefined; limit: number }
  | { name: 'withdrawal'; action: 'show'; withdrawalId: string }
  | { name: 'withdrawal'; action: WithdrawalMark; withdrawalId: string; reason: string | undefined }

const defaultListLimit = 20
const maxListLimit = 500

function isWithdrawalStatus(value: string): value is WithdrawalStatus {
  return (withdrawalStatuses as readonly string[]).includes(value)
}

function parseListCommand(rest: readonly string[]): WithdrawalOperatorCommand | undefined {
  const options = parseNamedOptions(rest, ['--status', '--limit'])
  if (options === undefined) return undefined
  const status = options.get('--status')
  if (status !== undefined && !isWithdrawalStatus(status)) return undefined
  const limitText = options.get('--limit') ?? String(defaultListLimit)
  if (!/^\d+$/.test(limitText)) return undefined
  const limit = Number(limitText)
  if (limit < 1 || limit > maxListLimit) return undefined
  return { name: 'withdrawals', action: 'list', status, limit }
}

/** The withdrawal commands, or `undefined` when `argumentList` is not one of them. */
export function parseWithdrawalOperatorCommand(argumentList: readonly string[]): WithdrawalOperatorCommand | undefined {
  const [name, action, withdrawalId, ...rest] = argumentList
  if (name === 'withdrawals' && action === 'list') {
    return parseListCommand(argumentList.slice(2))
  }
  if (name !== 'withdrawal' || withdrawalId === undefined) return undefined
  const id = withdrawalId.trim().toLowerCase()
  if (id === '' || id.startsWith('--')) return undefined
  if (action === 'show') return rest.length === 0 ? { name, action, withdrawalId: id } : undefined
  if (action !== 'processing' && action !== 'paid' && action !== 'fail') return undefined
  const options = parseNamedOptions(rest, ['--reason'])
  const reason = options?.get('--reason')
  if (options === undefined || reason === '') return undefined
  // A failure is explained to the shopper with the returned money, so it needs a reason.
  if (action === 'fail' && reason === undefined) return undefined
  return { name, action, withdrawalId: id, reason }
}

/** `actor` goes in the withdrawal's history (`operator:ops:<user>`), `auditActor` in the audit log (`cli:<user>`). */
export async function runWithdrawalOperatorCommand(
  command: WithdrawalOperatorCommand,
  database: Database,
  actors: { actor: string; auditActor: string },
  now: Date,
): Promise<string> {
  if (command.name === 'withdrawals') return listWithdrawalsForOperator(database, command.status, command.limit)
  if (command.action === 'show') return showWithdrawal(database, command.withdrawalId)
  return markWithdrawalForOperator(database, command, actors, now)
}

function describeAmounts(record: WithdrawalRecord): string {
  if (record.target === 'points') return `${formatSatang(record.amount)} for ${record.points ?? 0} points`
  return `${formatSatang(record.amount)} = net ${formatSatang(record.netAmount)} + fee ${formatSatang(record.fee)}`
}

function describePayout(details: PayoutDetails | null): string {
  if (details === null) return '(points: nothing to pay out)'
  switch (details.target) {
    case 'bank':
      return [
        `${details.bank} (bank code ${details.bankCode}) account ${details.accountNumber}`,
        `name "${details.accountName}", branch "${details.branchName}", phone or ID ${details.phoneOrIdNumber}`,
      ].join('; ')
    case 'promptpay':
      return `PromptPay ${details.promptPayIdKind} ${details.promptPayId}, name "${details.accountName}"`
    case 'truemoney':
      return `TrueMoney wallet ${details.mobileNumber}, name "${details.accountName}"`
  }
}

function describeWithdrawal(record: WithdrawalRecord): string {
  return [
    `withdrawal ${record.id}`,
    `  status:       ${record.status}${record.failureReason === null ? '' : ` (${record.failureReason})`}`,
    `  target:       ${record.target}`,
    `  amount:       ${describeAmounts(record)}`,
    `  expected by:  ${formatDate(record.expectedBy)}`,
    `  created:      ${record.createdAt.toISOString()}; processing ${formatDate(record.processingAt)}; ` +
      `paid ${formatDate(record.paidAt)}; failed ${formatDate(record.failedAt)}`,
  ].join('\n')
}

async function findWithdrawalRecord(database: Database, withdrawalId: string): Promise<WithdrawalRecord> {
  const [record] = await database.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId))
  if (record === undefined) throw new Error(`No withdrawal "${withdrawalId}"`)
  return record
}

async function showWithdrawal(database: Database, withdrawalId: string): Promise<string> {
  const details = await readWithdrawalDetails(database, withdrawalId)
  if (details === undefined) throw new Error(`No withdrawal "${withdrawalId}"`)
  const { withdrawal: record, buyer, events, ledgerEntries } = details
  return [
    describeWithdrawal(record),
    `  buyer:        ${record.buyerId} (${buyer.email ?? buyer.phone ?? 'unknown'})`,
    `  pay to:       ${describePayout(record.payoutDetails)}`,
    'history (oldest first):',
    ...events.map(
      (event) =>
        `  ${event.createdAt.toISOString()}  ${event.status.padEnd(10)} by ${event.actor}` +
        (event.reason === null ? '' : ` (${event.reason})`),
    ),
    'wallet ledger entries:',
    ...ledgerEntries.map(
      (entry) => `  ${entry.createdAt.toISOString()}  ${entry.kind.padEnd(17)} ${formatSatang(entry.amount)}`,
    ),
  ].join('\n')
}

async function listWithdrawalsForOperator(
  database: Database,
  status: WithdrawalStatus | undefined,
  limit: number,
): Promise<string> {
  // The open ones are finance's queue, in the order to pay them; the others are history.
  const isQueue = status === 'requested' || status === 'processing'
  const rows = isQueue
    ? (await listWithdrawalsByStatus(database, { status, limit })).map(({ withdrawal, buyer }) => ({
        withdrawal,
        email: buyer.email,
        phone: buyer.phone,
      }))
    : await database
        .select({ withdrawal: withdrawals, email: buyers.email, phone: buyers.phone })
        .from(withdrawals)
        .innerJoin(buyers, eq(buyers.id, withdrawals.buyerId))
        .where(status === undefined ? undefined : eq(withdrawals.status, status))
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
  if (rows.length === 0) return status === undefined ? 'no withdrawals' : `no ${status} withdrawals`
  const lines = rows.map(({ withdrawal, email, phone }) =>
    [
      `  ${withdrawal.createdAt.toISOString()}  ${withdrawal.id}  ${withdrawal.status.padEnd(10)}`,
      `${withdrawal.target.padEnd(9)}  ${describeAmounts(withdrawal)}`,
      `buyer ${email ?? phone ?? withdrawal.buyerId}`,
      ...(withdrawal.isOneDayMember ? ['1-day cashback member'] : []),
      ...(withdrawal.expectedBy === null || withdrawal.status === 'paid' || withdrawal.status === 'failed'
        ? []
        : [`expected by ${withdrawal.expectedBy.toISOString()}`]),
    ].join('  '),
  )
  const order = isQueue ? '1-day cashback members first, then oldest first' : 'newest first'
  return [`${status ?? 'all'} withdrawals (${order}, at most ${limit}):`, ...lines].join('\n')
}

async function markWithdrawalForOperator(
  database: Database,
  command: Extract<WithdrawalOperatorCommand, { action: WithdrawalMark }>,
  { actor, auditActor }: { actor: string; auditActor: string },
  now: Date,
): Promise<string> {
  const change =
    command.action === 'fail'
      ? { status: 'failed' as const, reason: command.reason ?? '' }
      : { status: command.action, reason: command.reason }
  try {
    const { record, changed } = await database.transaction(async (tx) => {
      const result = await markWithdrawal(tx, { ...change, withdrawalId: command.withdrawalId, actor, now })
      if (result.changed) {
        await recordWithdrawalStatusChange(tx, { record: result.record, reason: change.reason, actor: auditActor, now })
      }
      return result
    })
    const effect = changed
      ? `recorded by ${actor}${record.status === 'failed' ? `; ${formatSatang(record.amount)} returned to the wallet` : ''}`
      : `nothing to do: it already is ${record.status}`
    return `${describeWithdrawal(record)}\n${effect}`
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.code === 'withdrawal_not_found') {
      throw new Error(`No withdrawal "${command.withdrawalId}"`, { cause: error })
    }
    const current = await findWithdrawalRecord(database, command.withdrawalId)
    throw new Error(`refused: ${error.code} (withdrawal ${current.id} is ${current.status})`, { cause: error })
  }
}
