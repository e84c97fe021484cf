import { describe, expect, it, vi } from 'vitest'
import { isOpenLinkMessage, openNotificationLink } from './open-notification-link'

const origin = 'https://app.example'

function windowAt(url: string, focused = false) {
  const client = {
    url,
    focused,
    postMessage: vi.fn(),
    focus: vi.fn(() => Promise.resolve(client as never)),
  }
  return client
}

function clientsWith(windows: ReturnType<typeof windowAt>[]) {
  return { matchAll: vi.fn(() => Promise.resolve(windows)), openWindow: vi.fn(() => Promise.resolve(null)) }
}

describe('openNotificationLink', () => {
  it('brings the open app window to the front and sends it to the link', async () => {
    const app = windowAt(`${origin}/home`)
    const clients = clientsWith([app])
    await openNotificationLink(clients, origin, '/?page=CashbackDetail&sub_page_id=abc')
    expect(app.focus).toHaveBeenCalled()
    expect(app.postMessage).toHaveBeenCalledWith({
      type: 'OPEN_NOTIFICATION_LINK',
      link: '/?page=CashbackDetail&sub_page_id=abc',
    })
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('still sends the window to the link when the browser refuses to bring it to the front', async () => {
    const app = windowAt(`${origin}/home`)
    app.focus.mockImplementation(() =>
      Promise.reject(new DOMException('Not allowed to focus a window.', 'InvalidAccessError')),
    )
    const clients = clientsWith([app])
    await openNotificationLink(clients, origin, '/?page=Wallet')
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'OPEN_NOTIFICATION_LINK', link: '/?page=Wallet' })
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('prefers the focused app window, and never the console or the demo store', async () => {
    const console = windowAt(`${origin}/ops/support`, true)
    const store = windowAt(`${origin}/demo-store/shop`)
    const background = windowAt(`${origin}/en/wallet`)
    const front = windowAt(`${origin}/en/cashback`, true)
    await openNotificationLink(clientsWith([console, store, background, front]), origin, '/en?page=Withdrawal')
    expect(front.postMessage).toHaveBeenCalled()
    expect(background.postMessage).not.toHaveBeenCalled()
    expect(console.postMessage).not.toHaveBeenCalled()
    expect(store.postMessage).not.toHaveBeenCalled()
  })

  it('opens a new window at the link when no app window is open', async () => {
    const clients = clientsWith([windowAt(`${origin}/ops/`)])
    await openNotificationLink(clients, origin, '/chat-support')
    expect(clients.openWindow).toHaveBeenCalledWith(`${origin}/chat-support`)
  })

  it('never leads off the app', async () => {
    const clients = clientsWith([windowAt(`${origin}/home`)])
    await openNotificationLink(clients, origin, 'https://evil.example/phish')
    await openNotificationLink(clients, origin, '//evil.example/phish')
    expect(clients.openWindow).not.toHaveBeenCalled()
  })
})

describe('isOpenLinkMessage', () => {
  it('takes only a path of ours', () => {
    expect(isOpenLinkMessage({ type: 'OPEN_NOTIFICATION_LINK', link: '/?page=Wallet' })).toBe(true)
    expect(isOpenLinkMessage({ type: 'OPEN_NOTIFICATION_LINK', link: '//evil.example' })).toBe(false)
    expect(isOpenLinkMessage({ type: 'OPEN_NOTIFICATION_LINK', link: 'javascript:alert(1)' })).toBe(false)
    expect(isOpenLinkMessage({ type: 'SKIP_WAITING' })).toBe(false)
  })
})
