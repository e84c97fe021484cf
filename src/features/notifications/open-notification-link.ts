/**
 * What a tap on a push opens (issue 16), run by the service worker: the app window the shopper
 * already has, brought to the front and sent to the link (the app navigates without a reload,
 * `listenForNotificationLinks`), or a new window at the link.
 */

/** The message an app window gets; `link` is a path of ours (`/?page=…`, `/en/chat-support`). */
export type OpenLinkMessage = { type: 'OPEN_NOTIFICATION_LINK'; link: string }

/** Told to every app window when a push arrives: what it says has changed the shopper's data. */
export type PushReceivedMessage = { type: 'PUSH_RECEIVED' }

export function isPushReceivedMessage(data: unknown): data is PushReceivedMessage {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'PUSH_RECEIVED'
}

export function isOpenLinkMessage(data: unknown): data is OpenLinkMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    'type' in data &&
    data.type === 'OPEN_NOTIFICATION_LINK' &&
    'link' in data &&
    typeof data.link === 'string' &&
    data.link.startsWith('/') &&
    !data.link.startsWith('//')
  )
}

/** Windows of ours that are not the shopper app: the operator console, the demo store, files. */
const notAppPages = /^\/(ops|demo-store|api|cws-api|go|media|utils)(\/|$)/

/** What we use of a `WindowClient` (the worker's type; the app's own build has no worker types). */
type AppWindow = {
  readonly url: string
  readonly focused: boolean
  focus(): Promise<AppWindow>
  postMessage(message: unknown): void
}
type WindowClients = {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>
  openWindow(url: string): Promise<unknown>
}

export async function openNotificationLink(clients: WindowClients, origin: string, link: string): Promise<void> {
  const url = new URL(link, origin)
  // A payload is ours, but a link never leads off the app, whatever it says.
  if (url.origin !== origin) return
  const path = `${url.pathname}${url.search}`
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => {
    const page = new URL(client.url)
    return page.origin === origin && !notAppPages.test(page.pathname)
  })
  const target = windows.find((client) => client.focused) ?? windows[0]
  if (target === undefined) {
    await clients.openWindow(url.href)
    return
  }
  // The link first, then the focus: a browser may refuse to bring the window to the front (it
  // allows that only during the tap itself), and the window should show the news all the same.
  target.postMessage({ type: 'OPEN_NOTIFICATION_LINK', link: path } satisfies OpenLinkMessage)
  await target.focus().catch(() => undefined)
}
