import { useEffect, useState, type ComponentType } from 'react'
import { withPartMessages } from '../../../lib/i18n'
import { pasteLinkCardPart } from '../../../lib/lazy-parts'
import { pasteLinkCardHeight } from './paste-link-card-size'

/**
 * Where the paste-a-link card goes on the home screen. Its code (and the clipboard, the form, the
 * navigation) loads once the browser is idle after the first screen, so the home page's first load
 * carries nothing of it (issue 13's budget): until then a quiet block of the card's size holds
 * the place. This module names no message, and the card's are a catalog file of its own
 * (src/lib/lazy-parts.ts), loaded beside its code: the home page's catalog carries none of them.
 */
export function PasteLinkCardSlot() {
  const [Card, setCard] = useState<ComponentType | null>(null)

  useEffect(() => {
    let isMounted = true
    const load = () => {
      withPartMessages(pasteLinkCardPart, import('./paste-link-card'))
        .then((module) => {
          if (isMounted) setCard(() => module.PasteLinkCard)
        })
        // A chunk that cannot load (offline before the worker cached it) leaves the stand-in;
        // the next visit tries again.
        .catch(() => undefined)
    }
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(load, { timeout: 1_500 })
      return () => {
        isMounted = false
        cancelIdleCallback(handle)
      }
    }
    const timer = setTimeout(load, 0)
    return () => {
      isMounted = false
      clearTimeout(timer)
    }
  }, [])

  if (Card === null) {
    return <div aria-hidden="true" className={`${pasteLinkCardHeight} rounded-card bg-surface shadow-card`} />
  }
  return <Card />
}
