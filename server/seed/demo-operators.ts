import type { OperatorRole } from '#domain/ops/operator'
import type { Database } from '#server/db/database'
import { operators } from '#server/db/schema'
import { createOperatorId } from '#server/ops/operator-accounts'

/**
 * One console operator per role in demo mode (README: "The operator console"), enrolled with a
 * published authenticator key each, like the demo AUTH_SECRET: anyone trying the demo adds the key
 * to an authenticator app (or prints the code with `npm run ops -- operator demo-code <email>`).
 * An operator an admin invites enrols their own app with a QR code at their first sign-in.
 * Production has no demo operators; its first admin comes from `npm run ops -- operator create`.
 */
export const demoOperators: ReadonlyArray<{ email: string; name: string; role: OperatorRole; totpSecret: string }> = [
  {
    email: 'support@ngernkhuen.test',
    name: 'สมหญิง ดูแลดี (Support)',
    role: 'support',
    totpSecret: 'NGERNKHUENDEMOSUPPORTOPERATOR234',
  },
  {
    email: 'finance@ngernkhuen.test',
    name: 'สมชาย การเงิน (Finance)',
    role: 'finance',
    totpSecret: 'NGERNKHUENDEMOFINANCEOPERATOR234',
  },
  {
    email: 'admin@ngernkhuen.test',
    name: 'ผู้ดูแลระบบ (Admin)',
    role: 'admin',
    totpSecret: 'NGERNKHUENDEMOADMINOPERATOR23456',
  },
]

/** Adds the demo operators that are missing; `true` when any was added. */
export async function seedDemoOperatorsIfMissing(database: Database, now = new Date()): Promise<boolean> {
  const added = await database
    .insert(operators)
    .values(
      demoOperators.map((operator) => ({
        id: createOperatorId(),
        ...operator,
        createdAt: now,
        createdBy: 'demo-seed',
      })),
    )
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id })
  return added.length > 0
}
