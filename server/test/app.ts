import { Writable } from 'node:stream'
import { pino } from 'pino'
import * as v from 'valibot'
import { errorBodySchema, type ErrorBody } from '#domain/errors'
import { createApp, type AppOptions } from '#server/app'
import type { Database } from '#server/db/database'
import { createSilentEventChannel } from '#server/events/event-channel'
import type { Logger } from '#server/logger'
import { createMemoryProofStorage } from '#server/test/proofs'

/** A logger whose JSON lines the test can inspect. */
export function createRecordingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(v.parse(v.record(v.string(), v.unknown()), JSON.parse(chunk.toString('utf8'))))
      callback()
    },
  })
  return { logger: pino({ level: 'debug' }, destination), lines: () => lines }
}

export function createTestApp(database: Database, options: Partial<Omit<AppOptions, 'database'>> = {}) {
  return createApp({
    database,
    // Tests of the channel pass a listening one (server/events/event-channel.test.ts).
    events: createSilentEventChannel(),
    maintenance: false,
    // Not created: tests that need the built client pass a fixture directory.
    clientDirectory: '/nonexistent/ngernkhuen-client',
    logger: pino({ level: 'silent' }),
    proofStorage: createMemoryProofStorage(),
    pictureStorage: createMemoryProofStorage(),
    ...options,
  })
}

export async function readErrorBody(response: Response): Promise<ErrorBody> {
  return v.parse(errorBodySchema, await response.json())
}

export async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  return v.parse(v.record(v.string(), v.unknown()), await response.json())
}
