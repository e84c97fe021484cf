import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { toLocaleParam, useLocale } from '../../../lib/locale'

/** The way into the support chat (/chat-support), the one place that links it from the help pages. */
export function ChatLink({ className, children }: { className: string; children: ReactNode }) {
  const locale = useLocale()
  return (
    <Link to="/{-$locale}/chat-support" params={{ locale: toLocaleParam(locale) }} className={className}>
      {children}
    </Link>
  )
}
