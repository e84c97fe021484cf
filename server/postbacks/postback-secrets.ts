/**
 * Signs the demo storefront's postbacks (network `demo`). This value is public (it is in the
 * repository), so server/env.ts accepts it only in demo mode; production refuses to start with
 * it for any network.
 */
export const demoPostbackSecret = 'ngernkhuen-demo-postback-secret-do-not-use-in-production'

/** The network our own demo storefront posts back as. */
export const demoNetworkName = 'demo'

/** Shared secrets are HMAC keys and URL tokens: short ones can be guessed offline. */
export const postbackSecretMinimumLength = 32

/** Network name → shared secret, as parsed from `POSTBACK_SECRETS` by server/env.ts. */
export type PostbackSecrets = ReadonlyMap<string, string>
