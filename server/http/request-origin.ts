import type { Context } from 'hono'

/**
 * The scheme the browser used. Behind a TLS-terminating proxy Node only sees http, so the
 * proxy's `X-Forwarded-Proto` wins. Trusting it is safe for these uses: a cross-site page cannot
 * set that header on a browser request, and a non-browser client gains nothing by lying.
 */
export function requestProtocol(c: Context): 'http' | 'https' {
  const forwarded = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
  if (forwarded === 'https' || forwarded === 'http') return forwarded
  return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http'
}

export function isHttpsRequest(c: Context): boolean {
  return requestProtocol(c) === 'https'
}

/**
 * The origin the browser sees for this server, e.g. `https://ngernkhuen.example`. The host comes
 * from the `Host` header, so a reverse proxy must pass it through unchanged (the usual default).
 */
export function ownOrigin(c: Context): string {
  return `${requestProtocol(c)}://${new URL(c.req.url).host}`
}
