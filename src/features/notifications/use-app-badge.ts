import { useEffect } from 'react'

/**
 * The number on the installed app's icon (the Badging API; pushes set it too, from the service
 * worker). `undefined` leaves the icon as it is: an unknown count must not wipe a right one.
 */
export function useAppBadge(count: number | undefined): void {
  useEffect(() => {
    if (count === undefined || !('setAppBadge' in navigator)) return
    const update = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()
    // Refused where the app is not installed or badges are off: nothing to tell the shopper.
    update.catch(() => undefined)
  }, [count])
}
