import * as v from 'valibot'

/**
 * The one rule for text the API takes in (every string field of every contract in
 * domain/contracts/, in bodies, query strings and paths): no U+0000 and no unpaired UTF-16
 * surrogate. PostgreSQL text and jsonb cannot hold U+0000, jsonb refuses a `\ud800` escape, and a
 * lone surrogate turns into U+FFFD on its way to UTF-8; so such text is a 400, never a failed
 * insert (a 500, which networks and the phone's outbox retry for ever) or a silently changed value.
 *
 * `String.prototype.isWellFormed` would say the same about surrogates, but it is ES2024 and the
 * client builds for ES2022 browsers; in a `u` regex a surrogate range matches only unpaired ones.
 */
const unpairedSurrogate = /[\uD800-\uDFFF]/u

/** The reason code of the rule, in `details.fields` of a refused form and in issue messages. */
export const invalidTextReason = 'invalid_text'

/** Whether `value` has neither U+0000 nor an unpaired surrogate. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !unpairedSurrogate.test(value)
}

/** The rule as a valibot action, for a `v.pipe` that already starts with `v.string()`. */
export function safeText<Message extends string = typeof invalidTextReason>(
  message: Message = invalidTextReason as Message,
) {
  return v.check<string, Message>(isSafeText, message)
}

/**
 * A string that keeps the rule: `v.string(message)` followed by `safeText()`. Put it first in a
 * pipe, so a field with a NUL is refused as `invalid_text` before any other check or transform.
 */
export function textSchema(message?: string) {
  return v.pipe(v.string(message), safeText())
}

/** Deeper JSON is refused: no network nests its fields, and walking it must stay cheap. */
export const maxJsonDepth = 32

export type JsonTextProblem = 'invalid_text' | 'too_deep'

/**
 * The rule over a whole parsed JSON value (object keys included), for requests kept as jsonb
 * beyond the fields a contract reads. Iterative, so a deeply nested body cannot overflow the
 * stack; nesting beyond `maxDepth` is a problem of its own. `undefined` when the value is fine.
 */
export function findJsonTextProblem(value: unknown, maxDepth: number = maxJsonDepth): JsonTextProblem | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const current = item.value
    if (typeof current === 'string') {
      if (!isSafeText(current)) return 'invalid_text'
    } else if (typeof current === 'object' && current !== null) {
      if (item.depth >= maxDepth) return 'too_deep'
      for (const [key, child] of Object.entries(current)) {
        if (!isSafeText(key)) return 'invalid_text'
        pending.push({ value: child, depth: item.depth + 1 })
      }
    }
  }
  return undefined
}
