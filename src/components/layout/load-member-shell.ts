import { lazy } from 'react'
import { withPartMessages } from '../../lib/i18n'
import { memberShellPart } from '../../lib/lazy-parts'

/**
 * The member shell (src/components/layout/member-shell.tsx) with its messages: the top bar, the app
 * shell and the background work share the one chunk, asked for once someone is signed in.
 */
export const loadMemberShell = () => withPartMessages(memberShellPart, import('./member-shell'))

/** A component of the member shell, rendered (inside a `Suspense`) once the shell has loaded. */
export function lazyMemberShell<Name extends 'MemberTopBarItems' | 'ChatBubble' | 'PushOffer' | 'MemberHome'>(
  name: Name,
) {
  return lazy(() => loadMemberShell().then((shell) => ({ default: shell[name] })))
}
