import { describe, expect, it } from 'vitest'
import { readBrowserState, updateBrowserState } from './browser-state'

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('browser state', () => {
  it('starts with the spec defaults: Thai, Thailand, no buyer, nothing offered yet', () => {
    expect(readBrowserState(memoryStorage())).toEqual({
      language: 'th',
      country: 'Thailand',
      statusClick: false,
      buyerId: null,
      buyer: null,
      pushOfferAnswered: false,
      appStarts: 0,
    })
  })

  it('keeps what was written', () => {
    const storage = memoryStorage()
    updateBrowserState({ language: 'en', buyerId: 'b1' }, storage)
    updateBrowserState({ statusClick: true }, storage)
    expect(readBrowserState(storage)).toMatchObject({ language: 'en', buyerId: 'b1', statusClick: true })
  })

  it('falls back to the defaults for broken or foreign data instead of failing start-up', () => {
    expect(readBrowserState(memoryStorage({ 'ngernkhuen.state': '{not json' })).language).toBe('th')
    expect(readBrowserState(memoryStorage({ 'ngernkhuen.state': '{"language":"fr"}' })).language).toBe('th')
  })
})
