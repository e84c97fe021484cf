import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import { maxProofImageBytes, maxProofImageDimension, maxProofImagePixels } from '#domain/contracts/proof'
import {
  maxSupportMessageAttachments,
  maxSupportMessageLength,
  supportAttachmentContentTypes,
  supportAttachmentSchema,
  supportConversationSchema,
  supportMessageListQuerySchema,
  supportMessagePageSchema,
  supportMessageRateLimit,
  supportPictureDailyLimit,
  supportMessageRequestSchema,
  supportMessageSchema,
  supportPurchaseListQuerySchema,
  supportPurchasePageSchema,
  supportReadRequestSchema,
  supportStreamEventSchema,
  type SupportAttachment,
  type SupportConversation,
  type SupportMessage,
  type SupportMessagePage,
  type SupportPurchasePage,
  decodeSupportPurchaseCursor,
} from '#domain/support/chat'
import { requireOwnBuyerEvenSuspended, signedInBuyer } from '#server/auth/session-middleware'
import { isLiveSession } from '#server/auth/sessions'
import type { Database } from '#server/db/database'
import { ApiError, errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { hasStoredResult, readIdempotencyKey, respondIdempotently } from '#server/http/idempotency'
import {
  commonErrorResponses,
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { createRateLimitCounters } from '#server/http/rate-limit-store'
import { validateRequest } from '#server/http/validation'
import { sha256Hex } from '#server/proofs/aws-signature'
import type { ProofStorage } from '#server/proofs/proof-storage'
import type { SupportLive } from '#server/support/support-live'
import {
  findConversationByBuyer,
  findAttachmentFile,
  readShopperConversation,
  readSupportMessagePage,
  readSupportPurchasePage,
} from '#server/support/support-queries'
import { markReadByShopper, storeSupportAttachment, writeShopperMessage } from '#server/support/support-service'
import { pictureResponse, readUploadedPicture } from '#server/proofs/uploaded-picture'
import { recordIdSchema } from '#domain/validation/record-id'

/** The picture upload is, with proofs, the one API request above the app's 64 KiB body limit (server/app.ts). */
export function isSupportAttachmentUploadRequest(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/support\/[^/]+\/attachments\/?$/.test(path)
}

export type SupportRateLimit = { messages: number; windowSeconds: number }

/** Signed in, own id only; suspended shoppers too (they are sent here). */
const supportErrorResponses = {
  401: errorResponseDescription('Not signed in (`unauthenticated`)'),
  403: errorResponseDescription("Another buyer's id (`forbidden`), or another origin (`forbidden_origin`)"),
  ...commonErrorResponses,
}

const attachmentParamSchema = v.object({
  buyerId: v.string(),
  attachmentId: v.pipe(recordIdSchema, v.description('The picture `id` (24 hex characters)')),
})

/** A numeric `Last-Event-ID`: the sequence of the last message the client's EventSource received. */
const lastEventIdSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number))

const streamQuerySchema = v.pick(supportMessageListQuerySchema, ['after'])

const eventStreamResponse = {
  description:
    "`text/event-stream`: each event's `data` is one JSON `SupportStreamEvent`; message events carry `id: <sequence>`; " +
    'a comment line every 25 s',
  content: { 'text/event-stream': { schema: resolver(supportStreamEventSchema) } },
}

/**
 * The shopper's side of the support chat (domain/support/chat.ts): their conversation, its
 * messages, pictures, read marker and live events. Every path is the signed-in shopper's own
 * (suspended ones too).
 */
