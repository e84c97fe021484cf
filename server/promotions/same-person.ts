import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Database } from '#server/db/database'

/**
 * "Once per person" (docs/decisions/013): two accounts are the same person when they share a
 * proven identifier (the email or phone they sign in with now, or one they confirmed before) or a
 * payout account (a bank account, a PromptPay id, a TrueMoney number). A phone number is one key
 * whichever way it was proven: signing in with it, a PromptPay mobile id or a TrueMoney wallet.
 *
 * The payout key expression is also the expression of the `withdrawals_payout_key` index
 * (migration 0008), so looking another buyer up by it is an index scan.
 */
export const payoutKeySql = sql.raw(`(case "payout_details"->>'target'
  when 'bank' then 'bank:' || ("payout_details"->>'bankCode') || ':' || ("payout_details"->>'accountNumber')
  when 'promptpay' then (case "payout_details"->>'promptPayIdKind' when 'mobile' then 'phone:' when 'national_id' then 'id:' else 'promptpay:' end) || ("payout_details"->>'promptPayId')
  when 'truemoney' then 'phone:' || ("payout_details"->>'mobileNumber')
end)`)

/** Also the expression of the `identifier_changes_confirmed_key` index. */
export const confirmedIdentifierKeySql = sql.raw(`("kind" || ':' || "identifier")`)

const buyerIdRowsSchema = v.object({ rows: v.array(v.object({ buyer_id: v.string() })) })

/** The other accounts of the person who owns `buyerId` (never `buyerId` itself). */
export async function findOtherAccountsOfPerson(database: Database, buyerId: string): Promise<string[]> {
  const result = await database.execute(sql`
    with own_keys as (
      select 'email:' || email as key from buyers where id = ${buyerId} and email is not null
      union select 'phone:' || phone from buyers where id = ${buyerId} and phone is not null
      union select ${confirmedIdentifierKeySql} from identifier_changes
        where buyer_id = ${buyerId} and confirmed_at is not null
      union select ${payoutKeySql} from withdrawals where buyer_id = ${buyerId} and payout_details is not null
    )
    select id as buyer_id from buyers
      where id <> ${buyerId}
        and (email in (select substr(key, 7) from own_keys where key like 'email:%')
          or phone in (select substr(key, 7) from own_keys where key like 'phone:%'))
    union
    select buyer_id from identifier_changes
      where buyer_id <> ${buyerId} and confirmed_at is not null
        and ${confirmedIdentifierKeySql} in (select key from own_keys)
    union
    select buyer_id from withdrawals
      where buyer_id <> ${buyerId} and payout_details is not null
        and ${payoutKeySql} in (select key from own_keys)
  `)
  return v.parse(buyerIdRowsSchema, result).rows.map((row) => row.buyer_id)
}

export async function isSamePerson(database: Database, buyerId: string, otherBuyerId: string): Promise<boolean> {
  if (buyerId === otherBuyerId) return true
  return (await findOtherAccountsOfPerson(database, buyerId)).includes(otherBuyerId)
}
