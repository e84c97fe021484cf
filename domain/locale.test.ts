import { describe, expect, it } from 'vitest'
import {
  coldLoadLocaleRedirect,
  localeCookieHeader,
  localeOfPath,
  parseLocale,
  pathInLocale,
  pathWithoutLocale,
} from './locale.ts'

describe('locale of a path', () => {
  it.each([
    ['/', 'th'],
    ['/home', 'th'],
    ['/en', 'en'],
    ['/en/', 'en'],
    ['/en/merchants/5', 'en'],
    ['/english', 'th'],
    ['/fr/home', 'th'],
  ])('%s is %s', (path, locale) => {
    expect(localeOfPath(path)).toBe(locale)
  })

  it('strips and adds the prefix', () => {
    expect(pathWithoutLocale('/en/home')).toBe('/home')
    expect(pathWithoutLocale('/en')).toBe('/')
    expect(pathWithoutLocale('/home')).toBe('/home')
    expect(pathInLocale('/home', 'en')).toBe('/en/home')
    expect(pathInLocale('/', 'en')).toBe('/en')
    expect(pathInLocale('/en/merchants/5', 'th')).toBe('/merchants/5')
    expect(pathInLocale('/en/home', 'en')).toBe('/en/home')
  })
})

describe('cold load redirect', () => {
  it('sends an unprefixed path to English when the cookie says so', () => {
    expect(coldLoadLocaleRedirect('/home', 'en')).toBe('/en/home')
    expect(coldLoadLocaleRedirect('/', 'en')).toBe('/en')
  })

  it('leaves the path alone for Thai, no cookie, or an explicit /en link', () => {
    expect(coldLoadLocaleRedirect('/home', 'th')).toBeUndefined()
    expect(coldLoadLocaleRedirect('/home', undefined)).toBeUndefined()
    expect(coldLoadLocaleRedirect('/en/home', 'en')).toBeUndefined()
  })

  it('accepts only known locales from a cookie', () => {
    expect(parseLocale('en')).toBe('en')
    expect(parseLocale('fr')).toBeUndefined()
    expect(parseLocale(undefined)).toBeUndefined()
  })
})

describe('locale cookie', () => {
  it('lasts 365 days and is Secure only over https', () => {
    expect(localeCookieHeader('en', false)).toBe('locale=en; Path=/; Max-Age=31536000; SameSite=Lax')
    expect(localeCookieHeader('th', true)).toBe('locale=th; Path=/; Max-Age=31536000; SameSite=Lax; Secure')
  })
})
