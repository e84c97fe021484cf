import type { Database } from '#server/db/database'
import type { EventChannel, Unsubscribe } from '#server/events/event-channel'

/**
 * A counter per database handle that moves whenever the catalogue changes, so the in-process
 * caches of that database (lists, totals, details, media pictures) drop what they hold: at once
 * after this process's own writes, and on `catalogue.changed` from the event channel for every
 * process's writes. While the channel is down, other processes' changes show within the caches'
 * time-to-live.
 */
const versions = new WeakMap<Database, { value: number }>()

function versionOf(database: Database): { value: number } {
  let version = versions.get(database)
  if (version === undefined) {
    version = { value: 0 }
    versions.set(database, version)
  }
  return version
}

export function currentCatalogueVersion(database: Database): number {
  return versionOf(database).value
}

/** Called by `changeCatalogue` after every write and by `followCatalogueChanges`. */
export function bumpCatalogueVersion(database: Database): void {
  versionOf(database).value += 1
}

const followers = new WeakMap<Database, Set<EventChannel>>()

/**
 * Moves the version on every catalogue change any process announces (pictures made included:
 * answers carry them), and when one may have been missed.
 */
export function followCatalogueChanges(events: EventChannel, database: Database): Unsubscribe {
  let channels = followers.get(database)
  if (channels === undefined) {
    channels = new Set()
    followers.set(database, channels)
  }
  channels.add(events)
  const unsubscribeChanges = events.subscribe('catalogue.changed', () => bumpCatalogueVersion(database))
  const unsubscribePictures = events.subscribe('pictures.made', () => bumpCatalogueVersion(database))
  return () => {
    channels.delete(events)
    unsubscribeChanges()
    unsubscribePictures()
  }
}

/**
 * Whether every process's catalogue change moves this database's version as it happens: some
 * channel following it is listening. A channel that was down and listens again has reported
 * `missed`, which moved the version, so what was kept before the gap is already stale.
 */
export function hearsCatalogueChanges(database: Database): boolean {
  for (const channel of followers.get(database) ?? []) if (channel.state === 'listening') return true
  return false
}
