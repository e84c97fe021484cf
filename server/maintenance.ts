import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'

/** How long a read of the maintenance row is reused. Every API request asks, so it must be cheap. */
export const maintenanceCacheMilliseconds = 5_000

/** Seconds clients are told to wait before retrying while maintenance is on. */
export const maintenanceRetryAfterSeconds = 120

export type MaintenanceState = { isOn(): Promise<boolean> }

/**
 * Maintenance is on when the environment forces it (a deploy-time switch) or the shared
 * `app_settings` row says so (flipped at run time by `npm run ops`, seen by every process
 * within the cache window).
 */
export function createMaintenanceState(options: {
  database: Database
  forcedByEnvironment: boolean
  cacheMilliseconds?: number
  now?: () => number
}): MaintenanceState {
  const { database, forcedByEnvironment, cacheMilliseconds = maintenanceCacheMilliseconds, now = Date.now } = options
  // The promise is cached, not the value, so concurrent requests after expiry share one query.
  let cached: { value: Promise<boolean>; expiresAt: number } | undefined

  return {
    async isOn() {
      if (forcedByEnvironment) return true
      if (cached === undefined || now() >= cached.expiresAt) {
        const value = readSetting(database, 'maintenance').then((setting) => setting === true)
        const entry = { value, expiresAt: now() + cacheMilliseconds }
        cached = entry
        // A failed read must not be remembered for the whole window.
        value.catch(() => {
          if (cached === entry) cached = undefined
        })
      }
      return cached.value
    },
  }
}
