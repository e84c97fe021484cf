import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { EnvironmentError, parseEnvironment } from '#server/env'
import { demoPostbackSecret } from '#server/postbacks/postback-secrets'

const productionSecret = 'k3Vq9x2LmN8pR4sT6uW1yZ0aB5cD7eF9gH2jK4'
const involveAsiaSecret = 'ia-7Hq2Lw9Zr4Tx8Mv1Nc6Pb3Ks5Jd0Gf2Ye'
const accesstradeSecret = 'at-2Rm8Vq4Xz9Lw1Tn6Hc3Pk7Bs5Jd0Gf4Ua'
/** Made with `npx web-push generate-vapid-keys` for these tests only. */
const vapid = {
  VAPID_PUBLIC_KEY: 'BA2seXgPhO29W1NFby3NaPLyE26G3RIotv4YUnipE_6xbGbuhkUTsKo7OIRDzYHj71Bm6A6vrZj5PofCCegG7Nw',
  VAPID_PRIVATE_KEY: 'UhP6XIahmvxTCvseCtWNxp9J7rUkT61ZDyVrNcZ3DZ8',
  VAPID_SUBJECT: 'mailto:push@example.com',
}
const production = {
  ...vapid,
  APP_MODE: 'production',
  DATABASE_URL: 'postgres://app:secret@db:5432/ngernkhuen',
  AUTH_SECRET: productionSecret,
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'NgernKhuen <no-reply@example.com>',
  PROOF_STORAGE: 'filesystem',
  PROOF_DIR: '/mnt/shared/proofs',
  PICTURE_STORAGE: 'filesystem',
  PICTURE_DIR: '/mnt/shared/pictures',
}
const s3 = {
  PROOF_STORAGE: 's3',
  PICTURE_STORAGE: 's3',
  S3_ENDPOINT: 'https://s3.ap-southeast-1.amazonaws.com',
  S3_BUCKET: 'ngernkhuen-proofs',
  S3_REGION: 'ap-southeast-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 's3-secret-example',
}

