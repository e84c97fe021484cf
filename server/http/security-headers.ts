import type { MiddlewareHandler } from 'hono'

/**
 * Everything the PWA loads comes from its own origin (fonts are bundled, no CDN), so the policy
 * can be strict. `img-src` allows data:/blob: for generated QR codes and camera previews;
 * `camera=(self)` is for scanning receipts and QR codes.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ')

const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(self)',
}

/**
 * Headers a route may set more strictly for itself: the click-out (server/clicks/click-routes.ts)
 * sends `Referrer-Policy: no-referrer` so merchants do not learn which of our pages sent the
 * shopper. The others are never left to a route, so none can weaken them.
 */
const routeOverridableHeaders = new Set(['Referrer-Policy'])

/** Set after the handler so error, not-found and static responses all carry the headers. */
export function securityHeadersMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (routeOverridableHeaders.has(name) && c.res.headers.has(name)) continue
      c.res.headers.set(name, value)
    }
  }
}
