import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/** Whether the device has a network, as TanStack Query sees it (the `online`/`offline` events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    // A prerendered page is drawn as online; the app shows the offline banner once it runs.
    () => true,
  )
}
