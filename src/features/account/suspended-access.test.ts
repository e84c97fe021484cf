import { describe, expect, it } from 'vitest'
import { isOpenToSuspendedBuyer } from './suspended-access'

describe('isOpenToSuspendedBuyer', () => {
  it('lets a suspended shopper see /ban and the support chat, in either language', () => {
    for (const path of [
      '/ban',
      '/en/ban',
      '/chat-support',
      '/en/chat-support',
      '/chat-support/',
      '/chat-support?x=1',
    ]) {
      expect(isOpenToSuspendedBuyer(path)).toBe(true)
    }
  })

  it('keeps every other page closed to them', () => {
    for (const path of ['/home', '/en/wallet', '/chat-support-x', '/support', '/', '/en']) {
      expect(isOpenToSuspendedBuyer(path)).toBe(false)
    }
  })
})
