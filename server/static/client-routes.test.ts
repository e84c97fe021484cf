import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, readErrorBody } from '#server/test/app'
import { createClientFixture, fixtureIndexHtml, type ClientFixture } from '#server/test/client-fixture'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

let testDatabase: TestDatabase
let client: ClientFixture
let app: ReturnType<typeof createTestApp>

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  client = await createClientFixture()
  app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory })
})
afterAll(async () => {
  await testDatabase.dispose()
  await client.dispose()
})

const englishCookie = { Cookie: 'locale=en' }

describe('built files', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await app.request('/assets/index-3f9a1c2b.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect(await response.text()).toContain('console.log')
  })

  it.each(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest'])(
    'makes browsers revalidate %s every time',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
    },
  )

  it('serves the manifest with its media type', async () => {
    const response = await app.request('/manifest.webmanifest')
    expect(response.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/)
  })

  it('caches other public files for a modest time', async () => {
    const response = await app.request('/icons/icon-192.png')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400')
  })

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app.request('/sw.js')
    const entityTag = first.headers.get('ETag')
    expect(entityTag).toBeTruthy()
    const second = await app.request('/sw.js', { headers: { 'If-None-Match': entityTag ?? '' } })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  it('never serves files outside the build', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const response = await app.request(path)
      expect(await response.text(), path).not.toContain('"dependencies"')
    }
  })
})

describe('page loads', () => {
  it.each(['/', '/home', '/home/', '/maintenance'])('serves the Thai app shell for %s with 200', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(response.headers.get('Vary')).toContain('Cookie')
    expect(await response.text()).toBe(fixtureIndexHtml)
  })

  it.each(['/en', '/en/', '/en/home'])('serves the English app shell with lang="en" for %s', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="en">')
    expect(html).not.toContain('lang="th"')
    expect(html).toBe(fixtureIndexHtml.replace('lang="th"', 'lang="en"'))
  })

  it.each(['/nope', '/fr/home', '/en/nope', '/home/extra'])(
    'answers the unknown page %s with the app shell and status 404',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root"></div>')
    },
  )

  it('sends a shopper with the English cookie from an unprefixed page to /en, keeping the query', async () => {
    const response = await app.request('/home?utm_source=line&x=1', { headers: englishCookie })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/en/home?utm_source=line&x=1')
    expect(response.headers.get('Vary')).toContain('Cookie')

    const root = await app.request('/', { headers: englishCookie })
    expect(root.status).toBe(302)
    expect(root.headers.get('Location')).toBe('/en')
  })

  it('does not redirect an explicit /en page, a Thai cookie, an unknown cookie value or a file', async () => {
    expect((await app.request('/en/home', { headers: englishCookie })).status).toBe(200)
    expect((await app.request('/home', { headers: { Cookie: 'locale=th' } })).status).toBe(200)
    expect((await app.request('/home', { headers: { Cookie: 'locale=fr' } })).status).toBe(200)
    expect((await app.request('/sw.js', { headers: englishCookie })).status).toBe(200)
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await app.request('/home', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(await response.text()).toBe('')
  })

  it('answers other methods on pages with the JSON 404', async () => {
    const response = await app.request('/home', { method: 'POST' })
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })

  it('answers page loads with the JSON 404 when the web app is not built', async () => {
    const apiOnly = createTestApp(testDatabase.connection.database)
    const response = await apiOnly.request('/home')
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })
})
