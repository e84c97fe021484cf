import { useRef } from 'react'
import { isApiError } from './api-client'

/** One request the shopper asked for, and the key it is sent with. */
export type Intent = { key: string; request: string }

/**
 * The key for `request`: the last one when it is the same request sent again after no answer,
 * a new one otherwise (a different level, or after the server decided).
 */
export function chooseIntent(pending: Intent | undefined, request: string, createKey: () => string): Intent {
  return pending?.request === request ? pending : { key: createKey(), request }
}

/**
 * The `Idempotency-Key` of a write the shopper may tap again: `keyFor` before sending, `settle`
 * with the outcome. A key outlives an attempt only when the outcome is undecided.
 */
export function useIdempotentIntent() {
  const pending = useRef<Intent | undefined>(undefined)
  return {
    keyFor(request: string): string {
      pending.current = chooseIntent(pending.current, request, () => crypto.randomUUID())
      return pending.current.key
    },
    settle(error: unknown): void {
      if (error === undefined || !isUndecided(error)) pending.current = undefined
    },
  }
}

/**
 * Whether the server may have done what was asked without the phone hearing it: no answer, a
 * timeout, or a 5xx. Then the same request goes again with the same `Idempotency-Key`, so a write
 * that was done is answered again rather than refused or done twice (a join paid twice).
 */
export function isUndecided(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.status === undefined || error.status >= 500
}
