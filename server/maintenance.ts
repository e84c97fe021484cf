import { readSetting } from '#server/app-settings'
import type { Database } from '#server/db/database'
import type { EventChannel } from '#server/events/event-channel'
import { createSettingCache } from '#server/settings/setting-cache'

/**
 * How long a read of the maintenance row is reused. Every API request asks, so it must be cheap.
 * A change is heard at once through the event channel; this bounds it while the channel is down.
 */
export const maintenanceCacheMilliseconds = 5_000

/** Seconds clients are told to wait before retrying while maintenance is on. */
export const maintenanceRetryAfterSeconds = 120

export type MaintenanceState = { isOn(): Promise<boolean> }

/**
 * Maintenance is on when the environment forces it (a deploy-time switch) or the shared
 * `app_settings` row says so (flipped at run time by `npm run ops`, heard by every process through
 * the event channel, or within the cache window while the channel is down).
 */
export function createMaintenanceState(options: {
  database: Database
  events: EventChannel
  forcedByEnvironment: boolean
  cacheMilliseconds?: number
  now?: () => number
}): MaintenanceState {
  const { database, forcedByEnvironment, cacheMilliseconds = maintenanceCacheMilliseconds, now } = options
  const setting = createSettingCache({
    events: options.events,
    keys: ['maintenance'],
    read: async () => (await readSetting(database, 'maintenance')) === true,
    maxAgeMilliseconds: cacheMilliseconds,
    now,
  })

  return {
    async isOn() {
      if (forcedByEnvironment) return true
      return setting.read()
    },
  }
}
