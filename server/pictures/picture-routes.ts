import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { pictureFormats } from '#domain/pictures/catalogue-pictures'
import { createResponseCache } from '#server/catalogue/response-cache'
import { handleNotFound } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { contentHashPattern, isPictureFileKey, type PictureStorage } from '#server/pictures/picture-storage'
import { cachedResponse } from '#server/static/client-files'

/**
 * The made sizes of catalogue pictures, `/media/pictures/{content hash}/{width}.{webp|jpg}`, from
 * the picture storage, whichever process made them. The hash names the bytes, so a URL's answer
 * never changes: browsers, the service worker and any CDN keep it for a year without asking again.
 */
export const immutableCacheControl = 'public, max-age=31536000, immutable'

/** Recently asked files in memory: a bucket is a request away; a disk has its own cache. */
const cachedFiles = 400
const cachedFileMilliseconds = 60 * 60_000

class MissingPictureFile extends Error {
  override name = 'MissingPictureFile'
}

export function pictureRoutes(storage: PictureStorage) {
  const files = createResponseCache<Uint8Array<ArrayBuffer>>({
    maxEntries: cachedFiles,
    timeToLiveMilliseconds: cachedFileMilliseconds,
  })

  return new Hono<AppEnvironment>().get('/:hash/:file', describeRoute({ hide: true }), async (c) => {
    const hash = c.req.param('hash')
    const file = c.req.param('file')
    const key = `${hash}/${file}`
    if (!contentHashPattern.test(hash) || !isPictureFileKey(key)) return handleNotFound(c)
    const format = pictureFormats.find(({ extension }) => file.endsWith(`.${extension}`))
    if (format === undefined) return handleNotFound(c)
    const bytes = await files
      .getOrLoad(key, async () => {
        const stored = await storage.get(key)
        // Thrown, so the cache keeps no miss: the file may be there by the time someone asks again.
        if (stored === undefined) throw new MissingPictureFile()
        return stored
      })
      .catch((error: unknown) => {
        if (error instanceof MissingPictureFile) return undefined
        throw error
      })
    if (bytes === undefined) return handleNotFound(c)
    return cachedResponse(c, {
      body: () => Promise.resolve(bytes),
      contentType: format.contentType,
      cacheControl: immutableCacheControl,
      entityTag: `"${hash}-${file}"`,
    })
  })
}
