import nodemailer from 'nodemailer'
import { demoAuthSecret } from '#server/auth/auth-secret'
import { createCodeDelivery, createLogSmsProvider, type CodeDelivery } from '#server/auth/code-delivery'
import { createDevOutbox } from '#server/auth/dev-outbox'
import { defaultAccountRateLimits, type AccountRateLimits } from '#server/auth/rate-limits'
import { createSmsProvider } from '#server/auth/sms-provider'
import type { Database } from '#server/db/database'
import type { AppMode } from '#server/env'
import type { Logger } from '#server/logger'

/** What the account routes need besides the database; built once in server/main.ts (or by tests). */
export type AccountsConfig = {
  appMode: AppMode
  /** HMAC key of sign-in codes (AUTH_SECRET). */
  authSecret: string
  delivery: CodeDelivery
  /** The clock; tests move it to expire codes and sessions. */
  now: () => Date
  /** Proxies in front of the server that append to `X-Forwarded-For` (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number
  rateLimits: AccountRateLimits
}

/**
 * Demo mode with nothing configured: codes go to the log and the dev outbox only (in `database`,
 * where every process reads it).
 */
export function createDemoAccountsConfig(
  database: Database,
  logger: Logger,
  now: () => Date = () => new Date(),
): AccountsConfig {
  return {
    appMode: 'demo',
    authSecret: demoAuthSecret,
    delivery: createCodeDelivery({
      mailer: undefined,
      sms: createLogSmsProvider(logger),
      outbox: createDevOutbox(database),
      logger,
      now,
    }),
    now,
    trustedProxyHops: 0,
    rateLimits: defaultAccountRateLimits,
  }
}

/** From the environment: SMTP when `smtpUrl` is set, the dev outbox everywhere but production. */
export function createAccountsConfig(options: {
  /** Where the dev outbox is kept outside production; production writes nothing there. */
  database: Database
  appMode: AppMode
  authSecret: string
  smtpUrl: string | undefined
  mailFrom: string | undefined
  trustedProxyHops: number
  logger: Logger
}): AccountsConfig {
  const { appMode, logger } = options
  const now = () => new Date()
  const mailer =
    options.smtpUrl === undefined
      ? undefined
      : { transporter: nodemailer.createTransport(options.smtpUrl), from: options.mailFrom ?? 'NgernKhuen' }
  return {
    appMode,
    authSecret: options.authSecret,
    delivery: createCodeDelivery({
      mailer,
      sms: createSmsProvider({ appMode, logger }),
      outbox: appMode === 'production' ? undefined : createDevOutbox(options.database),
      logger,
      now,
    }),
    now,
    trustedProxyHops: options.trustedProxyHops,
    rateLimits: defaultAccountRateLimits,
  }
}
