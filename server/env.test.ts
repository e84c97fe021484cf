import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvironmentError, parseEnvironment } from '#server/env'

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    expect(parseEnvironment({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDirectory: path.resolve('.data'),
      databaseUrl: undefined,
      appMode: 'demo',
      maintenance: false,
      logLevel: 'info',
      clientDirectory: path.resolve('dist/client'),
    })
  })

  it('reads every variable', () => {
    expect(
      parseEnvironment({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/ngernkhuen',
        DATABASE_URL: 'postgres://app:secret@db:5432/ngernkhuen',
        APP_MODE: 'production',
        MAINTENANCE: 'on',
        LOG_LEVEL: 'silent',
        CLIENT_DIR: '/srv/client',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDirectory: '/var/lib/ngernkhuen',
      databaseUrl: 'postgres://app:secret@db:5432/ngernkhuen',
      appMode: 'production',
      maintenance: true,
      logLevel: 'silent',
      clientDirectory: '/srv/client',
    })
  })

  it.each([
    ['1', true],
    ['TRUE', true],
    ['yes', true],
    ['off', false],
    ['0', false],
    ['false', false],
  ])('reads MAINTENANCE=%s as %s', (value, expected) => {
    expect(parseEnvironment({ MAINTENANCE: value }).maintenance).toBe(expected)
  })

  it('treats empty values as unset', () => {
    const environment = parseEnvironment({ DATABASE_URL: '', PORT: ' ', MAINTENANCE: '' })
    expect(environment.databaseUrl).toBeUndefined()
    expect(environment.port).toBe(3000)
    expect(environment.maintenance).toBe(false)
  })

  it('refuses production mode without DATABASE_URL, naming the variable', () => {
    expect(() => parseEnvironment({ APP_MODE: 'production' })).toThrow(EnvironmentError)
    expect(() => parseEnvironment({ APP_MODE: 'production' })).toThrow(/APP_MODE=production requires DATABASE_URL/)
  })

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ APP_MODE: 'staging' }, /APP_MODE/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL/],
    [{ MAINTENANCE: 'maybe' }, /MAINTENANCE/],
    [{ DATABASE_URL: 'mysql://db/app' }, /DATABASE_URL/],
  ])('rejects %o', (source, message) => {
    expect(() => parseEnvironment(source)).toThrow(message)
  })
})
