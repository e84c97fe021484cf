import { describe, expect, it } from 'vitest'
import { chunkReloadIntervalMs, claimChunkReload, isChunkLoadError } from './chunk-reload'

function memoryStorage() {
  const values = new Map<string, string>()
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('chunk reload guard', () => {
  it('allows one reload per 60 seconds', () => {
    const storage = memoryStorage()
    const start = 1_000_000
    expect(claimChunkReload(storage, start)).toBe(true)
    expect(claimChunkReload(storage, start + 1_000)).toBe(false)
    expect(claimChunkReload(storage, start + chunkReloadIntervalMs - 1)).toBe(false)
    expect(claimChunkReload(storage, start + chunkReloadIntervalMs)).toBe(true)
  })

  it('recognizes the browsers’ chunk load errors only', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/home-x.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })
})
