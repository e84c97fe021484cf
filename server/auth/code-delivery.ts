import type { DevOutboxMessageKind, SignInIdentifier } from '#domain/contracts/auth'
import type { PayoutTarget } from '#domain/contracts/withdrawal'
import { formatDateTime } from '#domain/dates'
import type { ThaiBank } from '#domain/validation/thai-identifiers'
import type { DevOutbox } from '#server/auth/dev-outbox'
import type { Logger } from '#server/logger'

/**
 * How sign-in codes reach the shopper: email through SMTP, SMS through an `SmsProvider`, and in
 * demo and test mode (never production) a dev outbox the tests and new developers read.
 */

export type SignInCodeMessage = {
  to: SignInIdentifier
  code: string
  expiresAt: Date
  /**
   * `sign_in` (the default) or `identifier_change`: a signed-in buyer asked to make this address
   * their new sign-in identifier, and the code proves they can read it.
   */
  purpose?: 'sign_in' | 'identifier_change'
}

/** To a buyer's previous email or phone: the account now signs in with `newIdentifier`. */
export type IdentifierChangedNotice = {
  to: SignInIdentifier
  newIdentifier: SignInIdentifier
}

/**
 * To a buyer's email or phone: a payout account was added or changed and withdrawals can go to it
 * from `usableFrom` (docs/decisions/024). Whoever holds a stolen session sees the in-app notice
 * too; this one reaches the owner's own inbox or phone.
 */
