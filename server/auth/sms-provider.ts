import type { AppMode } from '#server/env'
import { createLogSmsProvider, type SmsProvider } from '#server/auth/code-delivery'
import type { Logger } from '#server/logger'

/**
 * The one place an SMS gateway is chosen. No gateway is integrated yet: outside production SMS
 * are written to the log (and the dev outbox); in production phone sign-in answers 503
 * `phone_sign_in_unavailable` until a provider is returned here. To add one: implement
 * `SmsProvider` (server/auth/code-delivery.ts) in a file beside this one, read its credentials
 * in server/env.ts, pass them in and return the provider when they are set.
 */
export function createSmsProvider(options: { appMode: AppMode; logger: Logger }): SmsProvider | undefined {
  return options.appMode === 'production' ? undefined : createLogSmsProvider(options.logger)
}
