import { inArray } from 'drizzle-orm'
import type { Database } from '#server/db/database'
import { cataloguePictures } from '#server/db/schema'
import { isPictureFileKey, type PictureStorage } from '#server/pictures/picture-storage'
import { sweepUnreferencedFiles, type SweepOptions } from '#server/proofs/storage-sweep'

/**
 * `catalogue pictures orphans`: the made files (`<content hash>/<width>.webp|jpg`) no
 * `catalogue_pictures` row names (a try that stored some sizes and then failed, or lost its lease
 * to another worker that read changed bytes; any row replaced or removed in future). Listed, and
 * removed with `--delete`.
 *
 * A row of any status keeps its hash's files: a `ready` row serves them, and a row that names a
 * hash without being `ready` is still the row's to settle. A picture being made right now has its
 * files stored before its row names their hash (`picture-worker.ts` stores, then settles, within a
 * lease of minutes): the age cutoff, hours, is what keeps those.
 *
 * Left open: an orphan's exact bytes made again (a source went back to an old picture) between this
 * sweep's listing and its removal would lose its files under a `ready` row; the files must have been
 * unnamed for the whole cutoff first.
 */
export async function sweepUnreferencedPictureFiles(
  database: Database,
  storage: PictureStorage,
  options: SweepOptions,
  now: Date,
): Promise<string> {
  return sweepUnreferencedFiles(storage, {
    isDeleting: options.isDeleting,
    olderThanHours: options.olderThanHours,
    now,
    noun: 'picture file',
    // The storage lists only its own keys already; a bucket or folder shared with anything else
    // must not lose a file to a key this sweep does not understand.
    isCandidate: isPictureFileKey,
    async findKept(keys) {
      const hashes = [...new Set(keys.map(contentHashOf))]
      const rows = await database
        .selectDistinct({ contentHash: cataloguePictures.contentHash })
        .from(cataloguePictures)
        .where(inArray(cataloguePictures.contentHash, hashes))
      const named = new Set(rows.map((row) => row.contentHash))
      return keys.filter((key) => named.has(contentHashOf(key)))
    },
  })
}

/** The hash a picture file key starts with (`<content hash>/<width>.<extension>`). */
function contentHashOf(key: string): string {
  return key.slice(0, key.indexOf('/'))
}
