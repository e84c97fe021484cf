import type { Context } from 'hono'
import { sharedLinkPath } from '#domain/links/shop-links'

/** A share of text is a few hundred bytes; a bigger form carries pictures, which only the phone keeps. */
const maxSharedTextFormBytes = 64 * 1024

/**
 * `POST /share-target` when no service worker took the share (not installed yet, cleared): a
 * shared link or text still opens paste-a-link with it (read from a small form only); pictures
 * are kept by the worker alone, so their page says none arrived. Nothing is stored here.
 */
export async function answerShareWithoutWorker(c: Context): Promise<Response> {
  const length = Number(c.req.header('Content-Length'))
  if (Number.isInteger(length) && length > 0 && length <= maxSharedTextFormBytes) {
    const form = await c.req.formData().catch(() => undefined)
    const hasPictures = form?.getAll('pictures').some((value) => typeof value !== 'string' && value.size > 0) ?? false
    const linkPath =
      form === undefined
        ? undefined
        : sharedLinkPath((name) => {
            const value = form.get(name)
            return typeof value === 'string' ? value : undefined
          })
    if (!hasPictures && linkPath !== undefined) return c.redirect(linkPath, 303)
  }
  return c.redirect('/share-target?pictures=0', 303)
}
