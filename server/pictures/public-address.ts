import { BlockList, isIP } from 'node:net'

/**
 * Whether the server may connect to an address to fetch a picture a feed named: only addresses of
 * the public internet. A feed is written by a merchant or a network, so a picture's address could
 * name our own machine (127.0.0.1, ::1), the cloud's metadata service (169.254.169.254), the
 * private network behind us (10/8, 172.16/12, 192.168/16, fc00::/7) or anything else that is not
 * a shop's server (SSRF). The special-purpose ranges are IANA's (RFC 6890 and its updates).
 */
const specialPurpose = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  specialPurpose.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: reaches IPv4 addresses through a translator
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  specialPurpose.addSubnet(network, prefix, 'ipv6')
}

/** `::ffff:10.0.0.1` and `::ffff:a00:1` are IPv4 addresses written as IPv6. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:0+:)?(.+)$/i.exec(address)
  if (match === null) return undefined
  const rest = match[1] ?? ''
  if (isIP(rest) === 4) return rest
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest)
  if (hex === null) return undefined
  const high = Number.parseInt(hex[1] ?? '0', 16)
  const low = Number.parseInt(hex[2] ?? '0', 16)
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** True only for an IP address of the public internet (not a name: names are resolved first). */
export function isPublicAddress(address: string): boolean {
  const unbracketed = address.replace(/^\[(.*)\]$/, '$1')
  const version = isIP(unbracketed)
  if (version === 4) return !specialPurpose.check(unbracketed, 'ipv4')
  if (version !== 6) return false
  const ipv4 = embeddedIpv4(unbracketed)
  if (ipv4 !== undefined) return isPublicAddress(ipv4)
  // Of IPv6, only global unicast (2000::/3) is the public internet.
  const first = Number.parseInt(unbracketed.split(':')[0] || '0', 16)
  if (first < 0x2000 || first > 0x3fff) return false
  return !specialPurpose.check(unbracketed, 'ipv6')
}
