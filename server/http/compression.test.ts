import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compressionMiddleware } from '#server/http/compression'
import { acceptsGzip } from '#server/http/content-encoding'

const large = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: `รายการ ${index}` })) }

function testApp() {
  return new Hono()
    .use(compressionMiddleware())
    .get('/small', (c) => c.json({ maintenance: false }))
    .get('/large', (c) => {
      c.header('ETag', '"large"')
      return c.json(large)
    })
    .get('/encoded', (c) => {
      c.header('Content-Encoding', 'br')
      return c.body(new Uint8Array(2048), 200, { 'Content-Type': 'application/json' })
    })
    .get('/no-transform', (c) => {
      c.header('Cache-Control', 'no-transform')
      return c.json(large)
    })
    .get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
}

describe('compressionMiddleware', () => {
  it('gzips a large answer for a client that takes gzip, with a weak ETag and Vary', async () => {
    const response = await testApp().request('/large', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
    expect(response.headers.get('ETag')).toBe('W/"large"')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(response.headers.get('Content-Length')).toBe(String(bytes.byteLength))
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(large)
  })

  it('sends a large answer as it is to a client that does not take gzip, still varying on it', async () => {
    const response = await testApp().request('/large')
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(response.headers.get('Vary')).toBe('Accept-Encoding')
    expect(response.headers.get('ETag')).toBe('"large"')
    expect(await response.json()).toEqual(large)
  })

  it('does not compress an answer under the threshold', async () => {
    const response = await testApp().request('/small', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).toBeNull()
    expect(response.headers.get('Content-Length')).toBe('21')
    expect(await response.json()).toEqual({ maintenance: false })
  })

  it.each(['/encoded', '/no-transform', '/image'])('leaves %s alone', async (path) => {
    const response = await testApp().request(path, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(response.headers.get('Content-Encoding')).not.toBe('gzip')
  })
})

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['gzip', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br, *;q=0', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})
