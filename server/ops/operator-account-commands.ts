import * as v from 'valibot'
import { operatorInviteSchema, type OperatorInvite } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import { parseNamedOptions } from '#server/operator-formatting'
import { recordOperatorAction } from '#server/ops/audit-log'
import { createOperator } from '#server/ops/operator-accounts'

/**
 * `npm run ops -- operator create …`: an operator account from the command line, for the first
 * admin (who then invites the others in the console). Recorded in the audit log like an invite.
 */

export const operatorAccountUsage = [
  '  operator create --email <address> --name "<name>" --role support|finance|admin',
  '                                           an operator account (the first admin); they sign in at /ops',
  '                                           with a code sent to the address and enrol an authenticator app',
]

export type OperatorAccountCommand = { name: 'operator'; action: 'create'; invite: OperatorInvite }

/** The operator account commands, or `undefined` when `argumentList` is not one of them. */
export function parseOperatorAccountCommand(argumentList: readonly string[]): OperatorAccountCommand | undefined {
  const [name, action, ...rest] = argumentList
  if (name !== 'operator' || action !== 'create') return undefined
  const options = parseNamedOptions(rest, ['--email', '--name', '--role'])
  if (options === undefined) return undefined
  const invite = v.safeParse(operatorInviteSchema, {
    email: options.get('--email'),
    name: options.get('--name'),
    role: options.get('--role'),
  })
  return invite.success ? { name, action, invite: invite.output } : undefined
}

/** `actor` is what the audit log records: `cli:<user>`. */
export async function runOperatorAccountCommand(
  command: OperatorAccountCommand,
  database: Database,
  actor: string,
  now: Date,
): Promise<string> {
  try {
    const created = await database.transaction(async (tx) => {
      const record = await createOperator(tx, { ...command.invite, createdBy: actor, now })
      await recordOperatorAction(tx, {
        actor,
        action: 'operator.invited',
        subjectType: 'operator',
        subjectId: record.id,
        after: { email: record.email, name: record.name, role: record.role, status: record.status },
        now,
      })
      return record
    })
    return [
      `created ${created.role} ${created.email} (${created.name}), id ${created.id}`,
      'They sign in at /ops with this address: a code by email, then they enrol an authenticator app.',
    ].join('\n')
  } catch (error) {
    if (error instanceof ApiError && error.code === 'operator_exists') {
      throw new Error(`An operator with the email ${command.invite.email} exists already`, { cause: error })
    }
    throw error
  }
}
