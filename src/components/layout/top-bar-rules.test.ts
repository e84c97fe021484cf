import { describe, expect, it } from 'vitest'
import { backAction, showsBottomNavigation, topBarControls } from './top-bar-rules'

describe('topBarControls', () => {
  it('shows the home icon always and the back arrow only with a loaded buyer', () => {
    expect(topBarControls('/home', false)).toEqual({ showBack: false, showHome: true })
    expect(topBarControls('/merchants/42', true)).toEqual({ showBack: true, showHome: true })
  })

  it.each(['/ban', '/ban/', '/auth', '/auth/verify'])('hides both on %s', (path) => {
    expect(topBarControls(path, true)).toEqual({ showBack: false, showHome: false })
  })

  it('does not treat look-alike paths as /ban or /auth', () => {
    expect(topBarControls('/banner', true)).toEqual({ showBack: true, showHome: true })
    expect(topBarControls('/authors', true)).toEqual({ showBack: true, showHome: true })
  })
})

describe('showsBottomNavigation', () => {
  it('hides the bottom navigation with the top bar’s, and in the chat where the composer is', () => {
    expect(showsBottomNavigation('/home')).toBe(true)
    expect(showsBottomNavigation('/ban')).toBe(false)
    expect(showsBottomNavigation('/auth')).toBe(false)
    expect(showsBottomNavigation('/chat-support')).toBe(false)
    expect(showsBottomNavigation('/chat-support/')).toBe(false)
  })
})

describe('backAction', () => {
  it('goes home from /profile, but one step back from its sub-pages', () => {
    expect(backAction('/profile', true)).toEqual({ kind: 'home' })
    expect(backAction('/profile/', true)).toEqual({ kind: 'home' })
    expect(backAction('/profile/edit/7', true)).toEqual({ kind: 'history' })
  })

  it('goes home from promotions, except from the stair-sequence and vip-member steps', () => {
    expect(backAction('/promotions', true)).toEqual({ kind: 'home' })
    expect(backAction('/promotions/bonus-new-user', true)).toEqual({ kind: 'home' })
    expect(backAction('/promotions/vip-member', true)).toEqual({ kind: 'history' })
    expect(backAction('/promotions/special-cashback', true)).toEqual({ kind: 'history' })
  })

  it('goes one step back elsewhere', () => {
    expect(backAction('/merchants/3', true)).toEqual({ kind: 'history' })
    expect(backAction('/withdrawal', true)).toEqual({ kind: 'history' })
  })

  it('goes home when there is no step to go back to', () => {
    expect(backAction('/merchants/3', false)).toEqual({ kind: 'home' })
  })
})
