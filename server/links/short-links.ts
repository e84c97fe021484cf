import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { shortLinkHosts, type Marketplace } from '#domain/links/shop-links'
import { isPublicAddress } from '#server/pictures/public-address'

/**
 * Follows a marketplace's short link (`s.shopee.co.th/…`, `s.lazada.co.th/…`) on the server to
 * learn the page it stands for. Anyone can paste anything, so this is a request a stranger makes
 * us send (SSRF): only to the short-link hosts of `ShortLinkPolicy.hosts` (a redirect to any other
 * host is read, never requested), https only, only to addresses of the public internet (checked
 * on the address actually connected to, after resolving, and a literal address too), at most
 * `maxRedirects` hops within `timeoutMilliseconds` in all, and no body is ever read: the answer's
 * status and `Location` are all it needs.
 */

export type ShortLinkPolicy = {
  /** The short-link hosts (lower case, exact) and whose they are. */
  hosts: Readonly<Record<string, Marketplace>>
  /** Plain `http:`: never in production (the tests' own short-link server speaks it). */
  allowsPlainHttp: boolean
  isAllowedAddress(address: string): boolean
  maxRedirects: number
  timeoutMilliseconds: number
}

/** What production follows; only tests pass another (server/links/link-routes.test.ts). */
export const publicShortLinkPolicy: ShortLinkPolicy = {
  hosts: shortLinkHosts,
  allowsPlainHttp: false,
  isAllowedAddress: isPublicAddress,
  maxRedirects: 5,
  timeoutMilliseconds: 5_000,
}

export type ShortLinkOutcome = { ok: true; url: URL } | { ok: false; reason: string }

class Refusal extends Error {
  override name = 'Refusal'
}

/** The marketplace whose short link this is under `policy`, or `undefined`. */
export function shortLinkOf(url: URL, policy: ShortLinkPolicy): Marketplace | undefined {
  return policy.hosts[url.host.toLowerCase()] ?? policy.hosts[url.hostname.toLowerCase().replace(/\.$/, '')]
}

/** `dns.lookup` that refuses a name any of whose addresses is not allowed. */
function guardedLookup(policy: ShortLinkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...(options as LookupOneOptions), all: true } satisfies LookupAllOptions, (error, addresses) => {
      if (error !== null) {
        callback(error, '', 0)
        return
      }
      const list: LookupAddress[] = addresses
      const refused = list.find((entry) => !policy.isAllowedAddress(entry.address))
      const first = list[0]
      if (refused !== undefined || first === undefined) {
        callback(new Refusal(`${hostname} is ${refused?.address ?? 'nothing'}, not a public address`), '', 0)
        return
      }
      // Node's happy-eyeballs connect asks for every address (`all`), a plain connect for one.
      if (options.all === true) {
        ;(callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list)
        return
      }
      callback(null, first.address, first.family)
    })
  }
}

/** One request: the status and `Location`, the body left unread (the connection is cut). */
function requestHeaders(
  url: URL,
  policy: ShortLinkPolicy,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method: 'GET',
        signal,
        lookup: guardedLookup(policy),
        // One connection per request: a pooled socket was checked for another host's address.
        agent: false,
        headers: {
          accept: 'text/html',
          'accept-encoding': 'identity',
          'user-agent': 'Mozilla/5.0 (compatible; NgernKhuen-links/1; reads where a short link leads)',
        },
      },
      (response) => {
        resolve({ status: response.statusCode ?? 0, location: response.headers.location })
        response.destroy()
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

/**
 * Where the short link `start` leads: the first address that is no short link of `policy`, never
 * requested itself. A failure says why (for the log); the caller still knows the marketplace.
 */
export async function followShortLink(start: URL, policy: ShortLinkPolicy): Promise<ShortLinkOutcome> {
  const signal = AbortSignal.timeout(policy.timeoutMilliseconds)
  let url = new URL(start.href)
  // The share sheet's links are https; an `http:` one is asked for as https.
  if (url.protocol === 'http:' && !policy.allowsPlainHttp) url.protocol = 'https:'
  try {
    for (let hops = 0; ; hops += 1) {
      if (shortLinkOf(url, policy) === undefined) return { ok: true, url }
      if (hops > policy.maxRedirects) throw new Refusal(`more than ${policy.maxRedirects} redirects`)
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowsPlainHttp)) {
        throw new Refusal(`only https addresses are followed, not ${url.protocol}`)
      }
      if (url.username !== '' || url.password !== '') throw new Refusal('an address with a user name')
      // A literal address is connected to as it is, without a lookup.
      const literal = url.hostname.replace(/^\[(.*)\]$/, '$1')
      if (isIP(literal) !== 0 && !policy.isAllowedAddress(literal)) {
        throw new Refusal(`${literal} is not a public address`)
      }
      const answer = await requestHeaders(url, policy, signal)
      if (answer.status < 300 || answer.status >= 400 || answer.location === undefined) {
        throw new Refusal(`the short link answered ${answer.status} without a redirect`)
      }
      const next = new URL(answer.location, url)
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        throw new Refusal(`the short link leads to a ${next.protocol} address`)
      }
      url = next
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message }
    if (signal.aborted) return { ok: false, reason: `no answer within ${policy.timeoutMilliseconds} ms` }
    return { ok: false, reason: describeError(error) }
  }
}
