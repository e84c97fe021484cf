import type * as v from 'valibot'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import { requestJson, requestNoContent } from '../../lib/api-client'

/**
 * Console writes carry an `Idempotency-Key` like the shopper's: made once per operator action
 * (the caller passes it in, from the click), so a retry after a lost answer is the same action.
 */
export function newActionKey(): string {
  return crypto.randomUUID()
}

export function postConsoleJson<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  body: unknown,
  actionKey: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' = 'POST',
): Promise<v.InferOutput<TSchema>> {
  return requestJson(path, schema, { method, json: body, headers: { [idempotencyKeyHeader]: actionKey } })
}

export { requestJson, requestNoContent }
