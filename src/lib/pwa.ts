import { useSyncExternalStore } from 'react'

/**
 * Whether a new version of the app is installed and waiting. The state lives apart from the
 * registration (src/lib/register-service-worker.ts) so the top bar's update prompt can read it
 * without Workbox in the first load.
 */

export type WaitingUpdate = { applyUpdate: () => void }
type UpdateState = WaitingUpdate | undefined

let updateState: UpdateState
const listeners = new Set<() => void>()

export function setUpdateState(next: UpdateState) {
  updateState = next
  for (const listener of listeners) listener()
}

/** The pending update, if a new version is installed and waiting. */
export function useWaitingUpdate(): UpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => updateState,
    () => undefined,
  )
}

export function dismissUpdate(): void {
  setUpdateState(undefined)
}
