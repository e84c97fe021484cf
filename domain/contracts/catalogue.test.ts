import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { merchantListQuerySchema, productListQuerySchema, resolveListSort } from './catalogue.ts'

describe('catalogue list order', () => {
  it('is relevance when there is a search and no order was asked for, popular when there is no search', () => {
    expect(resolveListSort(undefined, 'มือถือ')).toBe('relevance')
    expect(resolveListSort('price-low', 'มือถือ')).toBe('price-low')
    expect(resolveListSort(undefined, undefined)).toBe('popular')
    expect(resolveListSort('relevance', undefined)).toBe('popular')
    expect(resolveListSort('relevance', '  ')).toBe('popular')
    expect(resolveListSort('name', undefined)).toBe('name')
  })

  it('is resolved by the list queries the API validates', () => {
    expect(v.parse(productListQuerySchema, { search: 'phone' }).sort).toBe('relevance')
    expect(v.parse(productListQuerySchema, {}).sort).toBe('popular')
    expect(v.parse(productListQuerySchema, { search: ' ', sort: 'relevance' }).sort).toBe('popular')
    expect(v.parse(merchantListQuerySchema, { search: 'phone', sort: 'cashback' }).sort).toBe('cashback')
    expect(v.safeParse(merchantListQuerySchema, { sort: 'price-low' }).success).toBe(false)
  })
})