export function supportRoutes(options: {
  database: Database
  storage: ProofStorage
  now: () => Date
  live: SupportLive
  messageRateLimit?: SupportRateLimit
  pictureDailyLimit?: SupportRateLimit
}) {
  const { database, storage, now, live } = options
  const rateLimit = options.messageRateLimit ?? supportMessageRateLimit
  const pictureDailyLimit = options.pictureDailyLimit ?? supportPictureDailyLimit
  const counters = createRateLimitCounters(database, now)

  /**
   * Counts a new write of the buyer's against `supportMessageRateLimit` (and a picture against
   * `supportPictureDailyLimit` too) in the database all
   * processes share; over it, 429 `too_many_messages`. A replay of a key that already has its
   * answer is not counted: it writes nothing, and the outbox that resends it must get that answer.
   */
  async function countWrite(c: Context<AppEnvironment>, buyerId: string, kind: 'messages' | 'attachments') {
    if (await hasStoredResult(database, buyerId, readIdempotencyKey(c))) return
    const limits = [
      { name: `support-${kind}:${buyerId}`, limit: rateLimit },
      ...(kind === 'attachments' ? [{ name: `support-attachments-day:${buyerId}`, limit: pictureDailyLimit }] : []),
    ]
    for (const { name, limit } of limits) {
      const hit = await counters.hit(name, limit.windowSeconds * 1000)
      if (hit.totalHits <= limit.messages) continue
      const retryAfterSeconds = Math.max(1, Math.ceil((hit.resetTime.getTime() - now().getTime()) / 1000))
      c.header('Retry-After', String(retryAfterSeconds))
      throw new ApiError(
        429,
        'too_many_messages',
        `More than ${limit.messages} ${kind} in ${limit.windowSeconds} seconds; try again in ${retryAfterSeconds} seconds`,
        { retryAfterSeconds },
      )
    }
  }

  return new Hono<AppEnvironment>()
    .get(
      '/support/:buyerId/conversation',
      describeRoute({
        summary: "The shopper's support conversation",
        description:
          'Its status, newest sequence, unread agent messages (the chat bubble) and how far an agent has read; ' +
          '`id` and `status` are `null` before the first message.',
        tags: ['Support'],
        responses: { 200: jsonResponse('The conversation', supportConversationSchema), ...supportErrorResponses },
      }),
      requireOwnBuyerEvenSuspended(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        return c.json((await readShopperConversation(database, buyer.id)) satisfies SupportConversation)
      },
    )
    .get(
      '/support/:buyerId/messages',
      describeRoute({
        summary: 'Messages of the support conversation',
        description:
          'Oldest first. Without a cursor the latest `limit`; `before=N` the `limit` before sequence N (older ' +
          'pages); `after=N` the `limit` after N (catching up). `hasOlder` says whether messages older than the ' +
          'first exist.',
        tags: ['Support'],
        responses: {
          200: jsonResponse('A page of messages', supportMessagePageSchema),
          400: errorResponseDescription('A bad cursor or limit (`invalid_request`)'),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      validateRequest('query', supportMessageListQuerySchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const conversation = await findConversationByBuyer(database, buyer.id)
        const page = await readSupportMessagePage(database, conversation, c.req.valid('query'), {
          kind: 'shopper',
          buyerId: buyer.id,
        })
        return c.json(page satisfies SupportMessagePage)
      },
    )
    .get(
      '/support/:buyerId/purchases',
      describeRoute({
        summary: "The shopper's purchases, to attach one to a message",
        description:
          'Newest order first, read-only, for suspended shoppers too (the cashback lists refuse them, yet their ' +
          'question is usually about a purchase). `nextBefore` is the cursor of the next page, `null` on the last.',
        tags: ['Support'],
        responses: {
          200: jsonResponse('A page of purchases', supportPurchasePageSchema),
          400: errorResponseDescription('A bad cursor or limit (`invalid_request`)'),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      validateRequest('query', supportPurchaseListQuerySchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const query = c.req.valid('query')
        const before = query.before === undefined ? undefined : decodeSupportPurchaseCursor(query.before)
        if (query.before !== undefined && before === undefined) {
          throw new ApiError(
            400,
            'invalid_request',
            'before: not a cursor of this list (use the nextBefore of its last page)',
          )
        }
        const page = await readSupportPurchasePage(database, buyer.id, { before, limit: query.limit })
        return c.json(page satisfies SupportPurchasePage)
      },
    )
    .post(
      '/support/:buyerId/messages',
      describeRoute({
        summary: 'Write to support',
        description:
          `Text (trimmed, at most ${maxSupportMessageLength} characters, stored and shown as plain text), a ` +
          `purchase of the shopper's, and up to ${maxSupportMessageAttachments} pictures uploaded first. The first ` +
          'message makes the conversation; a message to a closed one opens it again. A replay of the key answers ' +
          `the first result. At most ${supportMessageRateLimit.messages} messages in ` +
          `${supportMessageRateLimit.windowSeconds} seconds.`,
        tags: ['Support'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The message as stored, with its sequence', supportMessageSchema),
          400: errorResponseDescription(
            "An empty or too long message (`invalid_request`), a picture that is not the shopper's or is already in " +
              'a message (`attachment_not_found`), or no key (`idempotency_key_required`)',
          ),
          404: errorResponseDescription("The purchase is not the shopper's (`transaction_not_found`)"),
          422: idempotencyKeyReusedResponse,
          429: errorResponseDescription(
            'Too many messages (`too_many_messages`); `Retry-After` and `details.retryAfterSeconds` say when',
          ),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      validateRequest('json', supportMessageRequestSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const body = c.req.valid('json')
        await countWrite(c, buyer.id, 'messages')
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body,
          write: async (tx) => ({
            status: 201,
            body: (await writeShopperMessage(tx, {
              buyerId: buyer.id,
              text: body.text,
              transactionId: body.transactionId ?? null,
              attachmentIds: body.attachmentIds,
              now: time,
            })) satisfies SupportMessage,
          }),
        })
      },
    )
    .post(
      '/support/:buyerId/attachments',
      describeRoute({
        summary: 'Upload a picture for a support message',
        description:
          `The body is the picture (${supportAttachmentContentTypes.join(', ')}; at most ${maxProofImageBytes} ` +
          `bytes, ${maxProofImageDimension} px a side and ${maxProofImagePixels} pixels), checked and stored ` +
          'exactly like a proof picture (decoded and re-encoded as JPEG without its metadata; the answer describes ' +
          'the stored picture). It belongs to no message until one names it, once. A replay of the key answers ' +
          'the first result; uploads count against the message rate limit of their own.',
        tags: ['Support'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The stored picture', supportAttachmentSchema),
          400: errorResponseDescription('A missing or malformed key (`idempotency_key_required`)'),
          413: errorResponseDescription(
            `Larger than ${maxProofImageBytes} bytes (\`proof_too_large\`) or ${maxProofImagePixels} pixels ` +
              '(`proof_too_many_pixels`)',
          ),
          415: errorResponseDescription(
            'Not a whole picture of the declared type, or too large a side (`proof_not_image`)',
          ),
          422: idempotencyKeyReusedResponse,
          429: errorResponseDescription(
            'Too many uploads (`too_many_messages`); `Retry-After` and `details.retryAfterSeconds` say when',
          ),
          ...supportErrorResponses,
          503: errorResponseDescription(
            'Maintenance mode is on (`maintenance`), or too many pictures wait to be checked (`unavailable`); see ' +
              '`Retry-After`',
          ),
        },
      }),
      requireOwnBuyerEvenSuspended(),
      bodyLimit({
        maxSize: maxProofImageBytes,
        onError: (c) => errorResponse(c, 413, 'proof_too_large', `A picture is limited to ${maxProofImageBytes} bytes`),
      }),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const { sent, stored } = await readUploadedPicture(c, buyer.id, {
          beforeDecoding: () => countWrite(c, buyer.id, 'attachments'),
        })
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          body: { contentType: sent.contentType, sha256: sha256Hex(sent.bytes) },
          write: async (tx) => ({
            status: 201,
            body: (await storeSupportAttachment(tx, storage, {
              buyerId: buyer.id,
              bytes: stored.bytes,
              contentType: stored.contentType,
              width: stored.width,
              height: stored.height,
              sha256: sha256Hex(stored.bytes),
              now: time,
            })) satisfies SupportAttachment,
          }),
        })
      },
    )
    .get(
      '/support/:buyerId/attachments/:attachmentId/image',
      describeRoute({
        summary: 'A support picture',
        description: 'The stored JPEG; only for the shopper who uploaded it (agents read it under /api/ops).',
        tags: ['Support'],
        responses: {
          200: { description: 'The picture, with its content type' },
          404: errorResponseDescription('No such picture of this shopper (`attachment_not_found`)'),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const parsed = v.safeParse(attachmentParamSchema, c.req.param())
        const attachment = parsed.success
          ? await findAttachmentFile(database, parsed.output.attachmentId, { kind: 'shopper', buyerId: buyer.id })
          : undefined
        const bytes = attachment === undefined ? undefined : await storage.get(attachment.storageKey)
        if (attachment === undefined || bytes === undefined) {
          throw new ApiError(404, 'attachment_not_found', 'No such picture')
        }
        return pictureResponse(c, { bytes, contentType: attachment.contentType }, 'owner')
      },
    )
    .post(
      '/support/:buyerId/read',
      describeRoute({
        summary: "The shopper has read the agents' messages up to a sequence",
        description:
          'The unread count drops and agents see the answer read. The marker only moves forward, never past the ' +
          'newest message; before the first message there is nothing to mark.',
        tags: ['Support'],
        responses: {
          200: jsonResponse('The conversation after it', supportConversationSchema),
          400: errorResponseDescription('Not a sequence (`invalid_request`)'),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      validateRequest('json', supportReadRequestSchema),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        await markReadByShopper(database, { buyerId: buyer.id, sequence: c.req.valid('json').sequence, now: now() })
        return c.json((await readShopperConversation(database, buyer.id)) satisfies SupportConversation)
      },
    )
    .get(
      '/support/:buyerId/events',
      describeRoute({
        summary: 'Live events of the support conversation (Server-Sent Events)',
        description:
          'First every message after `Last-Event-ID` (what EventSource sends when it reconnects) or `after`, then ' +
          'new messages, read markers and status changes as they happen in any server process. Without either, ' +
          'only what happens from now on. The stream ends when the session does.',
        tags: ['Support'],
        parameters: [
          {
            in: 'header',
            name: 'Last-Event-ID',
            required: false,
            description: 'The sequence of the last message received; takes precedence over `after`.',
            schema: { type: 'string', pattern: '^\\d{1,9}$' },
          },
        ],
        responses: {
          200: eventStreamResponse,
          400: errorResponseDescription('A bad `after` (`invalid_request`)'),
          ...supportErrorResponses,
        },
      }),
      requireOwnBuyerEvenSuspended(),
      validateRequest('query', streamQuerySchema),
      (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const token = c.get('sessionToken')
        const lastEventId = v.safeParse(lastEventIdSchema, c.req.header('Last-Event-ID') ?? '')
        return live.streamToShopper(c, {
          buyerId: buyer.id,
          afterSequence: lastEventId.success ? lastEventId.output : c.req.valid('query').after,
          isSessionLive: async () => token !== undefined && (await isLiveSession(database, token, now())),
        })
      },
    )
}
