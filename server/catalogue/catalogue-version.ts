import type { Database } from '#server/db/database'

/**
 * A counter per database handle that moves whenever this process changes the catalogue, so the
 * in-process caches of that database drop what they hold. Other processes converge through the
 * caches' time-to-live.
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

/** Called by `changeCatalogue` after every write; nothing else should need it. */
export function bumpCatalogueVersion(database: Database): void {
  versionOf(database).value += 1
}
