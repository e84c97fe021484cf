import * as v from 'valibot'
import { withdrawalSchema } from '../contracts/withdrawal.ts'
import {
  maxSupportMessageLength,
  supportConversationStatuses,
  supportAuthors,
  supportLimitQuerySchema,
  supportSequenceSchema,
} from '../support/chat.ts'
import { textSchema } from '../validation/text.ts'
import { consoleBuyerProofSchema, consoleBuyerSchema } from './buyers.ts'
import { consoleTimestampSchema } from './console-records.ts'
import { consoleTransactionSchema } from './transactions.ts'
import { recordIdSchema } from '../validation/record-id.ts'

/**
 * The agents' side of the support chat (issue 15; the paths and the shopper's side are in
 * domain/support/chat.ts), roles support and admin.
 */

export const consoleSupportConversationSchema = v.object({
  id: recordIdSchema,
  buyerId: recordIdSchema,
  /** The shopper's name, else email, else phone: what the queue shows. */
  buyerLabel: v.string(),
  buyerSuspended: v.boolean(),
  status: v.picklist(supportConversationStatuses),
  lastSequence: supportSequenceSchema,
  /** The start of the newest message, for the queue. */
  lastMessagePreview: v.string(),
  lastMessageAuthor: v.picklist(supportAuthors),
  lastMessageAt: consoleTimestampSchema,
  /** The shopper's messages no agent has read. */
  unreadByAgentCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The agents' messages up to this sequence have been read by the shopper. */
  shopperReadSequence: v.pipe(v.number(), v.integer(), v.minValue(0)),
  createdAt: consoleTimestampSchema,
})
export type ConsoleSupportConversation = v.InferOutput<typeof consoleSupportConversationSchema>

export const consoleSupportConversationListQuerySchema = v.object({
  status: v.optional(v.picklist(supportConversationStatuses), 'open'),
  /** A cursor: `nextBefore` of the previous page. */
  before: v.optional(v.pipe(textSchema(), v.maxLength(100))),
  limit: supportLimitQuerySchema,
})
export type ConsoleSupportConversationListQuery = v.InferOutput<typeof consoleSupportConversationListQuerySchema>

export const consoleSupportConversationPageSchema = v.object({
  data: v.array(consoleSupportConversationSchema),
  nextBefore: v.nullable(v.string()),
})
export type ConsoleSupportConversationPage = v.InferOutput<typeof consoleSupportConversationPageSchema>

export const consoleSupportConversationParamSchema = v.object({ conversationId: recordIdSchema })

export const consoleSupportReplyRequestSchema = v.object({
  text: v.pipe(textSchema(), v.trim(), v.minLength(1), v.maxLength(maxSupportMessageLength)),
})
export type ConsoleSupportReplyRequest = v.InferOutput<typeof consoleSupportReplyRequestSchema>

export const consoleSupportStatusRequestSchema = v.object({ status: v.picklist(supportConversationStatuses) })
export type ConsoleSupportStatusRequest = v.InferOutput<typeof consoleSupportStatusRequestSchema>

/** The conversation with what an agent needs beside it to answer. */
export const consoleSupportConversationDetailSchema = v.object({
  conversation: consoleSupportConversationSchema,
  buyer: consoleBuyerSchema,
  /** The newest 10, newest first. */
  recentTransactions: v.array(consoleTransactionSchema),
  /** The newest 5, newest first; accounts masked as the shopper sees them. */
  recentWithdrawals: v.array(withdrawalSchema),
  /** Proofs waiting for review or decided in the last 90 days, newest first. */
  recentProofs: v.array(consoleBuyerProofSchema),
})
export type ConsoleSupportConversationDetail = v.InferOutput<typeof consoleSupportConversationDetailSchema>
