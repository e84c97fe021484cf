/**
 * Where the chat bubble floats: on every screen of a signed-in shopper (suspended ones too: /ban
 * sends them to it), but not on sign-in, not on the chat itself, and not on the maintenance
 * screen (the chat is down with the rest). Visitors get none: the chat is one conversation per
 * account, and a question before signing up has its answers in the FAQ. Paths are locale-free.
 */
const pathsWithoutBubble = ['/auth', '/chat-support', '/maintenance']

export function isChatBubbleShown(localeFreePath: string, isSignedIn: boolean): boolean {
  if (!isSignedIn) return false
  const path = localeFreePath.length > 1 && localeFreePath.endsWith('/') ? localeFreePath.slice(0, -1) : localeFreePath
  return !pathsWithoutBubble.some((section) => path === section || path.startsWith(`${section}/`))
}
