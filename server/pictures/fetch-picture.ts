import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from '#server/pictures/public-address'

/**
 * Fetches a picture a feed named, on the server (a shopper's phone never asks a merchant's server
 * for anything). A feed is text a merchant or a network wrote, so the address is treated as
 * hostile: https only, to addresses of the public internet only (checked on the address actually
 * connected to, after resolving, so a name cannot resolve to 127.0.0.1 or 169.254.169.254, and
 * every redirect is checked again), at most 3 redirects, 15 seconds in all, a picture's content
 * type, at most `maxPictureBytes`, and no compression (nothing can expand after the size check).
 */

export const maxPictureBytes = 10 * 1024 * 1024
const maxRedirects = 3
const timeoutMilliseconds = 15_000

/** Which addresses may be fetched. Production's is `publicInternetPolicy`; tests widen it for their own server. */
export type FetchPolicy = {
  /** Plain `http:`: never in production (tests serve their pictures over it). */
  allowsPlainHttp: boolean
  isAllowedAddress(address: string): boolean
}

export const publicInternetPolicy: FetchPolicy = { allowsPlainHttp: false, isAllowedAddress: isPublicAddress }

/**
 * Names reserved for tests and examples (RFC 2606), which no shop has: the demo's own storefront
 * among them. (`localhost` is left to the address check, which refuses what it resolves to.)
 */
const reservedName = /(^|\.)(test|invalid|example)\.?$/i

/** The picture types a source may be (server/pictures/make-picture-sizes.ts checks the bytes too). */
const pictureContentTypes = ['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp', 'image/gif']

export type FetchOutcome =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  /** Trying again would end the same way: the picture is given up. */
  | { ok: false; isLasting: true; reason: string }
  /** Worth another try later: a timeout, a refused connection, a 5xx, a 429. */
  | { ok: false; isLasting: false; reason: string }

class LastingRefusal extends Error {
  override name = 'LastingRefusal'
}

function refusedAddress(host: string, address: string): LastingRefusal {
  return new LastingRefusal(`${host} is ${address}, not an address of the public internet`)
}

/** `dns.lookup` that refuses a name any of whose addresses is not allowed. */
function guardedLookup(policy: FetchPolicy): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    // Node connects with `all: true` (it tries each address in turn) or asks for one.
    const wantsAll = options.all === true
    lookup(hostname, { ...options, all: true } satisfies LookupAllOptions, (error, addresses) => {
      if (error !== null) {
        callback(error, '', 0)
        return
      }
      const list: LookupAddress[] = addresses
      const refused = list.find((entry) => !policy.isAllowedAddress(entry.address))
      const first = list[0]
      if (refused !== undefined || first === undefined) {
        callback(refusedAddress(hostname, refused?.address ?? 'nothing'), '', 0)
        return
      }
      if (wantsAll) {
        ;(callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list)
        return
      }
      callback(null, first.address, first.family)
    })
  }
}

type Answer = { status: number; location: string | undefined; contentType: string; length: number | undefined }

function requestOnce(
  url: URL,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<{ answer: Answer; read: () => Promise<Uint8Array<ArrayBuffer>> }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(policy),
        // One connection per fetch: a pooled socket was checked for another host's address.
        agent: false,
        headers: {
          accept: 'image/webp,image/jpeg,image/png,image/gif;q=0.8',
          'accept-encoding': 'identity',
          'user-agent': 'NgernKhuen-pictures/1 (catalogue pictures, fetched once)',
        },
      },
      (response) => {
        const declaredLength = Number(response.headers['content-length'])
        const answer: Answer = {
          status: response.statusCode ?? 0,
          location: response.headers.location,
          contentType: (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
          length: Number.isFinite(declaredLength) ? declaredLength : undefined,
        }
        const read = () =>
          new Promise<Uint8Array<ArrayBuffer>>((resolveBody, rejectBody) => {
            const chunks: Buffer[] = []
            let received = 0
            response.on('data', (chunk: Buffer) => {
              received += chunk.length
              if (received > maxPictureBytes) {
                // Refused before the connection is cut: cutting it reports an abort at once.
                rejectBody(new LastingRefusal(`the picture is larger than ${maxPictureBytes} bytes`))
                response.destroy()
                return
              }
              chunks.push(chunk)
            })
            response.on('end', () => resolveBody(new Uint8Array(Buffer.concat(chunks))))
            response.on('error', rejectBody)
            response.on('aborted', () => rejectBody(new Error('the connection closed before the picture ended')))
          })
        resolve({ answer, read })
        if (answer.status < 200 || answer.status >= 300) response.resume()
      },
    )
    request.on('error', reject)
    request.end()
  })
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : ''
  return `${code}${error.message}`
}

export async function fetchPicture(source: string, policy: FetchPolicy = publicInternetPolicy): Promise<FetchOutcome> {
  const signal = AbortSignal.timeout(timeoutMilliseconds)
  let url: URL
  try {
    url = new URL(source)
  } catch {
    return { ok: false, isLasting: true, reason: 'not a URL' }
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowsPlainHttp)) {
        throw new LastingRefusal(`only https addresses are fetched, not ${url.protocol}`)
      }
      if (url.username !== '' || url.password !== '') throw new LastingRefusal('an address with a user name')
      if (reservedName.test(url.hostname))
        throw new LastingRefusal(`${url.hostname} is a reserved name, never a shop's`)
      // A literal address is connected to as it is, without a lookup.
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
      if (isIP(literal) !== 0 && !policy.isAllowedAddress(literal)) throw refusedAddress(url.hostname, literal)
      const { answer, read } = await requestOnce(url, policy, signal)
      if (answer.status >= 300 && answer.status < 400 && answer.location !== undefined) {
        if (redirects >= maxRedirects) throw new LastingRefusal(`more than ${maxRedirects} redirects`)
        url = new URL(answer.location, url)
        continue
      }
      if (answer.status === 408 || answer.status === 429 || answer.status >= 500) {
        return { ok: false, isLasting: false, reason: `the server answered ${answer.status}` }
      }
      if (answer.status < 200 || answer.status >= 300) throw new LastingRefusal(`the server answered ${answer.status}`)
      if (!pictureContentTypes.includes(answer.contentType)) {
        throw new LastingRefusal(`the content type is ${answer.contentType || 'missing'}, not a picture's`)
      }
      if (answer.length !== undefined && answer.length > maxPictureBytes) {
        throw new LastingRefusal(`the picture is ${answer.length} bytes, more than ${maxPictureBytes}`)
      }
      return { ok: true, bytes: await read() }
    }
  } catch (error) {
    if (error instanceof LastingRefusal) return { ok: false, isLasting: true, reason: error.message }
    if (signal.aborted) return { ok: false, isLasting: false, reason: `no picture within ${timeoutMilliseconds} ms` }
    return { ok: false, isLasting: false, reason: describeError(error) }
  }
}
