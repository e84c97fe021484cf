import type { Context } from 'hono'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'
import {
  merchantListQuerySchema,
  merchantListResponseSchema,
  merchantSchema,
  productListQuerySchema,
  productListResponseSchema,
  productOffersResponseSchema,
  productSchema,
} from '#domain/contracts/catalogue'
import type { CatalogueService, JsonRepresentation } from '#server/catalogue/catalogue-service'
import { errorResponse } from '#server/http/api-error'
import { acceptsGzip } from '#server/http/content-encoding'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { validateRequest } from '#server/http/validation'
import { cachedResponse } from '#server/static/client-files'

/**
 * The catalogue is the same for every shopper: browsers and shared caches may keep an answer a
 * minute and serve it stale while they revalidate, and revalidating with the ETag costs a 304.
 */
export const catalogueCacheControl = 'public, max-age=60, stale-while-revalidate=300'

const idParamSchema = v.object({ id: v.pipe(v.string(), v.description('24 hex characters')) })

const notModified = { description: 'Unchanged since the `If-None-Match` ETag' }

/**
 * The gzip form when the client takes it, made once per cached answer: compressing per response
 * cost more than everything else a cached list does. Sent with `Content-Encoding` set, which
 * `hono/compress` leaves alone.
 */
function sendRepresentation(c: Context<AppEnvironment>, representation: JsonRepresentation) {
  const gzipped = acceptsGzip(c.req.header('Accept-Encoding')) ? representation.gzipped() : undefined
  const selected = gzipped ?? representation
  return cachedResponse(c, {
    body: () => Promise.resolve(selected.body),
    contentType: 'application/json',
    // A provisional search answer (catalogue-service.ts) is to be asked again, not kept.
    cacheControl: representation.isProvisional === true ? 'no-store' : catalogueCacheControl,
    entityTag: selected.entityTag,
    ...(gzipped === undefined ? {} : { contentEncoding: 'gzip' }),
    vary: 'Accept-Encoding',
  })
}

const listDescription =
  'Answers `{ data, total }` (spec section 7); page with `skip` and `limit` and merge pages by `_id`. ' +
  '`search` finds Thai and English words (split with a Thai dictionary), their prefixes, their synonyms, ' +
  'any part of a name (case-insensitive, whatever its length) and near misses of longer words; a ' +
  "product's search also finds its merchant's names (docs/decisions/020). With a search the default " +
  "sort is `relevance` (exact words, then prefixes, synonyms, parts of words, the merchant's names, typos; " +
  'then the most popular); without one it is `popular`. Cached: `Cache-Control: ' +
  catalogueCacheControl +
  '` with a strong `ETag`.'

export function catalogueRoutes(catalogue: CatalogueService) {
  return new Hono<AppEnvironment>()
    .get(
      '/merchants',
      describeRoute({
        summary: 'List and search merchants',
        description: `${listDescription} Sorts: \`relevance\`, \`popular\` (top merchants by rank, then the most popular), \`cashback\` (highest rate), \`newest\`, \`name\` (in the \`locale\` language).`,
        tags: ['Catalogue'],
        responses: {
          200: jsonResponse('A page of merchants and the total that match', merchantListResponseSchema),
          304: notModified,
          400: errorResponseDescription('A query parameter is out of range or malformed (`invalid_request`)'),
          ...commonErrorResponses,
        },
      }),
      validateRequest('query', merchantListQuerySchema),
      async (c) => sendRepresentation(c, await catalogue.listMerchants(c.req.valid('query'))),
    )
    .get(
      '/merchants/:id',
      describeRoute({
        summary: 'One merchant, with its rate, cap, waiting times and terms',
        tags: ['Catalogue'],
        responses: {
          200: jsonResponse('The merchant', merchantSchema),
          304: notModified,
          404: errorResponseDescription('No such merchant (`merchant_not_found`)'),
          ...commonErrorResponses,
        },
      }),
      validateRequest('param', idParamSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const merchant = await catalogue.getMerchant(id)
        if (merchant === undefined) return errorResponse(c, 404, 'merchant_not_found', `No merchant ${id}`)
        return sendRepresentation(c, merchant)
      },
    )
    .get(
      '/products',
      describeRoute({
        summary: 'List and search products',
        description: `${listDescription} Each product embeds its merchant's summary and its estimated cashback in satang. Sorts: \`relevance\`, \`popular\`, \`cashback\` (highest estimated cashback), \`newest\`, \`name\`, \`price-low\`, \`price-high\`.`,
        tags: ['Catalogue'],
        responses: {
          200: jsonResponse('A page of products and the total that match', productListResponseSchema),
          304: notModified,
          400: errorResponseDescription('A query parameter is out of range or malformed (`invalid_request`)'),
          ...commonErrorResponses,
        },
      }),
      validateRequest('query', productListQuerySchema),
      async (c) => sendRepresentation(c, await catalogue.listProducts(c.req.valid('query'))),
    )
    .get(
      '/products/:id',
      describeRoute({
        summary: 'One product',
        tags: ['Catalogue'],
        responses: {
          200: jsonResponse('The product', productSchema),
          304: notModified,
          404: errorResponseDescription('No such product (`product_not_found`)'),
          ...commonErrorResponses,
        },
      }),
      validateRequest('param', idParamSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const product = await catalogue.getProduct(id)
        if (product === undefined) return errorResponse(c, 404, 'product_not_found', `No product ${id}`)
        return sendRepresentation(c, product)
      },
    )
    .get(
      '/products/:id/offers',
      describeRoute({
        summary: 'The same product at every merchant that sells it',
        description:
          'Every product sharing the comparison key of this one (itself included), cheapest net price ' +
          '(price minus estimated cashback) first.',
        tags: ['Catalogue'],
        responses: {
          200: jsonResponse('The offers', productOffersResponseSchema),
          304: notModified,
          404: errorResponseDescription('No such product (`product_not_found`)'),
          ...commonErrorResponses,
        },
      }),
      validateRequest('param', idParamSchema),
      async (c) => {
        const { id } = c.req.valid('param')
        const offers = await catalogue.getProductOffers(id)
        if (offers === undefined) return errorResponse(c, 404, 'product_not_found', `No product ${id}`)
        return sendRepresentation(c, offers)
      },
    )
}
