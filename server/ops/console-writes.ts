import type { Context } from 'hono'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { respondIdempotently, type IdempotentResult } from '#server/http/idempotency'
import type { OperatorRecord } from '#server/ops/operator-accounts'
import { signedInOperator } from '#server/ops/operator-access'

/** Who acts and when: one clock reading for the change, its audit entries and the stored answer. */
export type OperatorAction = { operator: OperatorRecord; now: Date }

/**
 * Every console write: the signed-in operator's action, done once per `Idempotency-Key` (a retry
 * after a lost answer gets the first answer back), in one database transaction with the audit
 * entries `write` records. `body` is what the key's fingerprint covers.
 */
export function respondToOperatorWrite(
  c: Context<AppEnvironment>,
  options: {
    database: Database
    now: () => Date
    body?: unknown
    write: (tx: Database, action: OperatorAction) => Promise<IdempotentResult>
  },
): Promise<Response> {
  const operator = signedInOperator(c.get('operator'))
  const time = options.now()
  return respondIdempotently(c, {
    database: options.database,
    ownerId: operator.id,
    now: time,
    body: options.body,
    write: (tx) => options.write(tx, { operator, now: time }),
  })
}
