import { describe, expect, it } from 'vitest'
import { trackedLinkPath } from './click-out'

describe('trackedLinkPath', () => {
  it('leads through /go with the product and the English locale when there are any', () => {
    expect(trackedLinkPath('a'.repeat(24), undefined, 'th')).toBe(`/go/${'a'.repeat(24)}`)
    expect(trackedLinkPath('a'.repeat(24), 'b'.repeat(24), 'en')).toBe(
      `/go/${'a'.repeat(24)}?product=${'b'.repeat(24)}&locale=en`,
    )
  })

  it('keeps an odd id inside its path segment', () => {
    expect(trackedLinkPath('../x?y', undefined, 'th')).toBe('/go/..%2Fx%3Fy')
  })
})
