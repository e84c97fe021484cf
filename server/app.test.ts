import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeSetting } from '#server/app-settings'
import { appSettings } from '#server/db/schema'
import { contentSecurityPolicy } from '#server/http/security-headers'
import { createRecordingLogger, createTestApp, readErrorBody } from '#server/test/app'
import { createClientFixture, type ClientFixture } from '#server/test/client-fixture'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
let client: ClientFixture

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  client = await createClientFixture()
})
afterAll(async () => {
  await testDatabase.dispose()
  await client.dispose()
})

function jsonRequest(method: string, body: string, headers: Record<string, string> = {}): RequestInit {
  return { method, body, headers: { 'Content-Type': 'application/json', ...headers } }
}

describe('errors', () => {
  it('answers an unknown API path with a JSON 404 in the one error shape', async () => {
    const app = createTestApp(testDatabase.connection.database)
    for (const path of ['/api/nope', '/api', '/api/health/extra']) {
      const response = await app.request(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
      expect((await readErrorBody(response)).error.code).toBe('not_found')
    }
  })

  it('answers a wrong method on an API path with the JSON 404, not the app shell', async () => {
    const app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory })
    const response = await app.request('/api/locale')
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })

  it('answers malformed JSON with 400 invalid_request, not 500', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request('/api/locale', jsonRequest('PUT', '{"locale": '))
    expect(response.status).toBe(400)
    expect(await readErrorBody(response)).toEqual({
      error: { code: 'invalid_request', message: 'Malformed JSON in request body' },
    })
  })

  it('answers a schema violation with 400 invalid_request naming the field, never the library shape', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request('/api/locale', jsonRequest('PUT', '{"locale":"fr"}'))
    expect(response.status).toBe(400)
    const body = await readErrorBody(response)
    expect(body.error.code).toBe('invalid_request')
    expect(body.error.message).toMatch(/^locale: /)
    expect(Object.keys(body)).toEqual(['error'])
  })

  it('answers a body that is not declared as JSON with 400 invalid_request', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request('/api/locale', { method: 'PUT', body: '{"locale":"en"}' })
    expect(response.status).toBe(400)
    expect((await readErrorBody(response)).error.code).toBe('invalid_request')
  })

  it('answers an oversized body with 413 payload_too_large', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const body = JSON.stringify({ locale: 'en', padding: 'x'.repeat(70 * 1024) })
    const response = await app.request('/api/locale', jsonRequest('PUT', body))
    expect(response.status).toBe(413)
    expect((await readErrorBody(response)).error.code).toBe('payload_too_large')
  })

  it('answers an unexpected failure with a generic 500 internal_error and logs the cause', async () => {
    const { database } = testDatabase.connection
    // A maintenance row of the wrong shape makes every API request fail inside the server.
    await database.insert(appSettings).values({ key: 'maintenance', value: 'SECRET-DETAIL' })
    try {
      const { logger, lines } = createRecordingLogger()
      const app = createTestApp(database, { logger })
      const response = await app.request('/api/status')
      expect(response.status).toBe(500)
      const body = await readErrorBody(response)
      expect(body.error.code).toBe('internal_error')
      expect(body.error.message).not.toContain('SECRET-DETAIL')
      expect(body.error.message).not.toContain('app_settings')
      const errorLine = lines().find((line) => line['msg'] === 'unhandled error')
      expect(JSON.stringify(errorLine)).toContain('app_settings row')
      expect(errorLine?.['requestId']).toBe(response.headers.get('X-Request-Id'))
    } finally {
      await writeSetting(database, 'maintenance', false)
    }
  })
})

describe('origin check', () => {
  const put = (headers: Record<string, string>, url = 'http://localhost/api/locale') =>
    createTestApp(testDatabase.connection.database).request(url, jsonRequest('PUT', '{"locale":"en"}', headers))

  it('rejects a state-changing API request from another origin with 403 forbidden_origin', async () => {
    const response = await put({ Origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect((await readErrorBody(response)).error.code).toBe('forbidden_origin')
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })

  it('rejects the opaque "null" origin and a different port or scheme', async () => {
    for (const origin of ['null', 'http://localhost:8080', 'https://localhost']) {
      expect((await put({ Origin: origin })).status, origin).toBe(403)
    }
  })

  it('accepts the same origin, also behind a TLS-terminating proxy', async () => {
    expect((await put({ Origin: 'http://localhost' })).status).toBe(200)
    expect((await put({ Origin: 'https://localhost', 'X-Forwarded-Proto': 'https' })).status).toBe(200)
    expect((await put({ Origin: 'https://shop.example' }, 'https://shop.example/api/locale')).status).toBe(200)
  })

  it('accepts requests without Origin (non-browser clients)', async () => {
    expect((await put({})).status).toBe(200)
  })

  it('leaves safe methods alone', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const response = await app.request('/api/status', { headers: { Origin: 'https://evil.example' } })
    expect(response.status).toBe(200)
  })
})

describe('response headers', () => {
  const expectSecurityHeaders = (response: Response) => {
    expect(response.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy)
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('X-Frame-Options')).toBe('DENY')
    expect(response.headers.get('Permissions-Policy')).toBe('camera=(self)')
  }

  it('puts the security headers on API, error, page and file responses', async () => {
    const app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory })
    for (const path of ['/api/health', '/api/nope', '/home', '/nope', '/assets/index-3f9a1c2b.js']) {
      const response = await app.request(path)
      expect(response.status, path).toBeLessThan(500)
      expectSecurityHeaders(response)
    }
    const rejected = await app.request('/api/locale', jsonRequest('PUT', '{', { Origin: 'https://evil.example' }))
    expect(rejected.status).toBe(403)
    expectSecurityHeaders(rejected)
  })

  it('spells out the agreed content security policy', () => {
    expect(contentSecurityPolicy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
        "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; " +
        "frame-ancestors 'none'; form-action 'self'",
    )
  })

  it('marks API answers as not cacheable', async () => {
    const response = await createTestApp(testDatabase.connection.database).request('/api/status')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('gives every response a request id and keeps a well-formed incoming one', async () => {
    const app = createTestApp(testDatabase.connection.database)
    const generated = await app.request('/api/status')
    expect(generated.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/)
    const forwarded = await app.request('/api/status', { headers: { 'X-Request-Id': 'edge-1234' } })
    expect(forwarded.headers.get('X-Request-Id')).toBe('edge-1234')
  })

  it('logs one line per request with method, path, status and duration', async () => {
    const { logger, lines } = createRecordingLogger()
    const app = createTestApp(testDatabase.connection.database, { logger })
    const response = await app.request('/api/nope')
    const requestLine = lines().find((line) => line['msg'] === 'request')
    expect(requestLine).toMatchObject({
      method: 'GET',
      path: '/api/nope',
      status: 404,
      requestId: response.headers.get('X-Request-Id'),
    })
    expect(requestLine?.['durationMilliseconds']).toBeTypeOf('number')
  })

  it('compresses large text responses when the client accepts it', async () => {
    const app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory })
    const response = await app.request('/assets/index-3f9a1c2b.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(response.headers.get('Vary')).toContain('Accept-Encoding')
  })
})
