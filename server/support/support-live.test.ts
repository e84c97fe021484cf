import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openEventChannel, type EventChannel } from '#server/events/event-channel'
import { createShutdownState } from '#server/http/graceful-shutdown'
import { createTestClock, signIn } from '#server/test/accounts'
import { readErrorBody } from '#server/test/app'
import { useTestDatabaseWithMerchant } from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'
import { testDatabaseUrl } from '#server/test/database'
import { createManualEventChannel, readEventStream, supportShopper } from '#server/test/support'
import { createSupportLive, maxStreamsPerBuyer, type SupportLive } from '#server/support/support-live'

/**
 * The chat's live events across "processes": app A holds the streams, app B (its own event
 * channel on the same database, as another server process would have) takes the writes. Nothing
 * reaches A's streams but through the database's notifications.
 */

const { testDatabase } = useTestDatabaseWithMerchant()
const logger = pino({ level: 'silent' })
const heartbeatMilliseconds = 150

let channelOfStreams: EventChannel
let channelOfWrites: EventChannel
beforeAll(async () => {
  channelOfStreams = openEventChannel(testDatabase().connection, logger)
  channelOfWrites = openEventChannel(testDatabase().connection, logger)
  await Promise.all([channelOfStreams.whenListening(), channelOfWrites.whenListening()])
})
afterAll(async () => {
  await Promise.all([channelOfStreams.close(), channelOfWrites.close()])
})

