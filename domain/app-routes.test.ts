import { describe, expect, it } from 'vitest'
import { isAppPath } from './app-routes.ts'

describe('isAppPath', () => {
  it('knows the app paths, with or without a trailing slash', () => {
    expect(isAppPath('/')).toBe(true)
    expect(isAppPath('/home')).toBe(true)
    expect(isAppPath('/home/')).toBe(true)
    expect(isAppPath('/maintenance')).toBe(true)
  })

  it('rejects unknown paths', () => {
    expect(isAppPath('/nope')).toBe(false)
    expect(isAppPath('/home/extra')).toBe(false)
    expect(isAppPath('/fr/home')).toBe(false)
  })
})
