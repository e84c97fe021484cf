import { DrizzleQueryError } from 'drizzle-orm/errors'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailableError } from '#server/db/database-errors'

/** A server error as node-postgres builds it from the wire: the SQLSTATE in `code`. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error')
  error.code = code
  return error
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })
}

/** How drizzle hands a driver's error to our code. */
function wrapped(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError('select 1 from buyers where email = $1', ['someone@example.com'], cause)
}

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['57P01 admin_shutdown (a fast stop)', serverError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash_shutdown', serverError('57P02', 'terminating connection because of crash of another server process')],
    ['57P03 cannot_connect_now', serverError('57P03', 'the database system is starting up')],
    ['08006 connection_failure', serverError('08006', 'connection failure')],
    ['08P01 protocol_violation', serverError('08P01', 'protocol violation')],
    ['53300 too_many_connections', serverError('53300', 'sorry, too many clients already')],
    ['ECONNREFUSED', socketError('ECONNREFUSED')],
    ['ECONNRESET', socketError('ECONNRESET')],
    ['EPIPE (shaped like a SQLSTATE)', socketError('EPIPE')],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['waiting for a pooled connection too long', new Error('timeout exceeded when trying to connect')],
    ['a client broken earlier', new Error('Client has encountered a connection error and is not queryable')],
    [
      'both addresses of localhost refused',
      Object.assign(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], ''), {}),
    ],
  ])('%s is unavailability, also wrapped by drizzle', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true)
    expect(isDatabaseUnavailableError(wrapped(error))).toBe(true)
  })

  it.each([
    ['23505 unique_violation', serverError('23505', 'duplicate key value violates unique constraint')],
    ['42P01 undefined_table', serverError('42P01', 'relation "nope" does not exist')],
    ['57014 query_canceled (a statement timeout is ours to fix)', serverError('57014', 'canceling statement')],
    ['25006 read_only_sql_transaction', serverError('25006', 'cannot execute UPDATE in a read-only transaction')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['ENOENT (a missing file is not the database)', socketError('ENOENT')],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false)
    expect(isDatabaseUnavailableError(wrapped(error))).toBe(false)
  })

  it('is not fooled by values that are not errors', () => {
    expect(isDatabaseUnavailableError(undefined)).toBe(false)
    expect(isDatabaseUnavailableError('Connection terminated')).toBe(false)
    expect(isDatabaseUnavailableError({ code: 'ECONNREFUSED' })).toBe(false)
  })
})
