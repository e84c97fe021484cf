import { createStore, del, get, set } from 'idb-keyval'
import type { CashbackTransaction } from '#domain/contracts/cashback'
import { maxProofImages } from '#domain/contracts/proof'

/**
 * Pictures shared into the app from the phone's gallery (the manifest's share target, issue 16):
 * the service worker receives the share (src/sw.ts) and keeps the pictures here, on the phone, until
 * the shopper has said which purchase they prove (/share-target). The proof picker of that
 * purchase then takes them through the proofs' own pipeline (made small, queued offline).
 */

/** Where the manifest's share target posts to, and the page that asks which purchase. */
export const shareTargetPath = '/share-target'
/** The form field of the shared pictures (`share_target.params.files[0].name` in the manifest). */
export const sharedPicturesField = 'pictures'

/** A share older than this was abandoned: it is not offered again. */
const sharedPicturesMaxAgeMilliseconds = 24 * 60 * 60 * 1000

type SharedPictures = { files: File[]; sharedAt: number }

// Its own database: idb-keyval opens one object store per database.
const store = () => createStore('ngernkhuen-shared-pictures', 'pictures')
const key = 'latest'

/** Keeps the images of a share (at most what one purchase takes), replacing an earlier share. */
export async function keepSharedPictures(values: readonly FormDataEntryValue[], now = Date.now()): Promise<number> {
  const files = values
    .filter((value): value is File => value instanceof File && value.type.startsWith('image/') && value.size > 0)
    .slice(0, maxProofImages)
  if (files.length === 0) {
    await del(key, store())
    return 0
  }
  await set(key, { files, sharedAt: now } satisfies SharedPictures, store())
  return files.length
}

/** The pictures of the latest share still waiting for a purchase; none when too old. */
export async function readSharedPictures(now = Date.now()): Promise<File[]> {
  const shared = await get<SharedPictures>(key, store())
  if (shared === undefined) return []
  if (now - shared.sharedAt > sharedPicturesMaxAgeMilliseconds) {
    await del(key, store())
    return []
  }
  return shared.files
}

/** Once the proof picker holds them, the share is done. */
export async function forgetSharedPictures(): Promise<void> {
  await del(key, store())
}

/**
 * Purchases a proof can go to now: a rejection to appeal, or a pending purchase whose 1-day
 * cashback waits for a proof (the server's `canTakeProofs`; its detail page has the last word).
 */
export function takesSharedProof(transaction: CashbackTransaction): boolean {
  if (transaction.appealStatus === 'approved') return false
  if (transaction.status === 'REJECTED') return true
  return transaction.status === 'PENDING' && transaction.releasePath === 'one_day_with_proof'
}
