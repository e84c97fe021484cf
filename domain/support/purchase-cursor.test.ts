import { describe, expect, it } from 'vitest'
import { decodeSupportPurchaseCursor, encodeSupportPurchaseCursor } from './chat.ts'

const id = '0123456789abcdef01234567'

describe("the support purchase list's cursor", () => {
  it('reads back what it wrote: the order date to the millisecond and the id', () => {
    const orderDate = new Date('2026-11-26T03:04:05.678Z')
    const cursor = encodeSupportPurchaseCursor({ orderDate, id })
    expect(cursor).toBe(`${orderDate.getTime()}.${id}`)
    expect(decodeSupportPurchaseCursor(cursor)).toEqual({ orderDate, id })
    expect(decodeSupportPurchaseCursor(`0.${id}`)).toEqual({ orderDate: new Date(0), id })
    expect(decodeSupportPurchaseCursor(`${'9'.repeat(13)}.${id}`)?.orderDate.getUTCFullYear()).toBe(2286)
  })

  it('refuses anything else, such as more than 13 digits (no date PostgreSQL takes)', () => {
    for (const text of [
      '',
      `${'9'.repeat(14)}.${id}`,
      `${'1'.repeat(15)}.${id}`,
      `-1.${id}`,
      `1.5.${id}`,
      `1_${id}`,
      `1.${id.toUpperCase()}`,
      `1.${id.slice(1)}`,
      `1.${id}0`,
      ` 1.${id}`,
      `1.${id}\n`,
    ]) {
      expect(decodeSupportPurchaseCursor(text), JSON.stringify(text)).toBeUndefined()
    }
  })
})