/** Long enough for a notification to arrive and be read if one had been sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

let shopperCounter = 0

function twoProcesses(options: { events?: EventChannel; shutdown?: ReturnType<typeof createShutdownState> } = {}) {
  const database = testDatabase().connection.database
  const clock = createTestClock()
  const events = options.events ?? channelOfStreams
  const live: SupportLive = createSupportLive({
    database,
    events,
    logger,
    now: clock.now,
    heartbeatMilliseconds,
    shutdown: options.shutdown,
  })
  const streaming = createConsoleTestApp(database, { clock, events, supportLive: live })
  const writing = createConsoleTestApp(database, { clock, events: channelOfWrites })
  async function shopper() {
    shopperCounter += 1
    const { cookie, buyer } = await signIn(streaming.app, `live.${shopperCounter}.${process.pid}@example.co.th`)
    const identity = { cookie, buyerId: buyer.buyerId }
    return {
      ...identity,
      onStreams: supportShopper(streaming.app, identity),
      onWrites: supportShopper(writing.app, identity),
    }
  }
  return { live, clock, streaming, writing, shopper }
}

const databaseName = testDatabaseUrl === undefined ? 'PGlite' : 'PostgreSQL'

describe(`the support chat's live events on ${databaseName}`, () => {
  it('sends what was missed after Last-Event-ID, then live messages from another process, each once', async () => {
    const { live, writing, shopper } = twoProcesses()
    const somchai = await shopper()
    for (const text of ['หนึ่ง', 'สอง', 'สาม']) await somchai.onWrites.write(text)

    const response = await somchai.onStreams.events('?after=0', { 'Last-Event-ID': '1', 'Accept-Encoding': 'gzip' })
    expect(response.status).toBe(200)
    // Not compressed, so not held back: the events below arrive while the stream stays open.
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const stream = readEventStream(response)
    await expect.poll(() => stream.messageSequences()).toEqual([2, 3])
    expect(stream.events.filter(({ event }) => event.type === 'message').map(({ id }) => id)).toEqual(['2', '3'])
    expect(stream.retry).toBe(3000)
    expect(live.openStreamCount).toBe(1)

    await somchai.onWrites.write('สี่')
    await expect.poll(() => stream.messageSequences()).toEqual([2, 3, 4])

    // An agent answers, reads and closes on the other process: the shopper sees each.
    const conversationId = (await somchai.onWrites.conversation()).id ?? ''
    const answer = await writing.post(`/api/ops/support/conversations/${conversationId}/messages`, {
      text: 'ได้รับเรื่องแล้วค่ะ',
    })
    expect(answer.status).toBe(201)
    await expect.poll(() => stream.messageSequences()).toEqual([2, 3, 4, 5])
    expect(stream.events.flatMap(({ event }) => (event.type === 'message' ? [event.message.author] : []))).toEqual([
      'shopper',
      'shopper',
      'shopper',
      'agent',
    ])
    expect(
      (await writing.post(`/api/ops/support/conversations/${conversationId}/status`, { status: 'closed' })).status,
    ).toBe(200)
    await expect
      .poll(() => stream.events.map(({ event }) => event).filter((event) => event.type === 'status'))
      .toEqual([
        { type: 'status', conversationId, status: 'open' },
        { type: 'status', conversationId, status: 'closed' },
      ])
    await expect
      .poll(() =>
        stream.events.map(({ event }) => event).filter((event) => event.type === 'read' && event.reader === 'agent'),
      )
      .toEqual([{ type: 'read', conversationId, reader: 'agent', sequence: 5 }])

    await settle()
    expect(stream.messageSequences()).toEqual([2, 3, 4, 5])
    await stream.close()
    await expect.poll(() => live.openStreamCount).toBe(0)
  })

  it('starts from ?after=N, or from now without a cursor', async () => {
    const { shopper } = twoProcesses()
    const malee = await shopper()
    for (const text of ['ก', 'ข', 'ค']) await malee.onWrites.write(text)
    const fromTwo = readEventStream(await malee.onStreams.events('?after=2'))
    const fromNow = readEventStream(await malee.onStreams.events())
    await expect.poll(() => fromTwo.messageSequences()).toEqual([3])
    await malee.onWrites.write('ง')
    await expect.poll(() => fromTwo.messageSequences()).toEqual([3, 4])
    await expect.poll(() => fromNow.messageSequences()).toEqual([4])
    await Promise.all([fromTwo.close(), fromNow.close()])
  })

  it("never streams another buyer's conversation, nor to strangers", async () => {
    const { streaming, shopper } = twoProcesses()
    const owner = await shopper()
    const other = await shopper()
    const stranger = await streaming.app.request(`/api/support/${owner.buyerId}/events`)
    expect(stranger.status).toBe(401)
    const foreign = await streaming.app.request(`/api/support/${owner.buyerId}/events`, {
      headers: { Cookie: other.cookie },
    })
    expect(foreign.status).toBe(403)
    expect((await readErrorBody(foreign)).error.code).toBe('forbidden')

    const otherStream = readEventStream(await other.onStreams.events('?after=0'))
    await owner.onWrites.write('ส่วนตัว')
    await other.onWrites.write('ของฉัน')
    await expect.poll(() => otherStream.events.length).toBeGreaterThan(0)
    await settle()
    expect(otherStream.events.flatMap(({ event }) => (event.type === 'message' ? [event.message.text] : []))).toEqual([
      'ของฉัน',
    ])
    await otherStream.close()
  })

  it('opens a few streams per account, not as many as a script asks for', async () => {
    const { live, shopper } = twoProcesses()
    const malee = await shopper()
    const streams = []
    for (let index = 0; index < maxStreamsPerBuyer; index += 1) {
      streams.push(readEventStream(await malee.onStreams.events()))
    }
    await expect.poll(() => live.openStreamCount).toBeGreaterThanOrEqual(maxStreamsPerBuyer)
    const oneMore = await malee.onStreams.events()
    expect(oneMore.status).toBe(429)
    expect((await readErrorBody(oneMore)).error.code).toBe('too_many_requests')
    await Promise.all(streams.map((stream) => stream.close()))
    await expect.poll(() => live.openStreamCount).toBe(0)
    const again = readEventStream(await malee.onStreams.events())
    await expect.poll(() => live.openStreamCount).toBe(1)
    await again.close()
  })

  it('ends the stream when the session ends, with heartbeats until then', async () => {
    const { live, streaming, shopper } = twoProcesses()
    const somsri = await shopper()
    const stream = readEventStream(await somsri.onStreams.events())
    await expect.poll(() => stream.comments.length).toBeGreaterThan(1)
    expect(stream.comments[0]).toBe('keep-alive')
    expect(stream.hasEnded).toBe(false)
    const signedOut = await streaming.app.request('/api/auth/sessions/current', {
      method: 'DELETE',
      headers: { Cookie: somsri.cookie },
    })
    expect(signedOut.status).toBe(204)
    await expect.poll(() => stream.hasEnded).toBe(true)
    await expect.poll(() => live.openStreamCount).toBe(0)
  })

  it('reads again after the event channel missed something', async () => {
    const manual = createManualEventChannel()
    const { live, clock, streaming, shopper, writing } = twoProcesses({ events: manual })
    const udom = await shopper()
    await udom.onWrites.write('ก่อนเชื่อมต่อ')
    // Well before the console connects: a gap is read again from a minute before it last looked.
    clock.advance(5 * 60_000)
    const stream = readEventStream(await udom.onStreams.events('?after=1'))
    const agentStream = readEventStream(await streaming.get('/api/ops/support/events'))
    await expect.poll(() => live.openStreamCount).toBe(2)
    await udom.onWrites.write('ระหว่างที่ช่องทางหลุด')
    const conversationId = (await udom.onWrites.conversation()).id ?? ''
    expect(
      (await writing.post(`/api/ops/support/conversations/${conversationId}/messages`, { text: 'ตอบแล้วค่ะ' })).status,
    ).toBe(201)
    await settle()
    expect(stream.messageSequences()).toEqual([])
    expect(agentStream.messageSequences()).toEqual([])

    manual.miss('support.changed')
    await expect.poll(() => stream.messageSequences()).toEqual([2, 3])
    // The console reads again every conversation written since it last looked (others' too).
    await expect
      .poll(() =>
        agentStream.events.flatMap(({ event }) =>
          event.type === 'message' && event.conversationId === conversationId ? [event.message.sequence] : [],
        ),
      )
      .toEqual([2, 3])
    await Promise.all([stream.close(), agentStream.close()])
  })

  it('gives the console every conversation live, without ids, and only to support and admins', async () => {
    const { live, streaming, writing, shopper } = twoProcesses()
    const finance = await streaming.get('/api/ops/support/events', 'finance')
    expect(finance.status).toBe(403)
    expect((await streaming.app.request('/api/ops/support/events')).status).toBe(401)

    const agentStream = readEventStream(await streaming.get('/api/ops/support/events', 'admin'))
    await expect.poll(() => live.openStreamCount).toBe(1)
    const first = await shopper()
    const second = await shopper()
    await first.onWrites.write('ลูกค้าคนแรก')
    await second.onWrites.write('ลูกค้าคนที่สอง')
    await expect
      .poll(() =>
        agentStream.events.flatMap(({ event, id }) => (event.type === 'message' ? [[event.message.text, id]] : [])),
      )
      .toEqual([
        ['ลูกค้าคนแรก', undefined],
        ['ลูกค้าคนที่สอง', undefined],
      ])
    const conversationId = (await second.onWrites.conversation()).id ?? ''
    await writing.post(`/api/ops/support/conversations/${conversationId}/read`, { sequence: 1 })
    await expect
      .poll(() => agentStream.events.some(({ event }) => event.type === 'read' && event.reader === 'agent'))
      .toBe(true)
    await agentStream.close()
  })

  it('ends every stream when the process starts to drain', async () => {
    const shutdown = createShutdownState()
    const { live, shopper } = twoProcesses({ shutdown })
    const prasert = await shopper()
    await prasert.onWrites.write('ก่อนปิด')
    const stream = readEventStream(await prasert.onStreams.events())
    await expect.poll(() => live.openStreamCount).toBe(1)
    shutdown.markShuttingDown()
    shutdown.startDrain()
    await expect.poll(() => stream.hasEnded).toBe(true)
    expect(live.openStreamCount).toBe(0)
    // One opened while draining sends what was asked for, then ends (the client goes elsewhere).
    const late = readEventStream(await prasert.onStreams.events('?after=0'))
    await expect.poll(() => late.hasEnded).toBe(true)
    expect(late.messageSequences()).toEqual([1])
  })
})
