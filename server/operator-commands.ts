import { readSetting, writeSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'
import { maintenanceCacheMilliseconds } from '#server/maintenance'

export const operatorUsage = [
  'Usage: npm run ops -- <command>',
  '',
  'Commands:',
  '  maintenance on      answer every API request except /api/health with 503 maintenance',
  '  maintenance off     serve the API normally again',
  '  maintenance status  show the stored maintenance setting',
].join('\n')

export type OperatorCommand = { name: 'maintenance'; action: 'on' | 'off' | 'status' }

export type ParsedOperatorCommand = { success: true; command: OperatorCommand } | { success: false; message: string }

export function parseOperatorCommand(argumentList: readonly string[]): ParsedOperatorCommand {
  const [name, action, ...rest] = argumentList
  if (name === 'maintenance' && (action === 'on' || action === 'off' || action === 'status') && rest.length === 0) {
    return { success: true, command: { name, action } }
  }
  const given = argumentList.length === 0 ? 'no command' : `"${argumentList.join(' ')}"`
  return { success: false, message: `Unknown command: ${given}\n\n${operatorUsage}` }
}

/** Runs a command against the shared database and returns what to print. */
export async function runOperatorCommand(command: OperatorCommand, database: Database): Promise<string> {
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
