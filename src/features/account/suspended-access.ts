import { pathWithoutLocale } from '#domain/locale'

/**
 * The screens a suspended shopper may use (spec section 4: the account is suspended, and the ban
 * screen sends them to the chat bubble): /ban itself and the support chat, whose endpoints accept
 * them. Every other member page sends them to /ban. Paths may carry the locale and a query.
 */
const pathsOpenToSuspended = ['/ban', '/chat-support']

export function isOpenToSuspendedBuyer(path: string): boolean {
  const localeFree = pathWithoutLocale(path.split(/[?#]/, 1)[0] ?? path)
  const normalized = localeFree.length > 1 && localeFree.endsWith('/') ? localeFree.slice(0, -1) : localeFree
  return pathsOpenToSuspended.includes(normalized)
}
