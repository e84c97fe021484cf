import { describe, expect, it } from 'vitest'
import { mergePagesById, nextSkip } from './list-pages'

const page = (ids: string[], total: number) => ({ data: ids.map((_id) => ({ _id })), total })

describe('mergePagesById', () => {
  it('keeps the order and drops an item that shifted into the next page', () => {
    const merged = mergePagesById({ pages: [page(['a', 'b', 'c'], 5), page(['c', 'd', 'e'], 5)], pageParams: [0, 3] })
    expect(merged.map((item) => item._id)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('is empty before the first page', () => {
    expect(mergePagesById(undefined)).toEqual([])
  })
})

describe('nextSkip', () => {
  it('continues after what was loaded and stops at the total', () => {
    const first = page(['a', 'b'], 3)
    expect(nextSkip(first, [first])).toBe(2)
    const second = page(['c'], 3)
    expect(nextSkip(second, [first, second])).toBeUndefined()
  })

  it('stops on an empty page even if the total says more (the list shrank)', () => {
    const empty = page([], 10)
    expect(nextSkip(empty, [page(['a'], 10), empty])).toBeUndefined()
  })
})
