import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/**
 * Everything the PWA loads comes from its own origin (fonts are bundled, no CDN), so the policy
 * can be strict. `img-src` allows data:/blob: for generated QR codes and camera previews.
 */
const contentSecurityPolicyDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
}

/** The `Content-Security-Policy` value `secureHeaders` writes from the directives above. */
export const contentSecurityPolicy = Object.entries(contentSecurityPolicyDirectives)
  .map(
    ([directive, sources]) =>
      `${directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} ${sources.join(' ')}`,
  )
  .join('; ')

/**
 * A year, this host only: `includeSubDomains` would also force HTTPS on every other site under
 * the domain the app is deployed to, which is not ours to decide here.
 */
const strictTransportSecurity = 'max-age=31536000'

const defaultReferrerPolicy = 'strict-origin-when-cross-origin'

/**
 * The security headers of every response, set after the handler so error, not-found and static
 * responses carry them too, over whatever a route set. One exception: a route may send a
 * stricter `Referrer-Policy` for itself (the click-out, server/clicks/click-routes.ts, sends
 * `no-referrer` so merchants do not learn which of our pages sent the shopper).
 *
 * - HSTS only in production: the demo runs on plain http://localhost, where a browser that
 *   remembered HSTS for localhost would refuse every other local development server.
 * - `Cross-Origin-Opener-Policy: same-origin`: a page we open elsewhere (a merchant's shop)
 *   cannot reach back into ours through `window.opener`. The demo store is same-origin.
 * - `Cross-Origin-Resource-Policy: same-origin`: other sites cannot embed our responses (proof
 *   pictures, product pictures under /media, API answers); our own pages, the service worker and
 *   the manifest are same-origin.
 * - `X-Frame-Options: DENY` beside `frame-ancestors 'none'` for browsers without CSP 2;
 *   `camera=(self)` is for scanning receipts and QR codes.
 */
export function securityHeadersMiddleware(options: { isProduction: boolean }): MiddlewareHandler {
  const setSecurityHeaders = secureHeaders({
    contentSecurityPolicy: contentSecurityPolicyDirectives,
    strictTransportSecurity: options.isProduction ? strictTransportSecurity : false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: ['self'] },
    // Set below, only where the route did not.
    referrerPolicy: false,
  })
  return (c, next) =>
    setSecurityHeaders(c, async () => {
      await next()
      if (!c.res.headers.has('Referrer-Policy')) c.res.headers.set('Referrer-Policy', defaultReferrerPolicy)
    })
}
