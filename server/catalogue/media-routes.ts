import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { isCatalogueId } from '#server/catalogue/catalogue-ids'
import { selectMerchantForLogo, selectProductForPicture } from '#server/catalogue/catalogue-queries'
import { currentCatalogueVersion } from '#server/catalogue/catalogue-version'
import { renderMerchantLogoSvg } from '#server/catalogue/images/merchant-logo'
import { renderProductPictureSvg } from '#server/catalogue/images/product-picture'
import { createResponseCache } from '#server/catalogue/response-cache'
import type { Database } from '#server/db/database'
import { handleNotFound } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { cachedResponse } from '#server/static/client-files'

/**
 * Generated merchant logos and product pictures (no external image hosts). A picture only changes
 * when a name or category does, which is rare, so browsers and the service worker keep them a day.
 */
export const mediaCacheControl = 'public, max-age=86400'

type Svg = { body: string; entityTag: string }

function toSvg(body: string): Svg {
  return { body, entityTag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
}

function sendSvg(c: Context<AppEnvironment>, svg: Svg | undefined) {
  if (svg === undefined) return handleNotFound(c)
  return cachedResponse(c, {
    body: () => Promise.resolve(svg.body),
    contentType: 'image/svg+xml; charset=utf-8',
    cacheControl: mediaCacheControl,
    entityTag: svg.entityTag,
  })
}

export function mediaRoutes(database: Database) {
  const rendered = createResponseCache<Svg | undefined>({ maxEntries: 2_000, timeToLiveMilliseconds: 10 * 60_000 })
  let cachedVersion = currentCatalogueVersion(database)

  function render(key: string, draw: () => Promise<string | undefined>): Promise<Svg | undefined> {
    const version = currentCatalogueVersion(database)
    if (version !== cachedVersion) {
      cachedVersion = version
      rendered.clear()
    }
    return rendered.getOrLoad(key, async () => {
      const body = await draw()
      return body === undefined ? undefined : toSvg(body)
    })
  }

  const hidden = describeRoute({ hide: true })

  return new Hono<AppEnvironment>()
    .get('/merchants/:id/logo.svg', hidden, async (c) => {
      const id = c.req.param('id')
      if (!isCatalogueId(id)) return handleNotFound(c)
      const svg = await render(`logo:${id}`, async () => {
        const merchant = await selectMerchantForLogo(database, id)
        return merchant === undefined
          ? undefined
          : renderMerchantLogoSvg({ merchantId: id, name: merchant.nameEn, categoryId: merchant.categoryId })
      })
      return sendSvg(c, svg)
    })
    .get('/products/:id/picture.svg', hidden, async (c) => {
      const id = c.req.param('id')
      if (!isCatalogueId(id)) return handleNotFound(c)
      const svg = await render(`picture:${id}`, async () => {
        const product = await selectProductForPicture(database, id)
        return product === undefined
          ? undefined
          : renderProductPictureSvg({ categoryId: product.categoryId, label: product.nameEn })
      })
      return sendSvg(c, svg)
    })
}
