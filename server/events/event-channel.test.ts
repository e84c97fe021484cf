import { once } from 'node:events'
import { connect, createServer, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeSetting } from '#server/app-settings'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import { listenerApplicationName } from '#server/db/database'
import {
  notificationChannelName,
  openEventChannel,
  publishEvent,
  type EventChannel,
  type EventDelivery,
} from '#server/events/event-channel'
import type { EventTopic } from '#server/events/event-topics'
import { createRecordingLogger } from '#server/test/app'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '#server/test/database'

/** What one subscription heard, in order. */
function record<Topic extends EventTopic>(channel: EventChannel, topic: Topic) {
  const heard: EventDelivery<Topic>[] = []
  const unsubscribe = channel.subscribe(topic, (delivery) => void heard.push(delivery))
  return { heard, unsubscribe }
}

/** Long enough for a notification to arrive if one had been sent (they take milliseconds). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 150))
}

const databaseName = testDatabaseUrl === undefined ? 'PGlite' : 'PostgreSQL'

describe(`event channel on ${databaseName}`, () => {
  let testDatabase: TestDatabase
  const recording = createRecordingLogger()
  let channel: EventChannel

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    channel = openEventChannel(testDatabase.connection, recording.logger)
    await channel.whenListening()
  })
  afterAll(async () => {
    await channel.close()
    await testDatabase.dispose()
  })

  it('delivers an event published in a transaction only once it commits', async () => {
    const { database } = testDatabase.connection
    const { heard, unsubscribe } = record(channel, 'settings.changed')
    let heardBeforeCommit: number | undefined
    await database.transaction(async (transaction) => {
      await publishEvent(transaction, 'settings.changed', { key: 'fixed_rate_thb' })
      // Another statement and a pause inside the transaction: still nothing may arrive.
      await transaction.execute(sql`select 1`)
      if (testDatabaseUrl !== undefined) await settle()
      heardBeforeCommit = heard.length
    })
    expect(heardBeforeCommit).toBe(0)
    await expect
      .poll(() => heard)
      .toEqual([{ kind: 'published', topic: 'settings.changed', payload: { key: 'fixed_rate_thb' } }])
    unsubscribe()
  })

  it('delivers nothing for a transaction rolled back', async () => {
    const { database } = testDatabase.connection
    const { heard, unsubscribe } = record(channel, 'catalogue.changed')
    await expect(
      database.transaction(async (transaction) => {
        await publishEvent(transaction, 'catalogue.changed', {})
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await expect(
      changeCatalogue(database, async (writer) => {
        await writer.updateMerchantCashback('000000000000000000000000', {
          kind: 'up-to',
          rateBasisPoints: 100,
          maxPerOrder: null,
        })
      }),
    ).rejects.toThrow(/No merchant/)
    await settle()
    expect(heard).toEqual([])
    unsubscribe()
  })

  it('announces every setting written and every catalogue change', async () => {
    const { database } = testDatabase.connection
    const settings = record(channel, 'settings.changed')
    const catalogue = record(channel, 'catalogue.changed')
    await writeSetting(database, 'maintenance', true)
    await writeSetting(database, 'bank_holidays', [])
    await changeCatalogue(database, () => Promise.resolve())
    await expect
      .poll(() => settings.heard.map((delivery) => (delivery.kind === 'published' ? delivery.payload.key : 'missed')))
      .toEqual(['maintenance', 'bank_holidays'])
    await expect.poll(() => catalogue.heard).toEqual([{ kind: 'published', topic: 'catalogue.changed', payload: {} }])
    settings.unsubscribe()
    catalogue.unsubscribe()
  })

  it('reaches every channel on the database, and stops at unsubscribe', async () => {
    const { database } = testDatabase.connection
    const second = openEventChannel(testDatabase.connection, recording.logger)
    try {
      await second.whenListening()
      const first = record(channel, 'settings.changed')
      const other = record(second, 'settings.changed')
      await publishEvent(database, 'settings.changed', { key: 'maintenance' })
      await expect.poll(() => [first.heard.length, other.heard.length]).toEqual([1, 1])
      other.unsubscribe()
      await publishEvent(database, 'settings.changed', { key: 'maintenance' })
      await expect.poll(() => first.heard.length).toBe(2)
      await settle()
      expect(other.heard).toHaveLength(1)
      first.unsubscribe()
    } finally {
      await second.close()
    }
  })

  it('isolates handlers: one that throws or rejects is logged, the others still run', async () => {
    const { database } = testDatabase.connection
    const unsubscribeThrowing = channel.subscribe('settings.changed', () => {
      throw new Error('sync handler failure')
    })
    const unsubscribeRejecting = channel.subscribe('settings.changed', () =>
      Promise.reject(new Error('async handler failure')),
    )
    const healthy = record(channel, 'settings.changed')
    await publishEvent(database, 'settings.changed', { key: 'maintenance' })
    await publishEvent(database, 'settings.changed', { key: 'fixed_rate_thb' })
    await expect.poll(() => healthy.heard.length).toBe(2)
    await expect
      .poll(() => recording.lines().filter((line) => line['msg'] === 'event channel: a handler failed').length)
      .toBe(4)
    unsubscribeThrowing()
    unsubscribeRejecting()
    healthy.unsubscribe()
  })

  it('ignores notifications it cannot read and refuses payloads PostgreSQL would refuse', async () => {
    const { database } = testDatabase.connection
    const { heard, unsubscribe } = record(channel, 'settings.changed')
    for (const text of ['not json', '{"topic":"settings.changed","payload":{"key":7}}', '{"topic":"chat.unknown"}']) {
      await database.execute(sql`select pg_notify(${notificationChannelName}, ${text})`)
    }
    await publishEvent(database, 'settings.changed', { key: 'maintenance' })
    await expect.poll(() => heard.length).toBe(1)
    expect(recording.lines().map((line) => line['msg'])).toEqual(
      expect.arrayContaining([
        'event channel: an unreadable notification was ignored',
        'event channel: an invalid payload was ignored',
      ]),
    )
    // A payload its topic does not allow never leaves.
    await expect(publishEvent(database, 'settings.changed', { key: 'k'.repeat(101) })).rejects.toThrow()
    unsubscribe()
  })
})

describe.runIf(testDatabaseUrl !== undefined)('event channel listener session on PostgreSQL', () => {
  let testDatabase: TestDatabase
  let administration: pg.Client

  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    administration = new pg.Client({ connectionString: testDatabaseUrl })
    await administration.connect()
  })
  afterAll(async () => {
    await administration.end()
    await testDatabase.dispose()
  })

  async function terminateListeners(): Promise<number> {
    const { rows } = await administration.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where application_name = $1 and datname = $2`,
      [listenerApplicationName, new URL(testDatabase.url ?? '').pathname.slice(1)],
    )
    return rows.filter((row) => row.terminated).length
  }

  it('reconnects by itself after its session is killed, tells subscribers they missed events, and delivers again', async () => {
    const { database } = testDatabase.connection
    const recording = createRecordingLogger()
    const channel = openEventChannel(testDatabase.connection, recording.logger, {
      retryMinimumMilliseconds: 20,
      retryMaximumMilliseconds: 200,
    })
    try {
      await channel.whenListening()
      const { heard } = record(channel, 'catalogue.changed')
      await publishEvent(database, 'catalogue.changed', {})
      await expect.poll(() => heard.length).toBe(1)

      expect(await terminateListeners()).toBe(1)
      // Back by itself; what was published while nobody listened is lost, so subscribers hear `missed`.
      await expect.poll(() => heard.map((delivery) => delivery.kind)).toEqual(['published', 'missed'])
      expect(channel.state).toBe('listening')
      await publishEvent(database, 'catalogue.changed', {})
      await expect.poll(() => heard.map((delivery) => delivery.kind)).toEqual(['published', 'missed', 'published'])
      expect(recording.lines().map((line) => line['msg'])).toEqual(
        expect.arrayContaining([
          'event channel: the listener session is down; caches fall back to their time limits until it is back',
          'event channel: listening again',
        ]),
      )
    } finally {
      await channel.close()
    }
    expect(channel.state).toBe('closed')
  })

  it('keeps trying with backoff while PostgreSQL cannot be reached, logging instead of crashing', async () => {
    const recording = createRecordingLogger()
    const unreachable = new URL(testDatabase.url ?? '')
    // A port nothing listens on: every attempt is refused.
    unreachable.port = '1'
    const channel = openEventChannel(
      {
        listenTarget: {
          kind: 'postgres',
          openSession: () => new pg.Client({ connectionString: unreachable.toString() }),
        },
      },
      recording.logger,
      { retryMinimumMilliseconds: 10, retryMaximumMilliseconds: 40 },
    )
    const failures = () =>
      recording.lines().filter((line) => String(line['msg']).startsWith('event channel: the listener session is down'))
    await expect.poll(() => failures().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3)
    expect(channel.state).toBe('reconnecting')
    const waiting = channel.whenListening()
    await channel.close()
    await expect(waiting).rejects.toThrow(/closed/)
    const attemptsAtClose = failures().length
    await settle()
    expect(failures().length).toBe(attemptsAtClose)
  })

  it('survives a listener session that cannot even be built, and keeps trying', async () => {
    const recording = createRecordingLogger()
    let attempts = 0
    const channel = openEventChannel(
      {
        listenTarget: {
          kind: 'postgres',
          openSession: () => {
            attempts += 1
            throw new Error('bad session settings')
          },
        },
      },
      recording.logger,
      { retryMinimumMilliseconds: 10, retryMaximumMilliseconds: 20 },
    )
    await expect.poll(() => attempts).toBeGreaterThanOrEqual(3)
    expect(channel.state).toBe('reconnecting')
    expect(recording.lines().map((line) => line['msg'])).toContain('event channel: opening the listener session failed')
    await channel.close()
  })

  it('notices a session that goes silent (no answer, no goodbye) through its heartbeat, and reconnects', async () => {
    const recording = createRecordingLogger()
    const target = new URL(testDatabase.url ?? '')
    const proxy = await startFreezableProxy(target.hostname, Number(target.port || 5432))
    const throughProxy = new URL(target)
    throughProxy.hostname = '127.0.0.1'
    throughProxy.port = String(proxy.port)
    const channel = openEventChannel(
      {
        listenTarget: {
          kind: 'postgres',
          openSession: () => new pg.Client({ connectionString: throughProxy.toString() }),
        },
      },
      recording.logger,
      { retryMinimumMilliseconds: 20, heartbeatMilliseconds: 50, heartbeatDeadlineMilliseconds: 100 },
    )
    try {
      await channel.whenListening()
      const { heard } = record(channel, 'settings.changed')
      // The path stops carrying bytes but nobody closes it, like a failover behind a dead route.
      proxy.freezeOpenConnections()
      // Not the `reconnecting` state itself: a new session (new connections pass) can be listening
      // again 20 ms later, between two polls (a CI run missed it). The log and the `missed` delivery
      // below are what stays.
      await expect
        .poll(() => recording.lines().map((line) => line['err']))
        .toContainEqual(expect.objectContaining({ message: 'The listener session did not answer' }))
      await channel.whenListening()
      await expect.poll(() => heard.map((delivery) => delivery.kind)).toEqual(['missed'])
      await publishEvent(testDatabase.connection.database, 'settings.changed', { key: 'maintenance' })
      await expect.poll(() => heard.map((delivery) => delivery.kind)).toEqual(['missed', 'published'])
    } finally {
      await channel.close()
      proxy.close()
    }
  })
})

/** A TCP relay to PostgreSQL whose open connections can be made to go silent. */
async function startFreezableProxy(host: string, port: number) {
  const pairs: [Socket, Socket][] = []
  const frozen: Socket[] = []
  const server = createServer((client) => {
    const upstream = connect(port, host)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    pairs.push([client, upstream])
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('No TCP address')
  return {
    port: address.port,
    freezeOpenConnections() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
        frozen.push(client, upstream)
      }
    },
    close() {
      for (const socket of [...frozen, ...pairs.flat()]) socket.destroy()
      server.close()
    },
  }
}
