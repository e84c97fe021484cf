import { describe, expect, it } from 'vitest'
import { containsSearchTerm, findSearchTermRanges, normalizeSearchTerm } from './search-text.ts'

describe('search text', () => {
  it('trims and lowers a term; Thai stays as typed', () => {
    expect(normalizeSearchTerm('  Lazada ')).toBe('lazada')
    expect(normalizeSearchTerm(' รองเท้า ')).toBe('รองเท้า')
  })

  it('matches anywhere in a text, whatever the case', () => {
    expect(containsSearchTerm('รองเท้าวิ่งผู้ชาย', 'วิ่ง')).toBe(true)
    expect(containsSearchTerm('Shop on LAZADA', 'lazada')).toBe(true)
    expect(containsSearchTerm('รองเท้าวิ่ง', 'กระเป๋า')).toBe(false)
    expect(containsSearchTerm('anything', '')).toBe(false)
  })

  it('finds where a term occurs, for marking it', () => {
    expect(findSearchTermRanges('ถอนเงิน ถอนคะแนน', 'ถอน')).toEqual([
      [0, 3],
      [8, 11],
    ])
    expect(findSearchTermRanges('PromptPay', 'pay')).toEqual([[6, 9]])
    expect(findSearchTermRanges('anything', '')).toEqual([])
    // Lowering 'İ' makes two characters: positions in the lowered text would be off.
    expect(findSearchTermRanges('İstanbul', 'stanbul')).toEqual([])
  })
})
