import type { ReactNode } from 'react'
import { pathInLocale } from '#domain/locale'
import { useLocale } from '../../../lib/locale'

/**
 * The way into the support chat (/chat-support). The chat is its own screen, built beside the
 * help pages; until its route is in this app's route tree, this links it by its path (a page
 * load), like the other links to a path the router does not know yet. The one place to make a
 * typed link of it.
 */
export function ChatLink({ className, children }: { className: string; children: ReactNode }) {
  const locale = useLocale()
  return (
    <a href={pathInLocale('/chat-support', locale)} className={className}>
      {children}
    </a>
  )
}
