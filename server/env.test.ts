import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { EnvironmentError, parseEnvironment } from '#server/env'

const productionSecret = 'k3Vq9x2LmN8pR4sT6uW1yZ0aB5cD7eF9gH2jK4'
const production = {
  APP_MODE: 'production',
  DATABASE_URL: 'postgres://app:secret@db:5432/ngernkhuen',
  AUTH_SECRET: productionSecret,
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'NgernKhuen <no-reply@example.com>',
}

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
      authSecret: demoAuthSecret,
      smtpUrl: undefined,
      mailFrom: undefined,
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
        AUTH_SECRET: productionSecret,
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        MAIL_FROM: 'NgernKhuen <no-reply@example.com>',
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
      authSecret: productionSecret,
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'NgernKhuen <no-reply@example.com>',
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

  it('accepts a complete production configuration', () => {
    expect(parseEnvironment(production)).toMatchObject({ appMode: 'production', authSecret: productionSecret })
  })

  it.each([
    ['without AUTH_SECRET', { AUTH_SECRET: undefined }, /APP_MODE=production requires AUTH_SECRET/],
    ['with the demo AUTH_SECRET', { AUTH_SECRET: demoAuthSecret }, /APP_MODE=production requires AUTH_SECRET/],
    ['with a short AUTH_SECRET', { AUTH_SECRET: 'short-secret' }, /at least 32 characters[\s\S]*AUTH_SECRET/],
    ['without SMTP_URL', { SMTP_URL: undefined }, /APP_MODE=production requires SMTP_URL/],
    ['without MAIL_FROM', { MAIL_FROM: undefined }, /SMTP_URL requires MAIL_FROM/],
  ])('refuses production %s', (_label, change, message) => {
    expect(() => parseEnvironment({ ...production, ...change })).toThrow(message)
  })

  it('allows the demo AUTH_SECRET default in demo mode only', () => {
    expect(parseEnvironment({ AUTH_SECRET: productionSecret }).authSecret).toBe(productionSecret)
    expect(parseEnvironment({}).authSecret).toBe(demoAuthSecret)
  })

  it.each([
    [{ SMTP_URL: 'http://smtp.example.com' }, /SMTP_URL/],
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
