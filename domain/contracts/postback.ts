import * as v from 'valibot'
import { textSchema } from '../validation/text.ts'
import { currencies } from './buyer.ts'

/**
 * Conversions in from affiliate networks (issue 5). Both forms carry the same fields, named as
 * networks name them (Involve Asia, Accesstrade):
 *
 * - `POST /api/postbacks/{network}` with a JSON `PostbackBody`, header
 *   `X-Postback-Signature: sha256=<hex HMAC-SHA256 of the raw body with the network's secret>`.
 *   The body's `timestamp` (Unix seconds) must be within 5 minutes of our clock: a captured
 *   request cannot be replayed later, and the signature covers the timestamp.
 * - `GET /api/postbacks/{network}?token=<the network's secret>&conversion_id=…&…` for networks
 *   that send one request per item and cannot sign (a shared-secret token; no timestamp).
 *
 * Idempotent on (network, `conversion_id`): a repeat changes nothing, a later status moves the
 * transaction forward through the state machine. A `click_id` we do not know is stored as an
 * unmatched conversion for an operator (`npm run ops -- conversions unmatched`), never dropped.
 * The answer is 200 `PostbackResponse` only after the write committed; networks retry anything
 * else. Refusals: 404 `unknown_network`, 401 `invalid_signature` / `stale_timestamp`, 400
 * `invalid_request` (also for a NUL character or an unpaired surrogate anywhere in the body or the
 * query, object keys included, and for a body nested deeper than `maxJsonDepth`: the request is
 * kept as jsonb; see domain/validation/text.ts).
 */

export const postbackSignatureHeader = 'X-Postback-Signature'
export const postbackTimestampToleranceSeconds = 5 * 60

/** Network names in the path: lowercase letters, digits and dashes. */
export const postbackNetworkSchema = v.pipe(textSchema(), v.regex(/^[a-z0-9-]{1,40}$/, 'Expected a network name'))

/** The network's view of a purchase. `paid` is a network saying approved (GoGoCash maps it so). */
export const postbackStatuses = ['pending', 'approved', 'paid', 'rejected', 'cancelled'] as const
export type PostbackStatus = (typeof postbackStatuses)[number]

/**
 * The largest amount a postback may carry, satang: amounts are stored in 32-bit integer columns
 * (฿21,474,836.47, far above any purchase a shopper makes).
 */
export const maxPostbackSatang = 2_147_483_647

/**
 * Amounts as networks send them: a decimal string in baht with at most 2 decimals
 * (`"1234.50"`), turned into integer satang without floating point, at most
 * `maxPostbackSatang`.
 */
export const bahtDecimalSchema = v.pipe(
  textSchema(),
  v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Expected an amount in baht such as 1234.50'),
  v.transform((value) => {
    const [whole = '0', fraction = ''] = value.split('.')
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  }),
  v.maxValue(maxPostbackSatang, 'Expected an amount of at most 21474836.47 baht'),
)

const referenceSchema = v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(100))

/**
 * Purchases from 2000 to 2100 (UTC): anything else is a network's bug (a year 0 or 9999
 * placeholder), and PostgreSQL cannot even store some of it.
 */
export const orderTimeRange = { from: Date.UTC(2000, 0, 1), until: Date.UTC(2101, 0, 1) } as const

function isInOrderTimeRange(value: string): boolean {
  const time = new Date(value).getTime()
  return time >= orderTimeRange.from && time < orderTimeRange.until
}

/** The most pieces one conversion may carry: more is a network's bug, not a purchase. */
export const maxPostbackQuantity = 10_000

/** A whole number of pieces: a JSON number, or digits in the GET form's query. */
const quantitySchema = v.pipe(
  v.union([
    v.pipe(v.number(), v.integer()),
    v.pipe(textSchema(), v.regex(/^\d{1,9}$/, 'Expected a whole number of pieces'), v.transform(Number)),
  ]),
  v.minValue(1, 'Expected at least 1 piece'),
  v.maxValue(maxPostbackQuantity, `Expected at most ${maxPostbackQuantity} pieces`),
)

/** The fields both forms share. */
const conversionEntries = {
  conversion_id: referenceSchema,
  /**
   * Our click id, sent back as the network's sub-id (`aff_sub`). May be empty (a purchase that
   * lost its sub-id): it is still stored, as an unmatched conversion for an operator.
   */
  click_id: v.optional(v.pipe(textSchema(), v.trim(), v.maxLength(100)), ''),
  order_id: referenceSchema,
  status: v.picklist(postbackStatuses),
  /** What the shopper paid, baht. */
  sale_amount: bahtDecimalSchema,
  currency: v.optional(v.picklist(currencies), 'THB'),
  /** Our commission, baht (kept for operators; the shopper's cashback is computed by us). */
  payout: v.optional(bahtDecimalSchema),
  /** Why a conversion was rejected or cancelled, as the network says it. */
  reason: v.optional(v.pipe(textSchema(), v.trim(), v.maxLength(500))),
  /**
   * The merchant's item, its SKU or product id as the network reports it (Involve Asia's and
   * Accesstrade's product fields). With it the daily item limit applies (no more than 5 pieces of
   * one item a day, domain/cashback/item-limit.ts); without it the conversion is not counted.
   */
  sku: v.optional(v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(100))),
  /** How many pieces of `sku` the conversion is for; 1 when left out. */
  quantity: v.optional(quantitySchema),
  /** When the shopper bought (ISO 8601, years 2000 to 2100); the time we hear of it when left out. */
  order_time: v.optional(
    v.pipe(textSchema(), v.isoTimestamp(), v.check(isInOrderTimeRange, 'Expected an order time from 2000 to 2100')),
  ),
}

export const postbackBodySchema = v.object({
  ...conversionEntries,
  /** Unix seconds when the network sent this request. */
  timestamp: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type PostbackBodyInput = v.InferInput<typeof postbackBodySchema>
export type PostbackBody = v.InferOutput<typeof postbackBodySchema>

export const postbackQuerySchema = v.object({
  ...conversionEntries,
  token: v.pipe(textSchema(), v.minLength(1), v.maxLength(200)),
})
export type PostbackQuery = v.InferOutput<typeof postbackQuerySchema>

/**
 * - `created`: a new transaction for the click;
 * - `updated`: the transaction moved forward;
 * - `unchanged`: the same news again;
 * - `unmatched`: no such click; kept for an operator;
 * - `ignored`: the state machine refused the change (e.g. approved after cancelled); kept on the
 *   conversion with `reason`, answered 200 so the network stops retrying.
 */
export const postbackOutcomes = ['created', 'updated', 'unchanged', 'unmatched', 'ignored'] as const
export type PostbackOutcome = (typeof postbackOutcomes)[number]

export const postbackResponseSchema = v.object({
  outcome: v.picklist(postbackOutcomes),
  /** The transaction the conversion belongs to; `null` when unmatched. */
  transactionId: v.nullable(v.string()),
})
export type PostbackResponse = v.InferOutput<typeof postbackResponseSchema>
