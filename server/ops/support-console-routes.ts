import { and, eq, gte, isNotNull, or } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute, resolver } from 'hono-openapi'
import * as v from 'valibot'
import { canActAs } from '#domain/ops/operator'
import {
  consoleSupportConversationDetailSchema,
  consoleSupportConversationListQuerySchema,
  consoleSupportConversationPageSchema,
  consoleSupportConversationParamSchema,
  consoleSupportConversationSchema,
  consoleSupportReplyRequestSchema,
  consoleSupportStatusRequestSchema,
  type ConsoleSupportConversation,
  type ConsoleSupportConversationDetail,
  type ConsoleSupportConversationPage,
} from '#domain/ops/support'
import {
  maxSupportMessageLength,
  supportMessageListQuerySchema,
  supportMessagePageSchema,
  supportMessageSchema,
  supportReadRequestSchema,
  supportStreamEventSchema,
  type SupportMessage,
  type SupportMessagePage,
} from '#domain/support/chat'
import type { Database } from '#server/db/database'
import { buyers, cashbackTransactions, proofs } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateRecordParam, validateRequest } from '#server/http/validation'
import { toConsoleBuyer } from '#server/ops/buyer-console-routes'
import { selectBuyerWithdrawals, selectConsoleBuyerProofs, selectConsoleTransactions } from '#server/ops/console-views'
import { respondToOperatorWrite } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'
import { findLiveOperator } from '#server/ops/operator-sessions'
import { isWaitingProof } from '#server/proofs/proof-queries'
import type { ProofStorage } from '#server/proofs/proof-storage'
import type { SupportLive } from '#server/support/support-live'
import {
  decodeQueueCursor,
  findAttachmentFile,
  findConversation,
  listConsoleConversationQueue,
  readConsoleConversation,
  readSupportMessagePage,
} from '#server/support/support-queries'
import { changeConversationStatus, markReadByAgent, writeAgentReply } from '#server/support/support-service'
import { pictureResponse } from '#server/proofs/uploaded-picture'
import { recordIdSchema } from '#domain/validation/record-id'

/** How far back a decided proof is shown beside a conversation (domain/ops/support.ts). */
const recentProofDays = 90

/** The conversation and the shopper's context (the same queries as the buyer's console page). */
async function readDetail(
  database: Database,
  conversationId: string,
  now: Date,
): Promise<ConsoleSupportConversationDetail> {
  const conversation = await readConsoleConversation(database, conversationId)
  if (conversation === undefined) throw new ApiError(404, 'record_not_found', 'No such conversation')
  const { buyerId } = conversation
  const recentProofCutoff = new Date(now.getTime() - recentProofDays * 24 * 60 * 60 * 1000)
  const [[buyer], recentTransactions, recentWithdrawals, recentProofs] = await Promise.all([
    database.select().from(buyers).where(eq(buyers.id, buyerId)),
    selectConsoleTransactions(database, { where: eq(cashbackTransactions.buyerId, buyerId), limit: 10 }),
    selectBuyerWithdrawals(database, { buyerId, limit: 5 }),
    selectConsoleBuyerProofs(database, {
      buyerId,
      where: or(isWaitingProof, and(isNotNull(proofs.reviewedAt), gte(proofs.reviewedAt, recentProofCutoff))),
      limit: 20,
    }),
  ])
  if (buyer === undefined) throw new ApiError(404, 'record_not_found', 'No such buyer')
  return { conversation, buyer: toConsoleBuyer(buyer), recentTransactions, recentWithdrawals, recentProofs }
}

async function requireConversation(database: Database, conversationId: string) {
  const conversation = await findConversation(database, conversationId)
  if (conversation === undefined) throw new ApiError(404, 'record_not_found', 'No such conversation')
  return conversation
}

const validateConversationParam = () =>
  validateRecordParam(consoleSupportConversationParamSchema, 'record_not_found', 'No such conversation')

