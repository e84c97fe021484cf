import { describe, expect, it } from 'vitest'
import { categoryOfLabel, merchantCategories, merchantCategoryIds } from './categories.ts'

describe('merchant categories', () => {
  it('lists every category id once, in the order of the categories', () => {
    expect(merchantCategoryIds).toEqual(merchantCategories.map((category) => category.id))
  })

  it('finds the category of a network label, whatever its case and spaces', () => {
    expect(categoryOfLabel(' health & BEAUTY ')).toBe('health')
    expect(categoryOfLabel('Pets')).toBeUndefined()
  })
})
