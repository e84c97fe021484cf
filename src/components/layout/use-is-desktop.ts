import { useSyncExternalStore } from 'react'

/** A desktop: a wide screen driven by a mouse. Tablets and phones in landscape keep the app. */
const desktopQuery = '(min-width: 1024px) and (hover: hover) and (pointer: fine)'

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(desktopQuery)
      media.addEventListener('change', listener)
      return () => media.removeEventListener('change', listener)
    },
    () => window.matchMedia(desktopQuery).matches,
    // The build prerenders the phone app (src/prerender.tsx); desktops hide it until the app runs.
    () => false,
  )
}
