import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAccountsConfig } from '#server/auth/accounts-config'
import { createCodeDelivery, type MailTransport } from '#server/auth/code-delivery'
import {
  createDevOutbox,
  devOutboxMessagesPerAddress,
  devOutboxRetentionHours,
  type DevOutboxEntry,
} from '#server/auth/dev-outbox'
import { connectPostgres, type DatabaseConnection } from '#server/db/database'
import { devOutboxMessages } from '#server/db/schema'
import {
  createAccountsTestApp,
  createTestClock,
  jsonRequest,
  latestCode,
  outboxMessages,
  requestCode,
  signInCodeCookie,
} from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
/**
 * The second "process": on PostgreSQL (TEST_DATABASE_URL) a pool of its own on the same
 * database, as another server process would open; on PGlite the one in-process database.
 */
let secondConnection: DatabaseConnection | undefined
beforeAll(async () => {
  testDatabase = await createTestDatabase()
  if (testDatabase.url !== undefined) {
    secondConnection = connectPostgres(
      new pg.Pool({ connectionString: testDatabase.url, max: 2 }),
      pino({ level: 'silent' }),
    )
  }
})
afterAll(async () => {
  await secondConnection?.close()
  await testDatabase.dispose()
})

const database = () => testDatabase.connection.database
const otherDatabase = () => (secondConnection ?? testDatabase.connection).database

async function rowsTo(recipient: string) {
  return database().select().from(devOutboxMessages).where(eq(devOutboxMessages.recipient, recipient))
}

describe('the dev outbox across server processes', () => {
  it('shows a code sent through one app instance through another on the same database', async () => {
    const clock = createTestClock()
    const first = createAccountsTestApp(database(), { clock }).app
    const second = createAccountsTestApp(otherDatabase(), { clock }).app

    expect((await requestCode(first, 'across.one@example.com')).status).toBe(202)
    const browserCookie = signInCodeCookie(first) ?? ''
    const code = await latestCode(second, 'across.one@example.com')
    expect(code).toMatch(/^\d{6}$/)
    expect(await outboxMessages(second, 'across.one@example.com')).toEqual(
      await outboxMessages(first, 'across.one@example.com'),
    )

    // The code read through the second instance signs in through it.
    const signedIn = await second.request(
      '/api/auth/sessions',
      jsonRequest('POST', { identifier: 'across.one@example.com', code, acceptTerms: true }, { Cookie: browserCookie }),
    )
    expect(signedIn.status).toBe(200)
  })

  it('keeps the kind, code and text of each message, newest first, whichever instance sent it', async () => {
    const clock = createTestClock()
    const first = createAccountsTestApp(database(), { clock }).app
    const second = createAccountsTestApp(otherDatabase(), { clock }).app

    expect((await requestCode(first, '0812340001')).status).toBe(202)
    clock.advance(8 * 60_000)
    expect((await requestCode(second, '0812340001')).status).toBe(202)

    const messages = await outboxMessages(first, '0812340001')
    expect(messages).toHaveLength(2)
    const [newest, oldest] = messages
    expect(newest).toMatchObject({ to: '0812340001', kind: 'sign_in_code', sentAt: clock.now().toISOString() })
    expect(oldest?.sentAt).toBe(new Date(clock.now().getTime() - 8 * 60_000).toISOString())
    // An SMS: the text is the one the phone would get, with the code in it.
    expect(newest?.text).toContain(`code: ${newest?.code ?? 'missing'}`)
    expect(newest?.code).not.toBe(oldest?.code)
  })
})

describe('retention', () => {
  const entry = (to: string, index: number): DevOutboxEntry => ({
    to,
    kind: 'sign_in_code',
    code: String(100_000 + index),
    text: `code ${100_000 + index}`,
    sentAt: new Date(Date.UTC(2026, 10, 15, 3, 0, index)),
  })

  it(`keeps the newest ${devOutboxMessagesPerAddress} messages per address`, async () => {
    const outbox = createDevOutbox(database())
    const total = devOutboxMessagesPerAddress + 5
    for (let index = 0; index < total; index += 1) await outbox.record(entry('many@example.com', index))
    await outbox.record(entry('someone.else@example.com', 0))

    const kept = await outbox.messagesTo('many@example.com')
    expect(kept).toHaveLength(devOutboxMessagesPerAddress)
    expect(kept[0]?.code).toBe(String(100_000 + total - 1))
    expect(kept.at(-1)?.code).toBe(String(100_000 + 5))
    expect(await rowsTo('many@example.com')).toHaveLength(devOutboxMessagesPerAddress)
    expect(await outbox.messagesTo('someone.else@example.com')).toHaveLength(1)
  })

  it(`deletes messages older than ${devOutboxRetentionHours} hours by the database clock as new ones arrive`, async () => {
    const outbox = createDevOutbox(database())
    await outbox.record(entry('old@example.com', 0))
    await database().execute(
      sql`update ${devOutboxMessages} set recorded_at = now() - interval '25 hours' where recipient = 'old@example.com'`,
    )
    await outbox.record(entry('recent@example.com', 0))

    expect(await rowsTo('old@example.com')).toEqual([])
    expect(await rowsTo('recent@example.com')).toHaveLength(1)
  })
})

describe('in production', () => {
  function productionApp() {
    const sent: Parameters<MailTransport['sendMail']>[0][] = []
    const transporter: MailTransport = {
      async sendMail(message) {
        sent.push(message)
        return { messageId: 'test' }
      },
    }
    const clock = createTestClock()
    const { app } = createAccountsTestApp(database(), {
      clock,
      accounts: {
        appMode: 'production',
        authSecret: 'a-production-secret-of-at-least-32-characters',
        delivery: createCodeDelivery({
          mailer: { transporter, from: 'NgernKhuen <no-reply@example.com>' },
          sms: undefined,
          outbox: undefined,
          logger: pino({ level: 'silent' }),
          now: clock.now,
        }),
      },
    })
    return { app, sent }
  }

  it('has no outbox: the configuration from the environment makes none', () => {
    const accounts = createAccountsConfig({
      database: database(),
      appMode: 'production',
      authSecret: 'a-production-secret-of-at-least-32-characters',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'NgernKhuen <no-reply@example.com>',
      trustedProxyHops: 0,
      logger: pino({ level: 'silent' }),
    })
    expect(accounts.delivery.outbox).toBeUndefined()
  })

  it('mounts no outbox route and writes no outbox row', async () => {
    const { app, sent } = productionApp()
    expect((await requestCode(app, 'production.mail@example.com')).status).toBe(202)
    expect(sent).toHaveLength(1)
    expect(await rowsTo('production.mail@example.com')).toEqual([])

    const response = await app.request('/api/dev/outbox?to=production.mail%40example.com')
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })
})