describe('parseEnvironment', () => {
  it('applies the documented defaults', () => {
    expect(parseEnvironment({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDirectory: path.resolve('.data'),
      databaseUrl: undefined,
      databaseDirectUrl: undefined,
      databasePoolMax: 10,
      appMode: 'demo',
      maintenance: false,
      logLevel: 'info',
      clientDirectory: path.resolve('dist/client'),
      authSecret: demoAuthSecret,
      smtpUrl: undefined,
      mailFrom: undefined,
      trustedProxyHops: 0,
      shutdownPreStopSeconds: 0,
      postbackSecrets: new Map([['demo', demoPostbackSecret]]),
      proofStorage: { kind: 'filesystem', directory: path.resolve('.data', 'proofs') },
      pictureStorage: { kind: 'filesystem', directory: path.resolve('.data', 'pictures') },
      push: { vapidKeys: undefined, endpoints: 'any-https' },
    })
  })

  it('reads every variable', () => {
    expect(
      parseEnvironment({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/ngernkhuen',
        DATABASE_URL: 'postgres://app:secret@pgbouncer:6432/ngernkhuen',
        DATABASE_DIRECT_URL: 'postgres://app:secret@db:5432/ngernkhuen',
        DATABASE_POOL_MAX: '20',
        APP_MODE: 'production',
        MAINTENANCE: 'on',
        LOG_LEVEL: 'silent',
        CLIENT_DIR: '/srv/client',
        AUTH_SECRET: productionSecret,
        SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
        MAIL_FROM: 'NgernKhuen <no-reply@example.com>',
        TRUSTED_PROXY_HOPS: '2',
        SHUTDOWN_PRE_STOP_SECONDS: '15',
        POSTBACK_SECRETS: `involve-asia=${involveAsiaSecret},accesstrade=${accesstradeSecret}`,
        ...s3,
        ...vapid,
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDirectory: '/var/lib/ngernkhuen',
      databaseUrl: 'postgres://app:secret@pgbouncer:6432/ngernkhuen',
      databaseDirectUrl: 'postgres://app:secret@db:5432/ngernkhuen',
      databasePoolMax: 20,
      appMode: 'production',
      maintenance: true,
      logLevel: 'silent',
      clientDirectory: '/srv/client',
      authSecret: productionSecret,
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'NgernKhuen <no-reply@example.com>',
      trustedProxyHops: 2,
      shutdownPreStopSeconds: 15,
      postbackSecrets: new Map([
        ['involve-asia', involveAsiaSecret],
        ['accesstrade', accesstradeSecret],
      ]),
      proofStorage: {
        kind: 's3',
        endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
        bucket: 'ngernkhuen-proofs',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 's3-secret-example',
      },
      pictureStorage: {
        kind: 's3',
        endpoint: 'https://s3.ap-southeast-1.amazonaws.com',
        bucket: 'ngernkhuen-proofs',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 's3-secret-example',
      },
      push: {
        vapidKeys: {
          publicKey: 'BA2seXgPhO29W1NFby3NaPLyE26G3RIotv4YUnipE_6xbGbuhkUTsKo7OIRDzYHj71Bm6A6vrZj5PofCCegG7Nw',
          privateKey: 'UhP6XIahmvxTCvseCtWNxp9J7rUkT61ZDyVrNcZ3DZ8',
          subject: 'mailto:push@example.com',
        },
        endpoints: 'known-push-services',
      },
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
    [
      'without VAPID keys',
      { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined },
      /APP_MODE=production requires VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT/,
    ],
    ['with half the VAPID settings', { VAPID_PRIVATE_KEY: undefined }, /go together: set all three/],
    ['with a malformed VAPID key', { VAPID_PUBLIC_KEY: 'not-a-key' }, /65-byte public key/],
    ['with a VAPID subject push services cannot reach', { VAPID_SUBJECT: 'push team' }, /mailto: address/],
    ['without PROOF_STORAGE', { PROOF_STORAGE: undefined }, /APP_MODE=production requires PROOF_STORAGE/],
    ['with PROOF_STORAGE=s3 but no bucket', { PROOF_STORAGE: 's3' }, /PROOF_STORAGE=s3 requires S3_ENDPOINT/],
    [
      'with PROOF_STORAGE=filesystem but no PROOF_DIR',
      { PROOF_DIR: undefined },
      /PROOF_STORAGE=filesystem with DATABASE_URL requires PROOF_DIR/,
    ],
    ['without PICTURE_STORAGE', { PICTURE_STORAGE: undefined }, /APP_MODE=production requires PICTURE_STORAGE/],
    [
      'with PICTURE_STORAGE=s3 but no bucket',
      { PICTURE_STORAGE: 's3', PICTURE_DIR: undefined },
      /PICTURE_STORAGE=s3 requires S3_ENDPOINT/,
    ],
    [
      'with PICTURE_STORAGE=filesystem but no PICTURE_DIR',
      { PICTURE_DIR: undefined },
      /PICTURE_STORAGE=filesystem with DATABASE_URL requires PICTURE_DIR/,
    ],
  ])('refuses production %s', (_label, change, message) => {
    expect(() => parseEnvironment({ ...production, ...change })).toThrow(message)
  })

  describe('on a PostgreSQL server several processes share', () => {
    const postgresDemo = { DATABASE_URL: 'postgres://app:secret@db:5432/ngernkhuen' }
    const sharedPictures = { PICTURE_STORAGE: 'filesystem', PICTURE_DIR: '/mnt/shared/pictures' }

    it('refuses to start without PROOF_STORAGE, saying why', () => {
      expect(() => parseEnvironment(postgresDemo)).toThrow(EnvironmentError)
      expect(() => parseEnvironment(postgresDemo)).toThrow(
        /DATABASE_URL requires PROOF_STORAGE: several server processes may share this database, and a proof picture uploaded through one must be readable through every other/,
      )
    })

    it('refuses PROOF_STORAGE=filesystem unless PROOF_DIR names the shared directory', () => {
      expect(() => parseEnvironment({ ...postgresDemo, PROOF_STORAGE: 'filesystem' })).toThrow(
        /PROOF_STORAGE=filesystem with DATABASE_URL requires PROOF_DIR: a directory every server process on this database mounts/,
      )
      expect(
        parseEnvironment({
          ...postgresDemo,
          ...sharedPictures,
          PROOF_STORAGE: 'filesystem',
          PROOF_DIR: 'shared/proofs',
        }).proofStorage,
      ).toEqual({ kind: 'filesystem', directory: path.resolve('shared/proofs') })
    })

    it('accepts a bucket', () => {
      expect(parseEnvironment({ ...postgresDemo, ...s3 }).proofStorage).toMatchObject({ kind: 's3' })
    })

    it('keeps the one-process default on the embedded database', () => {
      expect(parseEnvironment({ DATA_DIR: '/var/lib/ngernkhuen' }).proofStorage).toEqual({
        kind: 'filesystem',
        directory: '/var/lib/ngernkhuen/proofs',
      })
      expect(parseEnvironment({ PROOF_DIR: '/srv/proofs' }).proofStorage).toEqual({
        kind: 'filesystem',
        directory: '/srv/proofs',
      })
    })

    it('refuses to start without PICTURE_STORAGE, saying why', () => {
      const proofs = { PROOF_STORAGE: 'filesystem', PROOF_DIR: '/mnt/shared/proofs' }
      expect(() => parseEnvironment({ ...postgresDemo, ...proofs })).toThrow(
        /DATABASE_URL requires PICTURE_STORAGE: several server processes may share this database, and a product picture one process made must be served by every other/,
      )
      expect(() => parseEnvironment({ ...postgresDemo, ...proofs, PICTURE_STORAGE: 'filesystem' })).toThrow(
        /PICTURE_STORAGE=filesystem with DATABASE_URL requires PICTURE_DIR: a directory every server process on this database mounts/,
      )
      expect(
        parseEnvironment({ ...postgresDemo, ...proofs, PICTURE_STORAGE: 'filesystem', PICTURE_DIR: 'shared/pictures' })
          .pictureStorage,
      ).toEqual({ kind: 'filesystem', directory: path.resolve('shared/pictures') })
    })

    it('keeps pictures in the bucket with the proofs, or in DATA_DIR on the embedded database', () => {
      expect(parseEnvironment({ ...postgresDemo, ...s3 }).pictureStorage).toMatchObject({
        kind: 's3',
        bucket: 'ngernkhuen-proofs',
      })
      expect(parseEnvironment({ DATA_DIR: '/var/lib/ngernkhuen' }).pictureStorage).toEqual({
        kind: 'filesystem',
        directory: '/var/lib/ngernkhuen/pictures',
      })
      expect(() => parseEnvironment({ ...postgresDemo, ...s3, PICTURE_DIR: '/srv/x' })).toThrow(
        /PICTURE_DIR is only read with PICTURE_STORAGE=filesystem/,
      )
    })

    it('refuses PROOF_DIR beside a bucket, where it would be ignored', () => {
      expect(() => parseEnvironment({ ...postgresDemo, ...s3, PROOF_DIR: '/srv/proofs' })).toThrow(
        /PROOF_DIR is only read with PROOF_STORAGE=filesystem/,
      )
    })
  })

  describe('database connections', () => {
    it('reads DATABASE_POOL_MAX, 10 unless set', () => {
      expect(parseEnvironment({}).databasePoolMax).toBe(10)
      expect(parseEnvironment({ DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4)
    })

    it.each([
      ['zero', '0', /at least 1 connection/],
      ['a word', 'ten', /Expected a number of connections/],
      ['a negative number', '-5', /Expected a number of connections/],
      ['too many', '5000', /at most 1000 connections/],
    ])('refuses DATABASE_POOL_MAX as %s', (_label, value, message) => {
      expect(() => parseEnvironment({ DATABASE_POOL_MAX: value })).toThrow(message)
      expect(() => parseEnvironment({ DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/)
    })

    it('refuses DATABASE_DIRECT_URL without DATABASE_URL, and one that is not PostgreSQL', () => {
      expect(() => parseEnvironment({ DATABASE_DIRECT_URL: 'postgres://app:secret@db:5432/ngernkhuen' })).toThrow(
        /DATABASE_DIRECT_URL is only read with DATABASE_URL/,
      )
      expect(() =>
        parseEnvironment({
          ...production,
          DATABASE_DIRECT_URL: 'mysql://db/app',
        }),
      ).toThrow(/DATABASE_DIRECT_URL/)
    })
  })

  it('keeps serving 5 s after SIGTERM with DATABASE_URL, none on the embedded database, unless told', () => {
    expect(parseEnvironment({}).shutdownPreStopSeconds).toBe(0)
    expect(parseEnvironment(production).shutdownPreStopSeconds).toBe(5)
    expect(parseEnvironment({ ...production, SHUTDOWN_PRE_STOP_SECONDS: '0' }).shutdownPreStopSeconds).toBe(0)
    expect(parseEnvironment({ SHUTDOWN_PRE_STOP_SECONDS: '2' }).shutdownPreStopSeconds).toBe(2)
    expect(() => parseEnvironment({ SHUTDOWN_PRE_STOP_SECONDS: '5s' })).toThrow(/SHUTDOWN_PRE_STOP_SECONDS/)
    expect(() => parseEnvironment({ SHUTDOWN_PRE_STOP_SECONDS: '301' })).toThrow(/at most 300/)
  })

  it('refuses a TRUSTED_PROXY_HOPS that is not a small count', () => {
    expect(() => parseEnvironment({ TRUSTED_PROXY_HOPS: 'yes' })).toThrow(/TRUSTED_PROXY_HOPS/)
    expect(() => parseEnvironment({ TRUSTED_PROXY_HOPS: '11' })).toThrow(/at most 10/)
  })

  it('allows the demo AUTH_SECRET default in demo mode only', () => {
    expect(parseEnvironment({ AUTH_SECRET: productionSecret }).authSecret).toBe(productionSecret)
    expect(parseEnvironment({}).authSecret).toBe(demoAuthSecret)
  })

  describe('POSTBACK_SECRETS', () => {
    it('adds the demo network in demo mode, next to the configured ones', () => {
      expect(parseEnvironment({ POSTBACK_SECRETS: ` involve-asia = ${involveAsiaSecret} , ` }).postbackSecrets).toEqual(
        new Map([
          ['involve-asia', involveAsiaSecret],
          ['demo', demoPostbackSecret],
        ]),
      )
    })

    it('keeps a demo secret configured in demo mode', () => {
      expect(parseEnvironment({ POSTBACK_SECRETS: `demo=${involveAsiaSecret}` }).postbackSecrets).toEqual(
        new Map([['demo', involveAsiaSecret]]),
      )
    })

    it('has no demo network in production, and no network at all unless configured', () => {
      expect(parseEnvironment(production).postbackSecrets).toEqual(new Map())
      expect(
        parseEnvironment({ ...production, POSTBACK_SECRETS: `accesstrade=${accesstradeSecret}` }).postbackSecrets,
      ).toEqual(new Map([['accesstrade', accesstradeSecret]]))
    })

    it.each([
      ['the demo secret', `involve-asia=${demoPostbackSecret}`, /refuses the demo postback secret/],
      ['the demo network', `demo=${involveAsiaSecret}`, /refuses the network "demo"/],
    ])('refuses %s in production', (_label, value, message) => {
      expect(() => parseEnvironment({ ...production, POSTBACK_SECRETS: value })).toThrow(message)
    })

    it.each([
      ['a short secret', 'involve-asia=short', /secret of network involve-asia needs at least 32 characters/],
      ['a pair without =', involveAsiaSecret, /Expected network=secret pairs/],
      ['an empty network name', `=${involveAsiaSecret}`, /Expected network=secret pairs/],
      ['an uppercase network name', `Involve=${involveAsiaSecret}`, /Expected network=secret pairs/],
      ['a network listed twice', `a=${involveAsiaSecret},a=${accesstradeSecret}`, /Network a is listed twice/],
    ])('rejects %s, without repeating any secret', (_label, value, message) => {
      let thrown: unknown
      try {
        parseEnvironment({ POSTBACK_SECRETS: value })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(EnvironmentError)
      const text = thrown instanceof Error ? thrown.message : ''
      expect(text).toMatch(message)
      expect(text).toMatch(/POSTBACK_SECRETS/)
      expect(text).not.toContain(involveAsiaSecret)
      expect(text).not.toContain(accesstradeSecret)
    })
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
