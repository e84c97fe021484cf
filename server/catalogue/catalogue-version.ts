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

/** Moves the version on every catalogue change any process announces, and when one may have been missed. */
export function followCatalogueChanges(events: EventChannel, database: Database): Unsubscribe {
  return events.subscribe('catalogue.changed', () => bumpCatalogueVersion(database))
}
