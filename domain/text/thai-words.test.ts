import { describe, expect, it } from 'vitest'
import { splitAtUnbreakableWords, unbreakableThaiWords } from './thai-words.ts'

describe('splitAtUnbreakableWords', () => {
  it('makes each listed word a whole part, the longest when one contains another', () => {
    expect(splitAtUnbreakableWords('โอนเข้ากระเป๋าเงินคืนนี้')).toEqual([
      { text: 'โอนเข้า', isWhole: false },
      { text: 'กระเป๋าเงิน', isWhole: true },
      { text: 'คืนนี้', isWhole: false },
    ])
    expect(splitAtUnbreakableWords('ช้อปผ่านแอปเงินคืน ได้เงินคืนทุกออเดอร์')).toEqual([
      { text: 'ช้อปผ่านแอป', isWhole: false },
      { text: 'เงินคืน', isWhole: true },
      { text: ' ได้', isWhole: false },
      { text: 'เงินคืน', isWhole: true },
      { text: 'ทุกออเดอร์', isWhole: false },
    ])
  })

  it('leaves text with no listed word as it is', () => {
    expect(splitAtUnbreakableWords('Withdraw to a bank')).toEqual([{ text: 'Withdraw to a bank', isWhole: false }])
    expect(splitAtUnbreakableWords('')).toEqual([])
  })

  it('lists only words the Thai dictionary splits (a word it keeps whole needs no help)', () => {
    const segmenter = new Intl.Segmenter('th', { granularity: 'word' })
    for (const word of unbreakableThaiWords) {
      expect([...segmenter.segment(word)].length, word).toBeGreaterThan(1)
    }
  })
})
