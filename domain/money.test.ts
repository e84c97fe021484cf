import { describe, expect, it } from 'vitest'
import { bahtToSatang, formatHundredths, formatThb, parseBahtInput, parseHundredths } from './money.ts'

// Intl puts a no-break space between the code and the number in English.
const normalizeSpaces = (text: string) => text.replace(/\s/g, ' ')

describe('formatThb', () => {
  it('formats satang as baht with the Thai symbol in Thai', () => {
    expect(formatThb(123450, 'th')).toBe('฿1,234.50')
    expect(formatThb(10000, 'th')).toBe('฿100')
    expect(formatThb(10000, 'th', { alwaysShowSatang: true })).toBe('฿100.00')
    expect(formatThb(202028, 'en', { narrow: true })).toBe('฿2,020.28')
    expect(formatThb(202028, 'th', { narrow: true })).toBe('฿2,020.28')
    expect(formatThb(-2550, 'th')).toBe('-฿25.50')
  })

  it('uses the THB code in English', () => {
    expect(normalizeSpaces(formatThb(123450, 'en'))).toBe('THB 1,234.50')
    expect(normalizeSpaces(formatThb(15000, 'en'))).toBe('THB 150')
  })

  it('refuses amounts that are not whole satang', () => {
    expect(() => formatThb(10.5, 'th')).toThrow(RangeError)
  })

  it('converts baht to integer satang without float drift', () => {
    expect(bahtToSatang(19.99)).toBe(1999)
    expect(bahtToSatang(0.29)).toBe(29)
  })
})

describe('parseBahtInput', () => {
  it('reads what shoppers type into satang', () => {
    expect(parseBahtInput('150')).toBe(15_000)
    expect(parseBahtInput('1,500.5')).toBe(150_050)
    expect(parseBahtInput(' ฿ 99.99 ')).toBe(9_999)
    expect(parseBahtInput('0.07')).toBe(7)
  })

  it.each(['', 'abc', '1.234', '-5', '1e3'])('refuses %j', (text) => {
    expect(parseBahtInput(text)).toBeUndefined()
  })
})

describe('parseHundredths and formatHundredths', () => {
  it('read and write a decimal of at most 2 places in hundredths, exactly', () => {
    expect(parseHundredths('150')).toBe(15_000)
    expect(parseHundredths('12.5')).toBe(1250)
    expect(parseHundredths(' 0.07 ')).toBe(7)
    expect(parseHundredths('1.234')).toBeUndefined()
    expect(parseHundredths('-1')).toBeUndefined()
    expect(parseHundredths('')).toBeUndefined()
    for (const value of [0, 7, 1250, 15_000, 100_050, 999_999]) {
      expect(parseHundredths(formatHundredths(value))).toBe(value)
    }
    expect(formatHundredths(15_000)).toBe('150')
    expect(formatHundredths(1250)).toBe('12.5')
    expect(formatHundredths(7)).toBe('0.07')
  })
})
