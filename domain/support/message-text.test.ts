import { describe, expect, it } from 'vitest'
import { splitMessageText } from './message-text.ts'

describe('splitMessageText', () => {
  it('keeps plain text, Thai included, as one text part', () => {
    expect(splitMessageText('สวัสดีค่ะ <b>ไม่ใช่ HTML</b>')).toEqual([{ kind: 'text', text: 'สวัสดีค่ะ <b>ไม่ใช่ HTML</b>' }])
  })

  it('makes web addresses links and leaves the sentence around them', () => {
    expect(splitMessageText('ดูที่ https://ngernkhuen.test/support?topic=withdraw. ขอบคุณค่ะ')).toEqual([
      { kind: 'text', text: 'ดูที่ ' },
      {
        kind: 'link',
        text: 'https://ngernkhuen.test/support?topic=withdraw',
        href: 'https://ngernkhuen.test/support?topic=withdraw',
      },
      { kind: 'text', text: '. ขอบคุณค่ะ' },
    ])
  })

  it('never links another scheme', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>x</script>', 'see javascript://%0aalert(1)']) {
      expect(splitMessageText(text).every((part) => part.kind === 'text')).toBe(true)
    }
  })

  it('finds several addresses and a bracketed one', () => {
    const parts = splitMessageText('(http://a.test) and https://b.test/x')
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual([
      'http://a.test',
      'https://b.test/x',
    ])
    expect(parts.map((part) => part.text).join('')).toBe('(http://a.test) and https://b.test/x')
  })
})
