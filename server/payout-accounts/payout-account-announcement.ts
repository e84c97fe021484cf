import { eq } from 'drizzle-orm'
import type { SignInIdentifier } from '#domain/contracts/auth'
import { maskPayoutAccount } from '#domain/wallet/payout-details'
import type { CodeDelivery } from '#server/auth/code-delivery'
import type { Database } from '#server/db/database'
import { buyers } from '#server/db/schema'
import type { Logger } from '#server/logger'
import type { PayoutAccountRecord } from '#server/payout-accounts/payout-account-service'

/**
 * The security notice of a new or changed payout account, sent to the buyer's own email and phone
 * through the sign-in code delivery (docs/decisions/024). The in-app notification and the push
 * reach whoever holds the session, a thief too; the inbox or the phone reaches the owner, who has
 * the 72 hours to ask support to stop it.
 *
 * Called once the account is committed, never inside the transaction: mail and SMS are calls to
 * other systems, and a slow gateway must not hold the buyer's row locked. Email and SMS go at the
 * same time, each waited for at most `payoutNoticeTimeoutMilliseconds`. The change stands whatever
 * happens to the notice; a failed one is logged for support.
 */
export async function announcePayoutAccountChange(options: {
  database: Database
  delivery: CodeDelivery
  logger: Logger
  account: PayoutAccountRecord
}): Promise<void> {
  const { database, delivery, logger, account } = options
  const [buyer] = await database
    .select({ email: buyers.email, phone: buyers.phone })
    .from(buyers)
    .where(eq(buyers.id, account.buyerId))
  if (buyer === undefined) return
  const identifiers: SignInIdentifier[] = [
    buyer.email === null ? undefined : ({ kind: 'email', value: buyer.email } as const),
    buyer.phone === null ? undefined : ({ kind: 'phone', value: buyer.phone } as const),
  ].filter((identifier) => identifier !== undefined)
  await Promise.all(
    identifiers
      .filter((to) => delivery.canDeliverTo(to.kind))
      .map(async (to) => {
        try {
          await withinNoticeTime(
            delivery.announcePayoutAccountChange({
              to,
              target: account.target,
              bank: account.details.target === 'bank' ? account.details.bank : null,
              maskedAccount: maskPayoutAccount(account.details),
              usableFrom: account.usableFrom,
            }),
          )
        } catch (error) {
          logger.error(
            { err: error, buyerId: account.buyerId, payoutAccountId: account.id, kind: to.kind },
            'payout account change notice failed',
          )
        }
      }),
  )
}

/**
 * How long the answer to the shopper waits for a mail server or an SMS gateway. A slower send goes
 * on in the background and is logged as failed here (it may still arrive); the change stands.
 */
export const payoutNoticeTimeoutMilliseconds = 10_000

function withinNoticeTime(sending: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${payoutNoticeTimeoutMilliseconds} ms`)),
      payoutNoticeTimeoutMilliseconds,
    )
  })
  return Promise.race([sending, timeout]).finally(() => clearTimeout(timer))
}
