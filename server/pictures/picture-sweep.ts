import { inArray, sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Database } from '#server/db/database'
import { cataloguePictures, merchants, products } from '#server/db/schema'
import { isPictureFileKey, type PictureStorage } from '#server/pictures/picture-storage'
import { sweepUnreferencedFiles, type SweepOptions } from '#server/proofs/storage-sweep'

const sourceUrlRowsSchema = v.object({ rows: v.array(v.object({ source_url: v.string() })) })

/**
 * The picture rows no product or merchant names any more: a feed gave a product or a merchant a
 * new picture address, and the old address's row kept its made files. Listed, and removed with
 * `isDeleting`, so the file sweep that follows frees their files (unless another row names the
 * same bytes). A delisted product still names its picture: it may be listed again, and is kept.
 *
 * Removing is safe against an import running at the same time: a row removed just before an
 * import names its address again is found again by the picture discovery and made anew.
 */
async function sweepUnnamedPictureRows(database: Database, isDeleting: boolean): Promise<string[]> {
  const unnamed = sql`not exists (select 1 from ${products} where ${products.imageSourceUrl} = ${cataloguePictures.sourceUrl})
    and not exists (select 1 from ${merchants} where ${merchants.logoSourceUrl} = ${cataloguePictures.sourceUrl})`
  const found = v.parse(
    sourceUrlRowsSchema,
    await database.execute(
      isDeleting
        ? sql`delete from ${cataloguePictures} where ${unnamed} returning source_url`
        : sql`select source_url from ${cataloguePictures} where ${unnamed}`,
    ),
  )
  return found.rows.map((row) => row.source_url).sort()
}

/**
 * `catalogue pictures orphans`: first the picture rows no product or merchant names
 * (`sweepUnnamedPictureRows`), then the made files (`<content hash>/<width>.webp|jpg`) no
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
export async function sweepUnreferencedPictures(
  database: Database,
  storage: PictureStorage,
  options: SweepOptions,
  now: Date,
): Promise<string> {
  const unnamedRows = await sweepUnnamedPictureRows(database, options.isDeleting)
  const rowReport =
    unnamedRows.length === 0
      ? []
      : [
          `${unnamedRows.length} picture row${unnamedRows.length === 1 ? '' : 's'} no product or merchant names` +
            (options.isDeleting ? ', removed:' : ' (remove with --delete, which also removes their files):'),
          ...unnamedRows.map((sourceUrl) => `  ${sourceUrl}`),
        ]
  const fileReport = await sweepUnreferencedFiles(storage, {
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
  return [...rowReport, fileReport].join('\n')
}

/** The hash a picture file key starts with (`<content hash>/<width>.<extension>`). */
function contentHashOf(key: string): string {
  return key.slice(0, key.indexOf('/'))
}
