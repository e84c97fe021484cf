import { describe, expect, it } from 'vitest'
import { trackedLinkPath } from './click-out'

describe('trackedLinkPath', () => {
  it('leads through /go with the product and the English locale when there are any', () => {
    expect(trackedLinkPath('a'.repeat(24), undefined, 'th')).toBe(`/go/${'a'.repeat(24)}`)
    expect(trackedLinkPath('a'.repeat(24), 'b'.repeat(24), 'en')).toBe(
      `/go/${'a'.repeat(24)}?product=${'b'.repeat(24)}&locale=en`,
    )
  })

  it("leads to a pasted page of the shop's site when there is no product", () => {
    const page = 'https://shop.example/th/p?id=1&x=ย'
    expect(trackedLinkPath('a'.repeat(24), undefined, 'en', page)).toBe(
      `/go/${'a'.repeat(24)}?page=${encodeURIComponent(page).replaceAll('%20', '+')}&locale=en`,
    )
    expect(trackedLinkPath('a'.repeat(24), 'b'.repeat(24), 'th', page)).toBe(
      `/go/${'a'.repeat(24)}?product=${'b'.repeat(24)}`,
    )
  })

  it('keeps an odd id inside its path segment', () => {
    expect(trackedLinkPath('../x?y', undefined, 'th')).toBe('/go/..%2Fx%3Fy')
  })
})
