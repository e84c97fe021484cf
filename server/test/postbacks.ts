import { pino } from 'pino'
import { postbackSignatureHeader, type PostbackBodyInput } from '#domain/contracts/postback'
import type { App, AppOptions } from '#server/app'
import { createDemoAccountsConfig } from '#server/auth/accounts-config'
import type { Database } from '#server/db/database'
import type { PostbackConfig } from '#server/postbacks/postback-config'
import { demoNetworkName, demoPostbackSecret } from '#server/postbacks/postback-secrets'
import { signPostbackBody } from '#server/postbacks/postback-signature'
import { createTestClock, testAccountRateLimits, type TestClock } from '#server/test/accounts'
import { createTestApp } from '#server/test/app'

/** A second network besides the demo one, as `POSTBACK_SECRETS` would configure it. */
export const testNetworkName = 'involve-asia'
export const testNetworkSecret = 'ia-test-secret-7Hq2Lw9Zr4Tx8Mv1Nc6Pb3Ks5Jd0'

/**
 * An app whose accounts, postbacks and demo storefront share one test clock, and whose demo
 * storefront delivers its postbacks to the app itself through `app.request` (no port).
 */
export function createPostbackTestApp(
  database: Database,
  options: { clock?: TestClock } & Partial<Omit<AppOptions, 'database'>> = {},
): { app: App; clock: TestClock; postbacks: PostbackConfig; deliveredPostbacks: Request[] } {
  const { clock = createTestClock(), ...appOptions } = options
  const postbacks: PostbackConfig = {
    secrets: new Map([
      [demoNetworkName, demoPostbackSecret],
      [testNetworkName, testNetworkSecret],
    ]),
    now: clock.now,
  }
  const deliveredPostbacks: Request[] = []
  const app: App = createTestApp(database, {
    // Every `app.request` counts as one address: the per-address and overall limits are raised.
    accounts: {
      ...createDemoAccountsConfig(database, pino({ level: 'silent' }), clock.now),
      rateLimits: testAccountRateLimits,
    },
    postbacks,
    sendPostback: async (request) => {
      deliveredPostbacks.push(request.clone())
      return app.request(request)
    },
    ...appOptions,
  })
  return { app, clock, postbacks, deliveredPostbacks }
}

/** Unix seconds of the clock, the postback `timestamp`. */
export function unixSeconds(clock: TestClock): number {
  return Math.floor(clock.now().getTime() / 1000)
}

/** A JSON postback signed as the network would sign it; `secret` defaults to the network's own. */
export function signedPostback(
  body: PostbackBodyInput | string,
  options: { secret?: string; signature?: string } = {},
): RequestInit {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return {
    method: 'POST',
    body: text,
    headers: {
      'Content-Type': 'application/json',
      [postbackSignatureHeader]: options.signature ?? signPostbackBody(options.secret ?? testNetworkSecret, text),
    },
  }
}
