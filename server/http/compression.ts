import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { acceptsGzip } from '#server/http/content-encoding'

const gzipAsync = promisify(gzip)

/** Below this, gzip saves a few bytes for more work than the rest of the answer (as `hono/compress`). */
export const compressionThresholdBytes = 1024

const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i
const varyAcceptEncoding = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/**
 * gzip for the answers a route did not encode itself, when the client takes it. In place of
 * `hono/compress`, which compresses through web streams and, not knowing the length of a `c.json`
 * body, compressed even a 21-byte answer: that made a small API answer cost several times what its
 * route did. Here a body is read whole (nothing this server sends is streamed: API JSON is small
 * and client files are read whole anyway), sent as it is under the threshold, and otherwise gzipped
 * off the main thread. Routes that keep a compressed form (the catalogue) set `Content-Encoding`
 * themselves and are left alone. A compressed answer gets the weak form of its ETag, since its
 * bytes are not the ones the strong tag names.
 */
export function compressionMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const response = c.res
    const { headers } = response
    if (c.req.method === 'HEAD' || [204, 206, 304].includes(response.status)) return
    if (headers.has('Content-Encoding') || headers.has('Transfer-Encoding')) return
    const contentType = headers.get('Content-Type')
    if (contentType === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)) return
    if (noTransform.test(headers.get('Cache-Control') ?? '')) return
    const declaredLength = headers.get('Content-Length')
    if (declaredLength !== null && Number(declaredLength) < compressionThresholdBytes) return

    const vary = headers.get('Vary')
    if (vary === null) headers.set('Vary', 'Accept-Encoding')
    else if (vary !== '*' && !varyAcceptEncoding.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`)
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return

    const body = new Uint8Array(await response.arrayBuffer())
    if (body.byteLength >= compressionThresholdBytes) {
      const compressed = await gzipAsync(body)
      headers.set('Content-Encoding', 'gzip')
      headers.set('Content-Length', String(compressed.byteLength))
      const entityTag = headers.get('ETag')
      if (entityTag !== null && !entityTag.startsWith('W/')) headers.set('ETag', `W/${entityTag}`)
      replaceResponse(c, new Response(new Uint8Array(compressed), { status: response.status, headers }))
    } else {
      headers.set('Content-Length', String(body.byteLength))
      replaceResponse(c, new Response(body, { status: response.status, headers }))
    }
  }
}

/**
 * Assigning over a finished response makes Hono copy the old one's headers onto a re-wrapped body,
 * which turns the byte array into a stream and costs `@hono/node-server` its direct write. The new
 * response already carries those headers, so the old one is dropped first.
 */
function replaceResponse(c: Parameters<MiddlewareHandler>[0], response: Response): void {
  c.res = undefined
  c.res = response
}