const attachmentParamSchema = v.object({ attachmentId: recordIdSchema })

const notFound = errorResponseDescription('No such conversation (`record_not_found`)')

/**
 * The agents' side of the support chat (domain/ops/support.ts), roles support and admin: the
 * queue, a conversation beside the shopper's context, replies, read markers, closing and opening
 * (both audit-logged with the change), pictures and the live events.
 */
export function supportConsoleRoutes(options: {
  database: Database
  now: () => Date
  storage: ProofStorage
  live: SupportLive
}) {
  const { database, now, storage, live } = options
  return new Hono<AppEnvironment>()
    .get(
      '/support/conversations',
      describeRoute({
        summary: 'Console: the support queue',
        description:
          'Open conversations whose shopper waits for an answer first, the longest waiting first, then the ' +
          "answered ones; closed ones newest first. Page with `before` = the last page's `nextBefore`.",
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of conversations', consoleSupportConversationPageSchema),
          400: errorResponseDescription('A bad query or cursor (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRequest('query', consoleSupportConversationListQuerySchema),
      async (c) => {
        const { status, limit, before } = c.req.valid('query')
        const cursor = before === undefined ? undefined : decodeQueueCursor(status, before)
        if (before !== undefined && cursor === undefined) {
          throw new ApiError(
            400,
            'invalid_request',
            'before: not a cursor of this list (use the nextBefore of its last page)',
          )
        }
        const page = await listConsoleConversationQueue(database, { status, limit, cursor })
        return c.json(page satisfies ConsoleSupportConversationPage)
      },
    )
    .get(
      '/support/conversations/:conversationId',
      describeRoute({
        summary: 'Console: a support conversation and its shopper',
        description:
          "The conversation with the shopper's rating and status, their newest 10 purchases, newest 5 withdrawals " +
          '(accounts masked) and the proofs waiting or decided in the last 90 days.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The conversation and the shopper', consoleSupportConversationDetailSchema),
          404: notFound,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversationParam(),
      async (c) =>
        c.json(
          (await readDetail(
            database,
            c.req.valid('param').conversationId,
            now(),
          )) satisfies ConsoleSupportConversationDetail,
        ),
    )
    .get(
      '/support/conversations/:conversationId/messages',
      describeRoute({
        summary: 'Console: messages of a support conversation',
        description: 'Paged as the shopper pages them: oldest first, `before`, `after`, `limit`, `hasOlder`.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('A page of messages', supportMessagePageSchema),
          400: errorResponseDescription('A bad cursor or limit (`invalid_request`)'),
          404: notFound,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversationParam(),
      validateRequest('query', supportMessageListQuerySchema),
      async (c) => {
        const conversation = await requireConversation(database, c.req.valid('param').conversationId)
        const page = await readSupportMessagePage(database, conversation, c.req.valid('query'), { kind: 'console' })
        return c.json(page satisfies SupportMessagePage)
      },
    )
    .post(
      '/support/conversations/:conversationId/messages',
      describeRoute({
        summary: 'Console: answer a shopper',
        description:
          `Plain text, at most ${maxSupportMessageLength} characters; the shopper sees the first word of the ` +
          "agent's name. Marks the shopper's messages before it read. Audit-logged (`support_conversation.replied`).",
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The answer as stored', supportMessageSchema),
          400: errorResponseDescription(
            'Empty or too long (`invalid_request`), or no key (`idempotency_key_required`)',
          ),
          404: notFound,
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversationParam(),
      validateRequest('json', consoleSupportReplyRequestSchema),
      async (c) => {
        const { conversationId } = c.req.valid('param')
        const body = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body,
          write: async (tx, action) => {
            const message = await writeAgentReply(tx, {
              conversationId,
              operatorId: action.operator.id,
              text: body.text,
              now: action.now,
            })
            return { status: 201, body: message satisfies SupportMessage }
          },
        })
      },
    )
    .post(
      '/support/conversations/:conversationId/read',
      describeRoute({
        summary: "Console: an agent has read the shopper's messages up to a sequence",
        description: 'The marker only moves forward, never past the newest message.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The conversation after it', consoleSupportConversationSchema),
          400: errorResponseDescription('Not a sequence (`invalid_request`)'),
          404: notFound,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversationParam(),
      validateRequest('json', supportReadRequestSchema),
      async (c) => {
        const { conversationId } = c.req.valid('param')
        await markReadByAgent(database, { conversationId, sequence: c.req.valid('json').sequence, now: now() })
        const conversation = await readConsoleConversation(database, conversationId)
        if (conversation === undefined) throw new ApiError(404, 'record_not_found', 'No such conversation')
        return c.json(conversation satisfies ConsoleSupportConversation)
      },
    )
    .post(
      '/support/conversations/:conversationId/status',
      describeRoute({
        summary: 'Console: close or reopen a support conversation',
        description:
          "Closed when answered; the shopper's next message opens it again by itself. Audit-logged " +
          '(`support_conversation.closed`, `support_conversation.reopened`).',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The conversation after the change', consoleSupportConversationSchema),
          400: errorResponseDescription('A bad status, or no key (`invalid_request`, `idempotency_key_required`)'),
          404: notFound,
          409: errorResponseDescription('It already has this status (`operator_conflict`)'),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateConversationParam(),
      validateRequest('json', consoleSupportStatusRequestSchema),
      async (c) => {
        const { conversationId } = c.req.valid('param')
        const body = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body,
          write: async (tx, action) => {
            await changeConversationStatus(tx, {
              conversationId,
              status: body.status,
              operatorId: action.operator.id,
              now: action.now,
            })
            const changed = await readConsoleConversation(tx, conversationId)
            if (changed === undefined) throw new Error('the conversation is gone after its status change')
            return { status: 200, body: changed satisfies ConsoleSupportConversation }
          },
        })
      },
    )
    .get(
      '/support/attachments/:attachmentId/image',
      describeRoute({
        summary: 'Console: a picture a shopper sent in the chat',
        description: 'The stored JPEG of a sent message; kept by no cache (`private, no-store`).',
        tags: ['Console'],
        responses: {
          200: { description: 'The picture' },
          404: errorResponseDescription('No such picture in any message (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRecordParam(attachmentParamSchema, 'record_not_found', 'No such picture'),
      async (c) => {
        const attachment = await findAttachmentFile(database, c.req.valid('param').attachmentId, { kind: 'console' })
        const bytes = attachment === undefined ? undefined : await storage.get(attachment.storageKey)
        if (attachment === undefined || bytes === undefined)
          throw new ApiError(404, 'record_not_found', 'No such picture')
        return pictureResponse(c, { bytes, contentType: attachment.contentType }, 'operator')
      },
    )
    .get(
      '/support/events',
      describeRoute({
        summary: 'Console: live events of every support conversation (Server-Sent Events)',
        description:
          'Messages, read markers and status changes of any conversation from the moment of connecting, from any ' +
          'server process. The events carry no `id`: after a reconnect the console reloads the queue and the open ' +
          "conversation (`after=`). The stream ends when the operator's session does (idle or signed out).",
        tags: ['Console'],
        responses: {
          200: {
            description:
              "`text/event-stream`: each event's `data` is one JSON `SupportStreamEvent`; a comment line every 25 s",
            content: { 'text/event-stream': { schema: resolver(supportStreamEventSchema) } },
          },
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      (c) => {
        const token = c.get('operatorSessionToken')
        return live.streamToConsole(c, {
          isSessionLive: async () => {
            if (token === undefined) return false
            const operator = await findLiveOperator(database, token, now())
            return operator !== undefined && canActAs(operator.role, supportRoles)
          },
        })
      },
    )
}
