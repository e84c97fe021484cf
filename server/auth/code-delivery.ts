import type { SignInIdentifier } from '#domain/contracts/auth'
import type { Logger } from '#server/logger'

/**
 * How sign-in codes reach the shopper: email through SMTP, SMS through an `SmsProvider`, and in
 * demo and test mode (never production) a dev outbox the tests and new developers read.
 */

export type SignInCodeMessage = {
  to: SignInIdentifier
  code: string
  expiresAt: Date
}

/**
 * An SMS gateway. To plug one in (e.g. a Thai aggregator's HTTP API), implement `sendSms` and
 * return it from `createSmsProvider` in server/auth/sms-provider.ts, configured from variables
 * read in server/env.ts. Until one is configured, production refuses phone sign-in with
 * `phone_sign_in_unavailable` instead of pretending to send.
 */
export type SmsProvider = {
  /** For logs, e.g. 'log' or the gateway's name. */
  readonly name: string
  /** `to` in E.164 form (`+66812345678`). Rejects when the gateway did not accept the message. */
  sendSms(to: string, text: string): Promise<void>
}

/** Writes each SMS to the log instead of sending it. Never used in production. */
export function createLogSmsProvider(logger: Logger): SmsProvider {
  return {
    name: 'log',
    async sendSms(to, text) {
      logger.info({ to, text }, 'SMS (not sent: log provider)')
    },
  }
}

export type DevOutboxEntry = { to: string; code: string; sentAt: Date }

/** The last codes sent, newest first, in memory (demo and test runs are one process). */
export type DevOutbox = {
  record(entry: DevOutboxEntry): void
  messagesTo(identifier: string): DevOutboxEntry[]
}

export function createDevOutbox(capacity = 500): DevOutbox {
  const entries: DevOutboxEntry[] = []
  return {
    record(entry) {
      entries.unshift(entry)
      entries.length = Math.min(entries.length, capacity)
    },
    messagesTo(identifier) {
      return entries.filter((entry) => entry.to === identifier)
    },
  }
}

/** What we use of a nodemailer transporter (tests pass a recorder). */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>
}

export type CodeDelivery = {
  /** `false` when no channel reaches this kind of identifier (production without an SMS provider). */
  canDeliverTo(kind: SignInIdentifier['kind']): boolean
  deliver(message: SignInCodeMessage): Promise<void>
  /** Present only outside production. */
  readonly outbox: DevOutbox | undefined
}

/** '0812345678' → '+66812345678'. */
export function toE164(thaiMobileNumber: string): string {
  return `+66${thaiMobileNumber.slice(1)}`
}

function minutesUntil(expiresAt: Date, now: Date): number {
  return Math.max(1, Math.round((expiresAt.getTime() - now.getTime()) / 60_000))
}

/** Thai first, English second: the shopper may have either language set. */
export function signInEmail(message: SignInCodeMessage, now: Date) {
  const minutes = minutesUntil(message.expiresAt, now)
  return {
    subject: `รหัสเข้าสู่ระบบเงินคืน ${message.code} / NgernKhuen sign-in code`,
    text:
      `รหัสเข้าสู่ระบบของคุณคือ ${message.code} ใช้ได้ภายใน ${minutes} นาที\n` +
      'หากคุณไม่ได้ขอรหัสนี้ ไม่ต้องทำอะไร\n\n' +
      `Your NgernKhuen sign-in code is ${message.code}. It works for ${minutes} minutes.\n` +
      'If you did not ask for it, ignore this email.\n',
  }
}

export function signInSms(message: SignInCodeMessage, now: Date): string {
  return `รหัสเข้าสู่ระบบเงินคืน NgernKhuen code: ${message.code} (${minutesUntil(message.expiresAt, now)} min)`
}

export function createCodeDelivery(options: {
  /** SMTP via nodemailer; `undefined` when SMTP_URL is not set. */
  mailer: { transporter: MailTransport; from: string } | undefined
  sms: SmsProvider | undefined
  outbox: DevOutbox | undefined
  logger: Logger
  now: () => Date
}): CodeDelivery {
  const { mailer, sms, outbox, logger, now } = options
  return {
    outbox,
    canDeliverTo(kind) {
      if (outbox !== undefined) return true
      return kind === 'email' ? mailer !== undefined : sms !== undefined
    },
    async deliver(message) {
      if (outbox !== undefined) {
        outbox.record({ to: message.to.value, code: message.code, sentAt: now() })
        // Demo and test only: the code in the log lets a developer sign in without a mailbox.
        logger.info({ to: message.to.value, code: message.code }, 'sign-in code (dev outbox)')
      }
      if (message.to.kind === 'email' && mailer !== undefined) {
        await mailer.transporter.sendMail({ from: mailer.from, to: message.to.value, ...signInEmail(message, now()) })
      } else if (message.to.kind === 'phone' && sms !== undefined) {
        await sms.sendSms(toE164(message.to.value), signInSms(message, now()))
      }
    },
  }
}
