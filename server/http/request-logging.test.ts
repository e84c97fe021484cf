import { describe, expect, it } from 'vitest'
import { requestLogLevel } from '#server/http/request-logging'

describe('requestLogLevel', () => {
  it('logs successful static files, pictures and the app shell at debug', () => {
    expect(requestLogLevel('/assets/index-abc.js', 200)).toBe('debug')
    expect(requestLogLevel('/media/products/1.webp', 304)).toBe('debug')
    expect(requestLogLevel('/en/home', 200)).toBe('debug')
    expect(requestLogLevel('/apis', 200)).toBe('debug')
  })

  it('keeps API calls, click-outs and every failure at info', () => {
    expect(requestLogLevel('/api/status', 200)).toBe('info')
    expect(requestLogLevel('/cws-api/merchants', 200)).toBe('info')
    expect(requestLogLevel('/go/abc', 302)).toBe('info')
    expect(requestLogLevel('/demo-store/abc', 200)).toBe('info')
    expect(requestLogLevel('/assets/missing.js', 404)).toBe('info')
  })
})
