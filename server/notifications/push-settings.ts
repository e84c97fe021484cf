/** How this deployment sends Web Push (server/env.ts reads it). */
export type PushSettings = {
  /** From the environment; `undefined` in a demo, which makes its own once (vapid-keys.ts). */
  vapidKeys: VapidKeys | undefined
  /** Which endpoints a subscription may name (`isAllowedPushEndpoint`). */
  endpoints: PushEndpointPolicy
}

export type VapidKeys = {
  /** base64url of the uncompressed P-256 public key; the browser subscribes with it. */
  publicKey: string
  privateKey: string
  /** A `mailto:` or `https:` contact push services can reach us at (RFC 8292). */
  subject: string
}

/**
 * `known-push-services`: only the hosts browsers' push services answer at (production).
 * `any-https`: any https URL, so tests and demos can run a push service of their own.
 */
export type PushEndpointPolicy = 'known-push-services' | 'any-https'

/** The push services of Chrome, Edge, Firefox and Safari (and the browsers built on them). */
const knownPushServiceHosts = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
]

/** Whether a subscription may name `endpoint` (an https URL, checked by the contract). */
export function isAllowedPushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false
  if (policy === 'any-https') return true
  return url.port === '' && knownPushServiceHosts.some((host) => host.test(url.hostname))
}
