import { Hono, type Context } from 'hono'
import { describeRoute } from 'hono-openapi'
import { linkResolutionSchema, resolveLinkRequestSchema, type LinkResolution } from '#domain/contracts/links'
import { maxPastedTextLength } from '#domain/links/shop-links'
import type { Limit } from '#server/auth/rate-limits'
import type { Database } from '#server/db/database'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { clientAddress } from '#server/http/client-address'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { createRateLimitCounters } from '#server/http/rate-limit-store'
import { validateRequest } from '#server/http/validation'
import { resolveLink } from '#server/links/link-service'
import { publicShortLinkPolicy, type ShortLinkPolicy } from '#server/links/short-links'

/**
 * How often links may be looked up. Anyone may ask (no account), and a short link makes us send a
 * request to a marketplace: per client address for the lookups (generous, as mobile carriers put
 * many phones behind one address), tighter for short links, and a cap on the short links everyone
 * together makes us follow, so we never hammer a marketplace (or get our address blocked by it).
 * Counted in the database every process shares.
 */
export type LinkRateLimits = {
  resolvesPerAddress: Limit
  shortLinksPerAddress: Limit
  shortLinksOverall: Limit
}

export const defaultLinkRateLimits: LinkRateLimits = {
  resolvesPerAddress: { limit: 60, windowSeconds: 5 * 60 },
  shortLinksPerAddress: { limit: 20, windowSeconds: 5 * 60 },
  shortLinksOverall: { limit: 300, windowSeconds: 60 },
}

export type LinkRoutesOptions = {
  database: Database
  now: () => Date
  trustedProxyHops: number
  /** Demo mode maps this server's `/demo-store/` pages to the demo shops' addresses. */
  isDemo: boolean
  rateLimits?: LinkRateLimits
  /** Only tests widen it (their own short-link server); production follows `publicShortLinkPolicy`. */
  shortLinks?: ShortLinkPolicy
}

export function linkRoutes(options: LinkRoutesOptions) {
  const { database, now, trustedProxyHops } = options
  const rateLimits = options.rateLimits ?? defaultLinkRateLimits
  const shortLinks = options.shortLinks ?? publicShortLinkPolicy
  const counters = createRateLimitCounters(database, now)

  /** Counts one hit on each of `limits` in turn; at the first one over, 429 `too_many_requests`. */
  async function count(c: Context<AppEnvironment>, limits: [string, Limit][]) {
    for (const [key, limit] of limits) {
      const hit = await counters.hit(key, limit.windowSeconds * 1000)
      if (hit.totalHits <= limit.limit) continue
      const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - now().getTime()) / 1000))
      c.header('Retry-After', String(retryAfterSeconds))
      throw new ApiError(
        429,
        'too_many_requests',
        `Too many links were looked up from this network; try again in ${retryAfterSeconds} seconds`,
        { retryAfterSeconds },
      )
    }
  }

  return new Hono<AppEnvironment>().post(
    '/links/resolve',
    describeRoute({
      summary: 'What a pasted or shared link is to us',
      description:
        `The text (at most ${maxPastedTextLength} characters) may have words around the link; its first ` +
        "http(s) address counts. A partner's page answers `partner` with the merchant, the listed product " +
        "when the page is one (matched on the feed's `link` however it was copied: scheme, host case, `www.`, " +
        'trailing slash, tracking parameters) and `clickOut`, what `GET /go/{merchantId}` takes (`product` or ' +
        '`page`). Shopee and Lazada links (their product shapes and short links, which the server follows to ' +
        "the marketplace, never further) and any other site answer `not_partner` with the shop's name; a paused " +
        'merchant too, with `reason: paused`. Text without an address answers `not_a_shop_link`. Anyone may ask; ' +
        `${defaultLinkRateLimits.resolvesPerAddress.limit} lookups per ` +
        `${defaultLinkRateLimits.resolvesPerAddress.windowSeconds / 60} minutes per network address, fewer for short links.`,
      tags: ['Links'],
      responses: {
        200: jsonResponse('What the link is', linkResolutionSchema),
        400: errorResponseDescription('No text, or more than the maximum (`invalid_request`)'),
        429: errorResponseDescription(
          'Too many lookups from this network, or short links from everyone (`too_many_requests`); ' +
            '`Retry-After` and `details.retryAfterSeconds` say when',
        ),
        ...commonErrorResponses,
      },
    }),
    validateRequest('json', resolveLinkRequestSchema),
    async (c) => {
      const { text } = c.req.valid('json')
      const address = clientAddress(c, trustedProxyHops)
      await count(c, [[`links:address:${address}`, rateLimits.resolvesPerAddress]])
      const resolution = await resolveLink(database, text, {
        shortLinks,
        demoStoreHost: options.isDemo ? new URL(c.req.url).host : undefined,
        beforeFollowingShortLink: () =>
          count(c, [
            [`links:short:address:${address}`, rateLimits.shortLinksPerAddress],
            ['links:short:overall', rateLimits.shortLinksOverall],
          ]),
        onShortLinkFailure: (reason) => c.get('logger').info({ reason }, 'a short link could not be followed'),
      })
      return c.json(resolution satisfies LinkResolution)
    },
  )
}
