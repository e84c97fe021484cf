import { isIPv4, isIPv6 } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The address a request came from, for per-address limits. `X-Forwarded-For` is anyone's to
 * write, so it counts only with `TRUSTED_PROXY_HOPS` proxies in front of us that each append
 * the address they saw: the client is then the entry that many places from the right (what the
 * client itself put further left is ignored). Otherwise it is the socket's peer.
 *
 * IPv6 addresses are cut to their /64: one home or phone gets a whole /64, so a limit per full
 * address would give one device 2^64 allowances.
 */
export function clientAddress(c: Context, trustedProxyHops: number): string {
  if (trustedProxyHops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
    const client = forwarded[forwarded.length - trustedProxyHops]
    if (client !== undefined && (isIPv4(client) || isIPv6(client))) return toLimitKey(client)
  }
  const socketAddress = readSocketAddress(c)
  // No socket only happens in tests calling `app.request` directly: they all count as one address.
  return socketAddress === undefined ? 'unknown' : toLimitKey(socketAddress)
}

function readSocketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

/** '::ffff:203.0.113.7' → '203.0.113.7'; '2001:db8:1:2:3:4:5:6' → '2001:db8:1:2::/64'. */
export function toLimitKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1] !== undefined) return mapped[1]
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : []
  const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
