import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy, securityHeadersMiddleware } from '#server/http/security-headers'
import { createTestApp } from '#server/test/app'
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

/** API, error, page, static file and media answers. */
const paths = ['/api/health', '/api/nope', '/home', '/nope', '/assets/index-3f9a1c2b.js', '/media/nope.png']

function expectCommonHeaders(response: Response, path: string) {
  expect(response.headers.get('Content-Security-Policy'), path).toBe(contentSecurityPolicy)
  expect(response.headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin')
  expect(response.headers.get('Cross-Origin-Resource-Policy'), path).toBe('same-origin')
  expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
  expect(response.headers.get('X-Frame-Options'), path).toBe('DENY')
  expect(response.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('Permissions-Policy'), path).toBe('camera=(self)')
}

describe('security headers', () => {
  it('in production: HSTS for a year, cross-origin isolation of windows and resources', async () => {
    const app = createTestApp(testDatabase.connection.database, {
      clientDirectory: client.directory,
      appMode: 'production',
    })
    for (const path of paths) {
      const response = await app.request(path)
      expect(response.status, path).toBeLessThan(500)
      expectCommonHeaders(response, path)
      expect(response.headers.get('Strict-Transport-Security'), path).toBe('max-age=31536000')
    }
  })

  it('in demo mode (plain http on localhost): no HSTS, the rest the same', async () => {
    const app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory, appMode: 'demo' })
    for (const path of [...paths, '/demo-store/nope']) {
      const response = await app.request(path)
      expect(response.status, path).toBeLessThan(500)
      expectCommonHeaders(response, path)
      expect(response.headers.get('Strict-Transport-Security'), path).toBeNull()
    }
  })

  it('lets a route make Referrer-Policy stricter, and no other header', async () => {
    const app = new Hono().use(securityHeadersMiddleware({ isProduction: true })).get('/out', (c) => {
      c.header('Referrer-Policy', 'no-referrer')
      c.header('Content-Security-Policy', 'default-src *')
      c.header('Cross-Origin-Resource-Policy', 'cross-origin')
      c.header('Strict-Transport-Security', 'max-age=0')
      return c.text('bye')
    })
    const response = await app.request('/out')
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer')
    expect(response.headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy)
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin')
    expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000')
  })
})
