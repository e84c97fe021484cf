import { demoNetworkName, demoPostbackSecret, type PostbackSecrets } from '#server/postbacks/postback-secrets'

/** What the postback routes need besides the database; built once in server/main.ts (or by tests). */
export type PostbackConfig = {
  /** Network name → shared secret (`POSTBACK_SECRETS`); a network not listed is unknown (404). */
  secrets: PostbackSecrets
  /** The clock the signed timestamp is checked against; tests move it. */
  now: () => Date
}

/** Demo mode with nothing configured: only the demo storefront's network. */
export function createDemoPostbackConfig(now: () => Date = () => new Date()): PostbackConfig {
  return { secrets: new Map([[demoNetworkName, demoPostbackSecret]]), now }
}

/** From the environment (`POSTBACK_SECRETS`, with the demo network already added in demo mode). */
export function createPostbackConfig(secrets: PostbackSecrets): PostbackConfig {
  return { secrets, now: () => new Date() }
}
