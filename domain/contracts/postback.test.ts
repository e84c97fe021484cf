import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { bahtDecimalSchema, maxPostbackSatang, postbackBodySchema, type PostbackBodyInput } from './postback.ts'

const valid: PostbackBodyInput = {
  conversion_id: 'conv-1',
  click_id: 'ffffffffffffffffffffffff',
  order_id: 'order-1',
  status: 'pending',
  sale_amount: '1290.00',
  timestamp: 1_790_000_000,
}

describe('bahtDecimalSchema', () => {
  it('reads baht as integer satang', () => {
    expect(v.parse(bahtDecimalSchema, '1234.5')).toBe(123_450)
    expect(v.parse(bahtDecimalSchema, '0.07')).toBe(7)
    expect(v.parse(bahtDecimalSchema, '459')).toBe(45_900)
  })

  it('stops at what an integer column holds', () => {
    expect(maxPostbackSatang).toBe(2 ** 31 - 1)
    expect(v.parse(bahtDecimalSchema, '21474836.47')).toBe(maxPostbackSatang)
    for (const amount of ['21474836.48', '999999999.99', '100000000']) {
      expect(v.is(bahtDecimalSchema, amount), amount).toBe(false)
    }
  })
})

describe('postbackBodySchema', () => {
  it('accepts a complete conversion', () => {
    expect(v.is(postbackBodySchema, { ...valid, reason: 'ok', order_time: '2026-11-15T03:00:00Z' })).toBe(true)
  })

  it.each(['conversion_id', 'click_id', 'order_id', 'reason'] as const)('refuses a NUL character in %s', (field) => {
    expect(v.is(postbackBodySchema, { ...valid, [field]: 'abc\u0000def' })).toBe(false)
  })

  it('takes order times from 2000 to 2100 (UTC)', () => {
    const at = (orderTime: string) => v.is(postbackBodySchema, { ...valid, order_time: orderTime })
    expect(at('2000-01-01T00:00:00Z')).toBe(true)
    expect(at('2100-12-31T23:59:59Z')).toBe(true)
    expect(at('2000-01-01T06:00:00+07:00')).toBe(false)
    expect(at('1999-12-31T23:59:59Z')).toBe(false)
    expect(at('2101-01-01T00:00:00Z')).toBe(false)
    expect(at('0000-01-01T00:00:00Z')).toBe(false)
    expect(at('9999-12-31T23:59:59Z')).toBe(false)
  })
})
