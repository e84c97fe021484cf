import { readSetting, writeSetting } from '#server/app-settings'
import {
  findBuyerByReference,
  listBuyerStatusEvents,
  setBuyerStatus,
  type BuyerRecord,
} from '#server/buyers/buyer-records'
import type { Database } from '#server/db/database'
import { maintenanceCacheMilliseconds } from '#server/maintenance'

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
  '',
  '<buyer> is a buyer id, an email address or a Thai mobile number.',
].join('\n')

export type OperatorCommand =
  | { name: 'maintenance'; action: 'on' | 'off' | 'status' }
  | { name: 'buyer'; action: 'show' | 'suspend' | 'reinstate'; reference: string; reason: string | undefined }

/** Who ran a command, recorded with buyer status changes. */
export type OperatorContext = { actor: string }

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
  const given = argumentList.length === 0 ? 'no command' : `"${argumentList.join(' ')}"`
  return { success: false, message: `Unknown command: ${given}\n\n${operatorUsage}` }
}

/** Runs a command against the shared database and returns what to print. */
export async function runOperatorCommand(
  command: OperatorCommand,
  database: Database,
  context: OperatorContext = { actor: 'ops' },
): Promise<string> {
  if (command.name === 'buyer') return runBuyerCommand(command, database, context)
  if (command.action === 'status') {
    const stored = await readSetting(database, 'maintenance')
    return `maintenance: ${stored === true ? 'on' : 'off'}${stored === undefined ? ' (never set)' : ''}`
  }
  await writeSetting(database, 'maintenance', command.action === 'on')
  return (
    `maintenance: ${command.action}\n` +
    `Running servers pick this up within ${maintenanceCacheMilliseconds / 1000} seconds. ` +
    'The MAINTENANCE environment variable, when on, overrides this setting.'
  )
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

async function runBuyerCommand(
  command: Extract<OperatorCommand, { name: 'buyer' }>,
  database: Database,
  context: OperatorContext,
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
  if (buyer.status === status) return `${describeBuyer(buyer)}\nnothing to do: the buyer is already ${status}`
  const updated = await setBuyerStatus(database, {
    buyerId: buyer.id,
    status,
    reason: command.reason ?? 'reinstated by an operator',
    actor: context.actor,
  })
  const effect =
    status === 'suspended'
      ? 'Member endpoints now answer 403 buyer_suspended; the app shows /ban.'
      : 'The buyer can use the app again.'
  return `${describeBuyer(updated)}\n${effect}`
}
