import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import { localeRequestSchema, localeResponseSchema, type LocaleResponse } from '#domain/contracts/locale'
import { localeCookieHeader } from '#domain/locale'
import type { AppEnvironment } from '#server/http/app-environment'
import { commonErrorResponses, errorResponseDescription, jsonResponse } from '#server/http/openapi-responses'
import { isHttpsRequest } from '#server/http/request-origin'
import { validateRequest } from '#server/http/validation'

export function localeRoutes() {
  return new Hono<AppEnvironment>().put(
    '/locale',
    describeRoute({
      summary: "Remember the shopper's language",
      description:
        'Sets the `locale` cookie (365 days) that the server reads to redirect cold page loads of ' +
        'unprefixed paths to `/en/...`.',
      tags: ['App'],
      responses: {
        200: jsonResponse('The cookie is set (see `Set-Cookie`)', localeResponseSchema),
        400: errorResponseDescription('Not a supported locale, or not JSON (`invalid_request`)'),
        403: errorResponseDescription('Sent from another origin (`forbidden_origin`)'),
        ...commonErrorResponses,
      },
    }),
    validateRequest('json', localeRequestSchema),
    (c) => {
      const { locale } = c.req.valid('json')
      c.header('Set-Cookie', localeCookieHeader(locale, isHttpsRequest(c)))
      return c.json({ locale } satisfies LocaleResponse)
    },
  )
}
