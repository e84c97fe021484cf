import { describe, expect, it } from 'vitest'
import { isInstallOfferDue } from './install-prompt'

describe('isInstallOfferDue', () => {
  it('never offers installing on the first visit, and from the second on', () => {
    expect(isInstallOfferDue(0)).toBe(false)
    expect(isInstallOfferDue(1)).toBe(false)
    expect(isInstallOfferDue(2)).toBe(true)
    expect(isInstallOfferDue(10)).toBe(true)
  })
})
