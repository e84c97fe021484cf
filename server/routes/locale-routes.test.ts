import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, readJsonObject } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('PUT /api/locale', () => {
  let testDatabase: TestDatabase
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
  })
  afterAll(() => testDatabase.dispose())

  const putLocale = (locale: string, url = 'http://localhost/api/locale', headers: Record<string, string> = {}) =>
    createTestApp(testDatabase.connection.database).request(url, {
      method: 'PUT',
      body: JSON.stringify({ locale }),
      headers: { 'Content-Type': 'application/json', ...headers },
    })

  function cookieAttributes(response: Response): string[] {
    return (response.headers.get('Set-Cookie') ?? '').split(';').map((part) => part.trim())
  }

  it.each(['th', 'en'])('stores %s in a year-long cookie for the whole site', async (locale) => {
    const response = await putLocale(locale)
    expect(response.status).toBe(200)
    expect(await readJsonObject(response)).toEqual({ locale })
    const attributes = cookieAttributes(response)
    expect(attributes[0]).toBe(`locale=${locale}`)
    expect(attributes).toEqual(expect.arrayContaining(['Max-Age=31536000', 'Path=/', 'SameSite=Lax']))
    expect(attributes).not.toContain('Secure')
  })

  it('marks the cookie Secure on https, seen directly or through X-Forwarded-Proto', async () => {
    expect(cookieAttributes(await putLocale('en', 'https://localhost/api/locale'))).toContain('Secure')
    expect(cookieAttributes(await putLocale('en', undefined, { 'X-Forwarded-Proto': 'https' }))).toContain('Secure')
    expect(cookieAttributes(await putLocale('en', undefined, { 'X-Forwarded-Proto': 'http' }))).not.toContain('Secure')
  })

  it('rejects an unsupported locale without setting a cookie', async () => {
    const response = await putLocale('fr')
    expect(response.status).toBe(400)
    expect(response.headers.get('Set-Cookie')).toBeNull()
  })
})
