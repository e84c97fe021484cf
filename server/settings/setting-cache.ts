import type { SettingKey } from '#server/app-settings'
import type { EventChannel } from '#server/events/event-channel'

/**
 * What a process keeps of `app_settings` rows that every request asks for (maintenance, fixed
 * rates, bank holidays), and how it lets go: any process's write of one of `keys` (`writeSetting`
 * announces `settings.changed`) or events the channel missed drop it at once; `maxAgeMilliseconds`
 * only bounds it while the channel is down (docs/decisions/009).
 *
 * The promise is kept, not the value, so the requests that come while a read runs share it. A
 * read in flight when the cache is dropped still answers its own callers; the next caller reads
 * again. A failed read is not kept: the next caller tries again.
 */
export function createSettingCache<Value>(options: {
  events: EventChannel
  keys: readonly SettingKey[]
  read: () => Promise<Value>
  maxAgeMilliseconds: number
  now?: () => number
}): { read: () => Promise<Value> } {
  const { events, keys, read, maxAgeMilliseconds, now = Date.now } = options
  let cached: { value: Promise<Value>; readAt: number } | undefined
  events.subscribe('settings.changed', (delivery) => {
    if (delivery.kind === 'missed' || keys.some((key) => key === delivery.payload.key)) cached = undefined
  })

  return {
    read() {
      if (cached === undefined || now() - cached.readAt >= maxAgeMilliseconds) {
        const entry = { value: read(), readAt: now() }
        cached = entry
        entry.value.catch(() => {
          if (cached === entry) cached = undefined
        })
      }
      return cached.value
    },
  }
}
