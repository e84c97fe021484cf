import * as v from 'valibot'
import { recordIdSchema } from '../validation/record-id.ts'
import { cashbackStatuses } from '../contracts/cashback.ts'
import { proofContentTypes } from '../contracts/proof.ts'
import { textSchema } from '../validation/text.ts'

/**
 * The support chat (issue 15): one conversation per shopper, like a LINE official account. It is
 * made by the shopper's first message, an agent closes it when answered, and the shopper's next
 * message opens it again. Nothing is ever deleted; a suspended shopper may use it (it is where
 * /ban and /unauthorized send them).
 *
 * Messages of a conversation are numbered 1, 2, 3 … (`sequence`) in the order they were
 * committed: the server writes a message while holding the conversation's row lock, so a number
 * is never seen before a smaller one. Reading "every message after N" after a lost connection
 * therefore misses nothing and repeats nothing.
 *
 * ## The shopper (signed in, own conversation only; another buyer's id is 403 `forbidden`)
 * - `GET /api/support/{buyerId}/conversation` → `SupportConversation`.
 * - `GET /api/support/{buyerId}/messages?before=&after=&limit=` → `SupportMessagePage`, oldest
 *   first: without a cursor the latest `limit`; `before=N` the `limit` before sequence N (older
 *   pages); `after=N` the `limit` after N (catching up).
 * - `POST /api/support/{buyerId}/attachments`: the body is one picture (`Content-Type` one of
 *   `supportAttachmentContentTypes`, `Idempotency-Key`) → 201 `SupportAttachment`, checked and
 *   re-encoded exactly like a proof picture (same limits and refusals, domain/contracts/proof.ts),
 *   not yet part of a message. Uploads have a `supportMessageRateLimit` of their own (429
 *   `too_many_messages`).
 * - `POST /api/support/{buyerId}/messages` with `SupportMessageRequest` and `Idempotency-Key` →
 *   201 `SupportMessage` (a replay answers the first). Refusals: 400 `invalid_request`
 *   (empty, longer than `maxSupportMessageLength`), 404 `transaction_not_found` (not theirs), 400
 *   `attachment_not_found` (not theirs, or already in another message), 429 `too_many_messages`
 *   with `details.retryAfterSeconds` (more than `supportMessageRateLimit`; a replay of a key already
 *   answered is not counted). Writing marks the agents' messages before it read (an agent's answer
 *   likewise marks the shopper's).
 * - `GET /api/support/{buyerId}/attachments/{attachmentId}/image` → the stored JPEG, `Cache-Control:
 *   private`; the owner only, another's is 404 `attachment_not_found` (agents read it under /api/ops).
 * - `POST /api/support/{buyerId}/read` with `SupportReadRequest` → `SupportConversation`: the
 *   shopper has seen the agents' messages up to `sequence` (the unread count drops, the agent
 *   sees "read").
 * - `GET /api/support/{buyerId}/events`: Server-Sent Events (`SupportStreamEvent`), see below.
 * - `GET /api/support/{buyerId}/purchases?before=&limit=` → `SupportPurchasePage`: the shopper's
 *   own purchases to attach to a message, newest order first (`limit` 1–50, 20 by default;
 *   `before` is the `nextBefore` of the previous page, anything else 400 `invalid_request`).
 *   Read-only and open to suspended shoppers, unlike the cashback lists (403 `buyer_suspended`):
 *   their question is usually about a purchase.
 *
 * ## Agents (operator console, roles support and admin; contracts in domain/ops/support.ts)
 * - `GET /api/ops/support/conversations?status=open|closed&before=&limit=` →
 *   `ConsoleSupportConversationPage`: open ones waiting longest for an answer first; closed ones
 *   newest first.
 * - `GET /api/ops/support/conversations/{conversationId}` → `ConsoleSupportConversationDetail`
 *   (the conversation and the shopper's context: rating, recent purchases, withdrawals, proofs).
 * - `GET /api/ops/support/conversations/{conversationId}/messages?before=&after=&limit=` →
 *   `SupportMessagePage`.
 * - `POST /api/ops/support/conversations/{conversationId}/messages` with
 *   `ConsoleSupportReplyRequest` and `Idempotency-Key` → 201 `SupportMessage` (audit-logged).
 * - `POST /api/ops/support/conversations/{conversationId}/read` with `SupportReadRequest` →
 *   `ConsoleSupportConversation`.
 * - `POST /api/ops/support/conversations/{conversationId}/status` with
 *   `ConsoleSupportStatusRequest` and `Idempotency-Key` → `ConsoleSupportConversation` (close or
 *   reopen, audit-logged); 409 `operator_conflict` when it already is.
 * - `GET /api/ops/support/attachments/{attachmentId}/image` → the picture.
 * - `GET /api/ops/support/events`: Server-Sent Events for the queue and open conversations.
 * An unknown conversation is 404 `record_not_found`. Canned answers are the FAQ (domain/help),
 * which the console imports directly.
 *
 * ## Server-Sent Events
 * `text/event-stream`, `Cache-Control: no-store`; a comment line every 25 s keeps proxies from
 * closing it. Each event's `data` is one JSON `SupportStreamEvent`; a `message` event carries
 * `id: <sequence>`. A shopper's stream first sends every message after `Last-Event-ID` (the
 * header `EventSource` sends when it reconnects) or `?after=N`, then live ones, so a reconnect
 * loses and repeats nothing; the client still drops a sequence it already has. Without either, it
 * sends only what happens from then on. Besides messages, the shopper's stream sends the
 * conversation's `status` and both read markers when it starts and whenever they change. The
 * console's stream sends every conversation's changes from when it connects, without `id`s (each
 * conversation is numbered on its own): after reconnecting, the console reloads what it shows. A stream ends when its session does (checked with each comment line) and when a
 * server process shuts down; EventSource then connects again. Live events reach every server
 * process through the event channel (server/events), never one process's memory.
 */

