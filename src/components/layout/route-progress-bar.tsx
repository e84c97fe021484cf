import { useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Spec section 9: a navigation faster than this shows no bar at all (no flicker). */
const showAfterMs = 200
/** The bar trickles towards the end over this long, then waits for arrival. */
const trickleDurationMs = 5000
const finishDurationMs = 250

type Phase = 'hidden' | 'started' | 'trickling'

/**
 * A thin loading bar at the top of the screen while a route change is loading: starts on a route
 * change, finishes on arrival.
 */
export function RouteProgressBar() {
  const { t } = useLingui()
  const isLoading = useRouterState({ select: (state) => state.status === 'pending' })
  const [phase, setPhase] = useState<Phase>('hidden')

  useEffect(() => {
    if (isLoading) {
      const showTimer = setTimeout(() => {
        setPhase('started')
        // Two frames: let the bar render at its start width before the trickle transition begins.
        requestAnimationFrame(() => requestAnimationFrame(() => setPhase('trickling')))
      }, showAfterMs)
      return () => clearTimeout(showTimer)
    }
    const hideTimer = setTimeout(() => setPhase('hidden'), finishDurationMs * 2)
    return () => clearTimeout(hideTimer)
  }, [isLoading])

  if (phase === 'hidden') return null

  const isFinishing = !isLoading
  const width = isFinishing ? '100%' : phase === 'started' ? '8%' : '90%'
  const transition = isFinishing
    ? `width ${finishDurationMs}ms ease-out, opacity ${finishDurationMs}ms ease-in ${finishDurationMs}ms`
    : phase === 'trickling'
      ? `width ${trickleDurationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : 'none'

  return (
    <div
      role="progressbar"
      aria-label={t`กำลังโหลด`}
      aria-busy={!isFinishing}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5"
    >
      <div
        className="h-full bg-cashback-500 shadow-[0_0_8px_var(--color-cashback-500)]"
        style={{ width, transition, opacity: isFinishing ? 0 : 1 }}
      />
    </div>
  )
}
