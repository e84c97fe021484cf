import { describe, expect, it } from 'vitest'
import { isChatBubbleShown } from './chat-bubble-rules'

describe('isChatBubbleShown', () => {
  it('floats on a signed-in shopper’s screens, /ban and /unauthorized included', () => {
    for (const path of ['/', '/home', '/cashback/64656d6f7478000000000007', '/ban', '/unauthorized', '/profile/']) {
      expect(isChatBubbleShown(path, true)).toBe(true)
    }
  })

  it('is not on sign-in, on the chat itself or on the maintenance screen, nor for visitors', () => {
    for (const path of ['/auth', '/chat-support', '/chat-support/', '/maintenance']) {
      expect(isChatBubbleShown(path, true)).toBe(false)
    }
    expect(isChatBubbleShown('/home', false)).toBe(false)
    expect(isChatBubbleShown('/authors', true)).toBe(true)
  })
})
