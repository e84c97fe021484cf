import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { createTestApp } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('parseOperatorCommand', () => {
  it.each(['on', 'off', 'status'] as const)('accepts maintenance %s', (action) => {
    expect(parseOperatorCommand(['maintenance', action])).toEqual({
      success: true,
      command: { name: 'maintenance', action },
    })
  })

  it.each([[[]], [['maintenance']], [['maintenance', 'maybe']], [['maintenance', 'on', 'now']], [['restart']]])(
    'rejects %o with the usage text',
    (argumentList) => {
      const parsed = parseOperatorCommand(argumentList)
      expect(parsed.success).toBe(false)
      if (!parsed.success) expect(parsed.message).toContain('Usage: npm run ops -- <command>')
    },
  )
})

describe('maintenance command', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  it('round-trips through the settings row that every server reads', async () => {
    const { database } = testDatabase.connection
    const app = createTestApp(database, { maintenanceCacheMilliseconds: 0 })
    const run = (action: 'on' | 'off' | 'status') => runOperatorCommand({ name: 'maintenance', action }, database)

    expect(await run('status')).toBe('maintenance: off (never set)')
    expect(await run('on')).toMatch(/^maintenance: on\n/)
    expect(await run('status')).toBe('maintenance: on')
    expect((await app.request('/api/status')).status).toBe(503)

    expect(await run('off')).toMatch(/^maintenance: off\n/)
    expect(await run('status')).toBe('maintenance: off')
    expect((await app.request('/api/status')).status).toBe(200)
  })
})
