/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505 `unique_violation`), and when
 * `constraint` is given, that one (the index name). drizzle wraps the driver's error
 * (`DrizzleQueryError` with it as `cause`); node-postgres and PGlite both report `code` and
 * `constraint` on theirs. A write that lost a race to a parallel one maps this to its refusal
 * (a 409) instead of a 500. The statement aborted its transaction or savepoint: the caller must
 * throw, never go on in it.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ('code' in current && current.code === '23505') {
      return constraint === undefined || ('constraint' in current && current.constraint === constraint)
    }
    current = current.cause
  }
  return false
}
