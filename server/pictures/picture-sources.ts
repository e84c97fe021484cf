import { fetchPicture, publicInternetPolicy, type FetchPolicy } from '#server/pictures/fetch-picture'
import type { PictureSource } from '#server/pictures/make-picture-sizes'

/**
 * Where the worker gets a picture's bytes from its source address: the network (production), or
 * first the demo's own drawings (demo mode, server/pictures/demo-pictures.ts), whose addresses
 * name a storefront that does not exist and are never fetched.
 */
export type SourceReading =
  | { ok: true; source: PictureSource }
  /** `isLasting`: trying again would end the same way. */
  | { ok: false; isLasting: boolean; reason: string }

export type ReadPictureSource = (sourceUrl: string) => Promise<SourceReading>

export function networkPictureSource(policy: FetchPolicy = publicInternetPolicy): ReadPictureSource {
  return async (sourceUrl) => {
    const fetched = await fetchPicture(sourceUrl, policy)
    return fetched.ok ? { ok: true, source: { bytes: fetched.bytes, kind: 'raster' } } : fetched
  }
}
