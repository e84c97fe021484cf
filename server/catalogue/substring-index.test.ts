import { describe, expect, it } from 'vitest'
import { buildSubstringIndex, toIndexAlphabet } from '#server/catalogue/substring-index'
import { createSeededRandom } from '#server/seed/seeded-random'

/** Few letters, so that some pairs are in most texts (bitmaps) and others in few (lists). */
const alphabet = ['a', 'b', 'c', 'x', 'y', ' ', 'ก', 'ข', 'ง', 'า', 'ิ', '่', '้', '•', '–', 'é', '\u0001', '\u0000', '😀']

describe('substring index', () => {
  it('finds exactly the texts that contain a term, whatever their characters', async () => {
    const random = createSeededRandom(2026)
    const textOf = (length: number) => Array.from({ length }, () => random.pick(alphabet)).join('')
    const texts = Array.from({ length: 700 }, () => textOf(random.integer(0, 30)))
    const index = await buildSubstringIndex(texts)
    expect(index.textCount).toBe(texts.length)
    for (let round = 0; round < 2_000; round += 1) {
      const source = random.pick(texts)
      const start = random.integer(0, source.length)
      const term = random.chance(0.7) ? source.slice(start, start + random.integer(1, 8)) : textOf(random.integer(1, 4))
      if (term === '') continue
      const expected = texts.flatMap((text, number) => (text.includes(term) ? [number] : []))
      expect(Array.from(index.find(term)), JSON.stringify(term)).toEqual(expected)
    }
  })

  it('stores Thai, and the punctuation of names, one byte a character', () => {
    const swapped = toIndexAlphabet('รองเท้า • Running – shoes')
    expect(Array.from(swapped).every((character) => character.charCodeAt(0) < 0x100)).toBe(true)
    expect(toIndexAlphabet('plain ascii')).toBe('plain ascii')
  })

  it('answers a term none of its texts hold, and an index of no texts', async () => {
    expect(Array.from((await buildSubstringIndex(['abc', 'bcd'])).find('zz'))).toEqual([])
    expect(Array.from((await buildSubstringIndex([])).find('a'))).toEqual([])
  })
})