export type PayoutAccountChangedNotice = {
  to: SignInIdentifier
  target: PayoutTarget
  /** The bank of a bank account; `null` for PromptPay and TrueMoney. */
  bank: ThaiBank | null
  /** As the API shows it (`maskPayoutAccount`): the full number never leaves the server in a message. */
  maskedAccount: string
  usableFrom: Date
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
    sendSms(to, text) {
      logger.info({ to, text }, 'SMS (not sent: log provider)')
      return Promise.resolve()
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
  /** The operator console's sign-in code, by email only (operators have no phone sign-in). */
  deliverOperatorCode(message: { email: string; code: string; expiresAt: Date }): Promise<void>
  /** Tells the previous address of an identifier change (best effort is the caller's choice). */
  announceIdentifierChange(notice: IdentifierChangedNotice): Promise<void>
  /** Tells the buyer's address of a new or changed payout account (best effort is the caller's choice). */
  announcePayoutAccountChange(notice: PayoutAccountChangedNotice): Promise<void>
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
  if (message.purpose === 'identifier_change') {
    return {
      subject: `รหัสยืนยันที่อยู่ใหม่ของบัญชีเงินคืน ${message.code} / NgernKhuen: confirm your new email`,
      text:
        `มีคำขอใช้อีเมลนี้เข้าสู่ระบบบัญชีเงินคืน รหัสยืนยันคือ ${message.code} ใช้ได้ภายใน ${minutes} นาที\n` +
        'อย่าบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้ขอ ไม่ต้องทำอะไร อีเมลนี้จะไม่ถูกเพิ่มในบัญชีใด\n\n' +
        `Someone asked to sign in to a NgernKhuen account with this email. The code is ${message.code}; ` +
        `it works for ${minutes} minutes.\n` +
        'Never share it. If it was not you, ignore this email: the address is not added to any account.\n',
    }
  }
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
  const minutes = minutesUntil(message.expiresAt, now)
  if (message.purpose === 'identifier_change') {
    return `รหัสยืนยันเบอร์ใหม่ของบัญชีเงินคืน ห้ามบอกผู้อื่น NgernKhuen new number code: ${message.code} (${minutes} min)`
  }
  return `รหัสเข้าสู่ระบบเงินคืน NgernKhuen code: ${message.code} (${minutes} min)`
}

/**
 * 'so***@example.com', '******5678'. An old phone number may belong to someone else by now
 * (numbers are recycled), so the notice never spells out the new address.
 */
export function maskIdentifier(identifier: SignInIdentifier): string {
  if (identifier.kind === 'phone') return `******${identifier.value.slice(-4)}`
  const [local = '', domain = ''] = identifier.value.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

export function identifierChangedEmail(notice: IdentifierChangedNotice) {
  const masked = maskIdentifier(notice.newIdentifier)
  const [thaiKind, englishKind] =
    notice.newIdentifier.kind === 'email' ? ['อีเมล', 'email'] : ['เบอร์มือถือ', 'mobile number']
  return {
    subject: `${thaiKind}เข้าสู่ระบบบัญชีเงินคืนของคุณเปลี่ยนแล้ว / Your NgernKhuen sign-in ${englishKind} changed`,
    text:
      `บัญชีเงินคืนของคุณเปลี่ยน${thaiKind}สำหรับเข้าสู่ระบบเป็น ${masked} แล้ว และออกจากระบบในอุปกรณ์อื่นทั้งหมด\n` +
      'หากคุณไม่ได้เปลี่ยนเอง กรุณาติดต่อฝ่ายช่วยเหลือทางแชทในแอปทันที\n\n' +
      `Your NgernKhuen account now signs in with the ${englishKind} ${masked}; its other devices were signed out.\n` +
      'If you did not make this change, contact support in the app chat at once.\n',
  }
}

export function identifierChangedSms(notice: IdentifierChangedNotice): string {
  return (
    `บัญชีเงินคืนเปลี่ยนช่องทางเข้าสู่ระบบเป็น ${maskIdentifier(notice.newIdentifier)} หากไม่ใช่คุณ ติดต่อฝ่ายช่วยเหลือ / ` +
    'NgernKhuen sign-in changed; not you? contact support'
  )
}

/** Thai and English names of a payout method, as the withdrawal screens write them. */
const thaiBankNames: Record<ThaiBank, string> = {
  KBANK: 'กสิกรไทย',
  BBL: 'กรุงเทพ',
  SCB: 'ไทยพาณิชย์',
  BAY: 'กรุงศรีอยุธยา',
}
const englishBankNames: Record<ThaiBank, string> = {
  KBANK: 'Kasikorn (KBank)',
  BBL: 'Bangkok Bank (BBL)',
  SCB: 'Siam Commercial (SCB)',
  BAY: 'Krungsri (BAY)',
}

function payoutMethodNames(notice: PayoutAccountChangedNotice): [thai: string, english: string] {
  switch (notice.target) {
    case 'bank':
      return notice.bank === null
        ? ['บัญชีธนาคาร', 'bank account']
        : [`บัญชีธนาคาร${thaiBankNames[notice.bank]}`, `${englishBankNames[notice.bank]} account`]
    case 'promptpay':
      return ['พร้อมเพย์', 'PromptPay']
    case 'truemoney':
      return ['ทรูมันนี่ วอลเล็ท', 'TrueMoney Wallet']
  }
}

/**
 * Thai first, English second, like the other account messages. The date is Bangkok time, in the
 * Buddhist era in Thai, as the withdrawal form shows it. Support can suspend the buyer, which
 * stops withdrawals; there is no "cancel this change" yet (docs/decisions/024).
 */
export function payoutAccountChangedEmail(notice: PayoutAccountChangedNotice) {
  const [thaiMethod, englishMethod] = payoutMethodNames(notice)
  const { maskedAccount } = notice
  return {
    subject: 'บัญชีรับเงินของบัญชีเงินคืนเปลี่ยนแล้ว / Your NgernKhuen payout account changed',
    text:
      `บัญชีเงินคืนของคุณเพิ่งเพิ่มหรือเปลี่ยนบัญชีรับเงินเป็น ${thaiMethod} ${maskedAccount}\n` +
      `เพื่อความปลอดภัย บัญชีนี้ใช้ถอนเงินได้ตั้งแต่ ${formatDateTime(notice.usableFrom, 'th')} น. (เวลาประเทศไทย)\n` +
      'หากคุณไม่ได้ทำเอง กรุณาติดต่อฝ่ายช่วยเหลือทางแชทในแอปก่อนเวลานั้น เจ้าหน้าที่ระงับบัญชีได้ทันทีเพื่อไม่ให้ถอนเงินออกไป\n\n' +
      `A payout account was just added or changed on your NgernKhuen account: ${englishMethod} ${maskedAccount}.\n` +
      `For your security, withdrawals can go to it from ${formatDateTime(notice.usableFrom, 'en')} (Bangkok time).\n` +
      'If this was not you, contact support in the app chat before then: an operator can suspend the account ' +
      'at once so no money is withdrawn.\n',
  }
}

export function payoutAccountChangedSms(notice: PayoutAccountChangedNotice): string {
  const [thaiMethod] = payoutMethodNames(notice)
  return (
    `บัญชีเงินคืนเปลี่ยนบัญชีรับเงินเป็น ${thaiMethod} ${notice.maskedAccount} ` +
    `ถอนได้ตั้งแต่ ${formatDateTime(notice.usableFrom, 'th')} น. หากไม่ใช่คุณ ติดต่อฝ่ายช่วยเหลือทางแชทในแอปทันที / ` +
    `NgernKhuen payout account changed, usable from ${formatDateTime(notice.usableFrom, 'en')}; not you? contact support`
  )
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

  async function send(
    to: SignInIdentifier,
    email: { subject: string; text: string },
    smsText: string,
    entry: { kind: DevOutboxMessageKind; code: string | null },
  ) {
    if (outbox !== undefined) {
      await outbox.record({ to: to.value, ...entry, text: to.kind === 'email' ? email.text : smsText, sentAt: now() })
      // Demo and test only: the code in the log lets a developer sign in without a mailbox.
      logger.info({ to: to.value, kind: entry.kind, code: entry.code }, 'account message (dev outbox)')
    }
    if (to.kind === 'email' && mailer !== undefined) {
      await mailer.transporter.sendMail({ from: mailer.from, to: to.value, ...email })
    } else if (to.kind === 'phone' && sms !== undefined) {
      await sms.sendSms(toE164(to.value), smsText)
    }
  }

  return {
    outbox,
    canDeliverTo(kind) {
      if (outbox !== undefined) return true
      return kind === 'email' ? mailer !== undefined : sms !== undefined
    },
    async deliver(message) {
      const kind = message.purpose === 'identifier_change' ? 'identifier_change_code' : 'sign_in_code'
      await send(message.to, signInEmail(message, now()), signInSms(message, now()), { kind, code: message.code })
    },
    async deliverOperatorCode(message) {
      const minutes = minutesUntil(message.expiresAt, now())
      const email = {
        subject: `รหัสเข้าคอนโซลเงินคืน ${message.code} / NgernKhuen console sign-in code`,
        text:
          `รหัสเข้าคอนโซลผู้ดูแลของคุณคือ ${message.code} ใช้ได้ภายใน ${minutes} นาที ` +
          'หากคุณไม่ได้ขอรหัสนี้ แจ้งผู้ดูแลระบบทันที\n\n' +
          `Your NgernKhuen operator console code is ${message.code}. It works for ${minutes} minutes.\n` +
          'If you did not ask for it, tell an administrator at once.\n',
      }
      await send({ kind: 'email', value: message.email }, email, email.text, {
        kind: 'operator_sign_in_code',
        code: message.code,
      })
    },
    async announceIdentifierChange(notice) {
      await send(notice.to, identifierChangedEmail(notice), identifierChangedSms(notice), {
        kind: 'identifier_changed',
        code: null,
      })
    },
    async announcePayoutAccountChange(notice) {
      await send(notice.to, payoutAccountChangedEmail(notice), payoutAccountChangedSms(notice), {
        kind: 'payout_account_changed',
        code: null,
      })
    },
  }
}
