import { parseAccept } from 'hono/utils/accept'

/**
 * Whether a request's `Accept-Encoding` allows gzip: listed (or `x-gzip`, or `*`) with a non-zero
 * quality. No header means identity only.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined || acceptEncoding === '') return false
  // Browsers send a handful of fixed forms; this check skips parsing for them.
  if (/^(?:[a-z-]+, ?)*gzip(?:, ?[a-z-]+)*$/i.test(acceptEncoding)) return true
  const accepts = parseAccept(acceptEncoding)
  const quality = (name: string) => accepts.find((accept) => accept.type.toLowerCase() === name)?.q
  const explicit = quality('gzip') ?? quality('x-gzip')
  return (explicit ?? quality('*') ?? 0) > 0
}
