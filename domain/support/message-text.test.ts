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

  it('ends an address where Thai written without a space starts', () => {
    expect(splitMessageText('ที่https://a.test/pathนะคะ')).toEqual([
      { kind: 'text', text: 'ที่' },
      { kind: 'link', text: 'https://a.test/path', href: 'https://a.test/path' },
      { kind: 'text', text: 'นะคะ' },
    ])
  })

  it('keeps a bracket the address opened, and leaves one it did not', () => {
    expect(splitMessageText('https://en.wikipedia.org/wiki/Baht_(currency)!')).toEqual([
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Baht_(currency)',
        href: 'https://en.wikipedia.org/wiki/Baht_(currency)',
      },
      { kind: 'text', text: '!' },
    ])
    expect(splitMessageText('(see https://a.test/x).').map((part) => part.text)).toEqual([
      '(see ',
      'https://a.test/x',
      ').',
    ])
  })

  it('does not link a scheme without an address, and keeps every character in order', () => {
    expect(splitMessageText('see https:// here')).toEqual([{ kind: 'text', text: 'see https:// here' }])
    expect(splitMessageText('https://:80')).toEqual([{ kind: 'text', text: 'https://:80' }])
    expect(splitMessageText('HTTPS://B.test/x?y=1#z')).toEqual([
      { kind: 'link', text: 'HTTPS://B.test/x?y=1#z', href: 'https://b.test/x?y=1#z' },
    ])
    const text = 'a https://x.test, b (https://y.test/(z)) c http://'
    expect(
      splitMessageText(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text)
    expect(splitMessageText('')).toEqual([])
  })
})