export const maxSupportMessageLength = 2_000

/** Pictures one message may carry: as many as a proof. */
export const maxSupportMessageAttachments = 5

/** More than `messages` from one shopper within `windowSeconds` is 429 `too_many_messages`. */
export const supportMessageRateLimit = { messages: 20, windowSeconds: 60 } as const

/**
 * Pictures one shopper may upload in a day (those of twenty full messages), beside the per-minute
 * limit: each is stored, and one never sent is kept too, so storage cannot be filled from one
 * account. More is 429 `too_many_messages` until the day's window moves on.
 */
export const supportPictureDailyLimit = { messages: 100, windowSeconds: 24 * 60 * 60 } as const

export const supportAttachmentContentTypes = proofContentTypes

export const supportConversationStatuses = ['open', 'closed'] as const
export type SupportConversationStatus = (typeof supportConversationStatuses)[number]

export const supportAuthors = ['shopper', 'agent'] as const
export type SupportAuthor = (typeof supportAuthors)[number]

/** A message's number; at most 9 digits, like the `?before=`/`?after=` cursors (the column is a 32-bit integer). */
export const supportSequenceSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999))

/** `?before=`, `?after=`: a sequence number in a query string. */
const sequenceQuerySchema = v.optional(v.pipe(textSchema(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(0)))

/** `?limit=`: 1–100, 30 by default. */
export const supportLimitQuerySchema = v.optional(
  v.pipe(textSchema(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100)),
  '30',
)

export const supportMessageListQuerySchema = v.object({
  before: sequenceQuerySchema,
  after: sequenceQuerySchema,
  limit: supportLimitQuerySchema,
})
export type SupportMessageListQuery = v.InferOutput<typeof supportMessageListQuerySchema>

export const supportAttachmentSchema = v.object({
  id: recordIdSchema,
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  byteSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Same-origin path of the picture for whoever asked (shopper or console). */
  imageUrl: v.string(),
})
export type SupportAttachment = v.InferOutput<typeof supportAttachmentSchema>

/** The purchase a shopper attached, as both sides show it. */
export const supportAttachedTransactionSchema = v.object({
  id: recordIdSchema,
  merchantNameTh: v.string(),
  merchantNameEn: v.string(),
  orderId: v.string(),
  /** ISO 8601. */
  orderDate: v.string(),
  status: v.picklist(cashbackStatuses),
  /** Satang. */
  cashbackAmount: v.pipe(v.number(), v.integer()),
})
export type SupportAttachedTransaction = v.InferOutput<typeof supportAttachedTransactionSchema>

/** A purchase as the chat's picker lists it: what a message carries of it, and the merchant's logo. */
export const supportPurchaseSchema = v.object({
  ...supportAttachedTransactionSchema.entries,
  /** Same-origin path of the merchant's logo. */
  merchantLogoUrl: v.string(),
})
export type SupportPurchase = v.InferOutput<typeof supportPurchaseSchema>

/** Where a page of the purchase list ends: the last purchase's order date and id. */
export type SupportPurchaseCursor = { orderDate: Date; id: string }

/**
 * `nextBefore` of a purchase page: the order date in milliseconds, '.', the id. At most 13 digits
 * (a later time, past year 2286, is no order date anyone has).
 */
export function encodeSupportPurchaseCursor(cursor: SupportPurchaseCursor): string {
  return `${cursor.orderDate.getTime()}.${cursor.id}`
}

const supportPurchaseCursorPattern = /^(\d{1,13})\.([0-9a-f]{24})$/

/** The cursor `before` names; `undefined` when it is not one a page gave. */
export function decodeSupportPurchaseCursor(text: string): SupportPurchaseCursor | undefined {
  const match = supportPurchaseCursorPattern.exec(text)
  if (match === null) return undefined
  const [, milliseconds = '', id = ''] = match
  return { orderDate: new Date(Number(milliseconds)), id }
}

export const supportPurchaseListQuerySchema = v.object({
  /** `nextBefore` of the previous page. */
  before: v.optional(
    v.pipe(
      textSchema(),
      v.regex(supportPurchaseCursorPattern, 'Expected the nextBefore of a page'),
      v.description('`nextBefore` of the previous page'),
    ),
  ),
  /** 1–50, 20 by default. */
  limit: v.optional(
    v.pipe(textSchema(), v.regex(/^\d{1,2}$/), v.transform(Number), v.minValue(1), v.maxValue(50)),
    '20',
  ),
})
export type SupportPurchaseListQuery = v.InferOutput<typeof supportPurchaseListQuerySchema>

export const supportPurchasePageSchema = v.object({
  /** Newest order first. */
  data: v.array(supportPurchaseSchema),
  /** Pass as `before` for the next page; `null` on the last one. */
  nextBefore: v.nullable(v.string()),
})
export type SupportPurchasePage = v.InferOutput<typeof supportPurchasePageSchema>

export const supportMessageSchema = v.object({
  id: recordIdSchema,
  sequence: supportSequenceSchema,
  author: v.picklist(supportAuthors),
  /** The agent's first name as shoppers see it; `null` for the shopper's messages. */
  agentName: v.nullable(v.string()),
  /** Plain text: clients show it as text (never as HTML) and make http(s) links clickable. */
  text: v.string(),
  transaction: v.nullable(supportAttachedTransactionSchema),
  attachments: v.array(supportAttachmentSchema),
  /** ISO 8601. */
  createdAt: v.string(),
})
export type SupportMessage = v.InferOutput<typeof supportMessageSchema>

export const supportMessagePageSchema = v.object({
  /** Oldest first. */
  data: v.array(supportMessageSchema),
  /** Whether older messages than the first of `data` exist (ask with `before`). */
  hasOlder: v.boolean(),
})
export type SupportMessagePage = v.InferOutput<typeof supportMessagePageSchema>

/** A message needs text, a purchase or a picture. */
export const supportMessageRequestSchema = v.pipe(
  v.object({
    text: v.pipe(textSchema(), v.trim(), v.maxLength(maxSupportMessageLength)),
    transactionId: v.optional(v.nullable(recordIdSchema)),
    attachmentIds: v.optional(v.pipe(v.array(recordIdSchema), v.maxLength(maxSupportMessageAttachments)), []),
  }),
  v.check(
    (request) => request.text !== '' || (request.transactionId ?? null) !== null || request.attachmentIds.length > 0,
    'message_empty',
  ),
)
export type SupportMessageRequest = v.InferInput<typeof supportMessageRequestSchema>

export const supportReadRequestSchema = v.object({ sequence: supportSequenceSchema })
export type SupportReadRequest = v.InferOutput<typeof supportReadRequestSchema>

/** The shopper's view of their conversation. */
export const supportConversationSchema = v.object({
  /** `null` before the first message. */
  id: v.nullable(recordIdSchema),
  status: v.nullable(v.picklist(supportConversationStatuses)),
  /** The newest message's sequence; 0 without messages. */
  lastSequence: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Agents' messages the shopper has not read (the chat bubble's badge). */
  unreadCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The shopper's messages up to this sequence have been read by an agent ("read" under them). */
  agentReadSequence: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type SupportConversation = v.InferOutput<typeof supportConversationSchema>

/** One Server-Sent Event of a shopper's stream or the console's. */
export const supportStreamEventSchema = v.variant('type', [
  v.object({ type: v.literal('message'), conversationId: recordIdSchema, message: supportMessageSchema }),
  /** Someone read up to `sequence`: `reader` agent (the shopper's ticks) or shopper (unread drops). */
  v.object({
    type: v.literal('read'),
    conversationId: recordIdSchema,
    reader: v.picklist(supportAuthors),
    sequence: supportSequenceSchema,
  }),
  v.object({
    type: v.literal('status'),
    conversationId: recordIdSchema,
    status: v.picklist(supportConversationStatuses),
  }),
])
export type SupportStreamEvent = v.InferOutput<typeof supportStreamEventSchema>
