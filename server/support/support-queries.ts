import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, min, or, sql, type SQL } from 'drizzle-orm'
import type { ConsoleSupportConversation, ConsoleSupportConversationPage } from '#domain/ops/support'
import {
  encodeSupportPurchaseCursor,
  type SupportAttachedTransaction,
  type SupportAttachment,
  type SupportConversation,
  type SupportMessage,
  type SupportMessageListQuery,
  type SupportMessagePage,
  type SupportPurchaseCursor,
  type SupportPurchasePage,
} from '#domain/support/chat'
import { merchantLogoUrl } from '#server/catalogue/catalogue-urls'
import type { Database } from '#server/db/database'
import {
  buyers,
  cashbackTransactions,
  merchants,
  operators,
  supportAttachments,
  supportConversations,
  supportMessages,
} from '#server/db/schema'

/**
 * Reads of the support chat and their wire forms (domain/support/chat.ts, domain/ops/support.ts).
 * A message is shown the same way to both sides but for its pictures' addresses: the shopper's
 * under their own path, the console's under /api/ops.
 */

export type ConversationRecord = typeof supportConversations.$inferSelect
export type AttachmentRecord = typeof supportAttachments.$inferSelect

/** Who reads: the pictures' addresses differ (each side's own guarded path). */
export type SupportReader = { kind: 'shopper'; buyerId: string } | { kind: 'console' }

export function supportAttachmentImagePath(reader: SupportReader, attachmentId: string): string {
  return reader.kind === 'shopper'
    ? `/api/support/${reader.buyerId}/attachments/${attachmentId}/image`
    : `/api/ops/support/attachments/${attachmentId}/image`
}

export function toSupportAttachment(record: AttachmentRecord, reader: SupportReader): SupportAttachment {
  return {
    id: record.id,
    width: record.width,
    height: record.height,
    byteSize: record.byteSize,
    imageUrl: supportAttachmentImagePath(reader, record.id),
  }
}

/** What shoppers see of an agent: the first word of the operator's name ("Ploy" of "Ploy Srisuk"). */
export function agentNameOf(operatorName: string): string {
  return operatorName.trim().split(/\s+/u)[0] ?? operatorName
}

export async function findConversationByBuyer(
  database: Database,
  buyerId: string,
): Promise<ConversationRecord | undefined> {
  const [record] = await database.select().from(supportConversations).where(eq(supportConversations.buyerId, buyerId))
  return record
}

export async function findConversation(
  database: Database,
  conversationId: string,
): Promise<ConversationRecord | undefined> {
  const [record] = await database.select().from(supportConversations).where(eq(supportConversations.id, conversationId))
  return record
}

/** What is read of a purchase to show it in the chat (`SupportAttachedTransaction`), with its merchant joined. */
const attachedTransactionColumns = {
  transaction: {
    id: cashbackTransactions.id,
    merchantId: cashbackTransactions.merchantId,
    orderId: cashbackTransactions.orderId,
    orderDate: cashbackTransactions.orderDate,
    status: cashbackTransactions.status,
    cashbackAmount: cashbackTransactions.cashbackAmount,
  },
  merchant: { nameTh: merchants.nameTh, nameEn: merchants.nameEn },
}

type AttachedTransactionRow = {
  transaction: {
    id: string
    merchantId: string
    orderId: string
    orderDate: Date
    status: SupportAttachedTransaction['status']
    cashbackAmount: number
  }
  merchant: { nameTh: string; nameEn: string }
}

function toAttachedTransaction({ transaction, merchant }: AttachedTransactionRow): SupportAttachedTransaction {
  return {
    id: transaction.id,
    merchantNameTh: merchant.nameTh,
    merchantNameEn: merchant.nameEn,
    orderId: transaction.orderId,
    orderDate: transaction.orderDate.toISOString(),
    status: transaction.status,
    cashbackAmount: transaction.cashbackAmount,
  }
}

/**
 * The buyer's purchases as the chat's picker lists them (`SupportPurchasePage`): newest order
 * first, the id breaking ties, `limit` after the cursor. Whatever the buyer's status: it is read
 * only, and a suspended shopper's question is usually about a purchase.
 */
export async function readSupportPurchasePage(
  database: Database,
  buyerId: string,
  query: { before?: SupportPurchaseCursor; limit: number },
): Promise<SupportPurchasePage> {
  const { before } = query
  const rows = await database
    .select(attachedTransactionColumns)
    .from(cashbackTransactions)
    .innerJoin(merchants, eq(merchants.id, cashbackTransactions.merchantId))
    .where(
      and(
        eq(cashbackTransactions.buyerId, buyerId),
        before === undefined
          ? undefined
          : sql`(${cashbackTransactions.orderDate}, ${cashbackTransactions.id}) < (${before.orderDate.toISOString()}::timestamptz, ${before.id})`,
      ),
    )
    .orderBy(desc(cashbackTransactions.orderDate), desc(cashbackTransactions.id))
    .limit(query.limit)
  const last = rows.at(-1)
  return {
    data: rows.map((row) => ({
      ...toAttachedTransaction(row),
      merchantLogoUrl: merchantLogoUrl(row.transaction.merchantId),
    })),
    nextBefore:
      rows.length === query.limit && last !== undefined
        ? encodeSupportPurchaseCursor({ orderDate: last.transaction.orderDate, id: last.transaction.id })
        : null,
  }
}

/**
 * Messages of one conversation with their purchase, pictures and agent names: `order` oldest or
 * newest first, at most `limit`, in the sequence range given (both ends excluded).
 */
export async function selectSupportMessages(
  database: Database,
  options: {
    conversationId: string
    afterSequence?: number
    beforeSequence?: number
    order: 'oldest' | 'newest'
    limit: number
    reader: SupportReader
  },
): Promise<SupportMessage[]> {
  const rows = await database
    .select({
      message: supportMessages,
      operatorName: operators.name,
      ...attachedTransactionColumns,
    })
    .from(supportMessages)
    .leftJoin(operators, eq(operators.id, supportMessages.operatorId))
    .leftJoin(cashbackTransactions, eq(cashbackTransactions.id, supportMessages.transactionId))
    .leftJoin(merchants, eq(merchants.id, cashbackTransactions.merchantId))
    .where(
      and(
        eq(supportMessages.conversationId, options.conversationId),
        options.afterSequence === undefined ? undefined : gt(supportMessages.sequence, options.afterSequence),
        options.beforeSequence === undefined ? undefined : lt(supportMessages.sequence, options.beforeSequence),
      ),
    )
    .orderBy(options.order === 'oldest' ? asc(supportMessages.sequence) : desc(supportMessages.sequence))
    .limit(options.limit)
  if (rows.length === 0) return []
  const attachments = await database
    .select()
    .from(supportAttachments)
    .where(
      inArray(
        supportAttachments.messageId,
        rows.map((row) => row.message.id),
      ),
    )
    .orderBy(asc(supportAttachments.position))
  return rows.map(({ message, operatorName, transaction, merchant }) => ({
    id: message.id,
    sequence: message.sequence,
    author: message.author,
    agentName: message.author === 'agent' && operatorName !== null ? agentNameOf(operatorName) : null,
    text: message.text,
    transaction: transaction === null || merchant === null ? null : toAttachedTransaction({ transaction, merchant }),
    attachments: attachments
      .filter((attachment) => attachment.messageId === message.id)
      .map((attachment) => toSupportAttachment(attachment, options.reader)),
    createdAt: message.createdAt.toISOString(),
  }))
}

/**
 * A page of messages, oldest first (domain/support/chat.ts): the latest `limit`, the `limit`
 * before `before`, or the `limit` after `after` (with both, the first `limit` between them).
 * Sequences run 1, 2, 3 … without gaps, so older messages exist exactly when the first shown is
 * not number 1.
 */
export async function readSupportMessagePage(
  database: Database,
  conversation: ConversationRecord | undefined,
  query: SupportMessageListQuery,
  reader: SupportReader,
): Promise<SupportMessagePage> {
  if (conversation === undefined) return { data: [], hasOlder: false }
  const isCatchingUp = query.after !== undefined
  const found = await selectSupportMessages(database, {
    conversationId: conversation.id,
    afterSequence: query.after,
    beforeSequence: query.before,
    order: isCatchingUp ? 'oldest' : 'newest',
    limit: query.limit,
    reader,
  })
  const data = isCatchingUp ? found : found.reverse()
  const first = data[0]
  if (first !== undefined) return { data, hasOlder: first.sequence > 1 }
  // Nothing in the range: older ones exist when the range starts after some message.
  const lastOlder = Math.min(query.after ?? 0, conversation.lastSequence)
  return { data, hasOlder: isCatchingUp && lastOlder >= 1 }
}

/**
 * The conversation's messages of `author` after the read marker `column`. The outer row is named
 * in full: in a query of one table drizzle leaves column names unqualified, and inside this
 * subquery `id` would then be the message's.
 */
function countUnread(author: 'agent' | 'shopper', readMarker: 'shopper_read_sequence' | 'agent_read_sequence') {
  const conversation = (column: string) => sql.raw(`"support_conversations"."${column}"`)
  return sql<number>`(
    select count(*) from ${supportMessages} as "unread"
    where "unread"."conversation_id" = ${conversation('id')}
      and "unread"."author" = ${author}
      and "unread"."sequence" > ${conversation(readMarker)}
  )`.mapWith(Number)
}

/** The agents' messages after the shopper's read marker. */
const unreadByShopper = countUnread('agent', 'shopper_read_sequence')

/** The shopper's messages after the agents' read marker. */
const unreadByAgents = countUnread('shopper', 'agent_read_sequence')

const emptyShopperConversation: SupportConversation = {
  id: null,
  status: null,
  lastSequence: 0,
  unreadCount: 0,
  agentReadSequence: 0,
}

/** The shopper's view of their conversation; the empty one before their first message. */
export async function readShopperConversation(database: Database, buyerId: string): Promise<SupportConversation> {
  const [row] = await database
    .select({ conversation: supportConversations, unreadCount: unreadByShopper })
    .from(supportConversations)
    .where(eq(supportConversations.buyerId, buyerId))
  if (row === undefined) return emptyShopperConversation
  return {
    id: row.conversation.id,
    status: row.conversation.status,
    lastSequence: row.conversation.lastSequence,
    unreadCount: row.unreadCount,
    agentReadSequence: row.conversation.agentReadSequence,
  }
}

/** The start of a message as the queue shows it, in characters as a reader counts them. */
const previewLength = 140

/** Whole characters: a Thai vowel or tone mark is never cut from its consonant. */
const characters = new Intl.Segmenter('th', { granularity: 'grapheme' })

function previewOf(text: string): string {
  let preview = ''
  let taken = 0
  for (const { segment } of characters.segment(text)) {
    if (taken === previewLength) break
    preview += segment
    taken += 1
  }
  return preview
}

/** The shopper's name, else email, else phone. */
const buyerLabel = sql<string>`coalesce(
  nullif(trim(concat_ws(' ', ${buyers.firstName}, ${buyers.lastName})), ''),
  ${buyers.email},
  ${buyers.phone},
  ${buyers.id}
)`

/**
 * Conversations as the console lists them, with their shopper, newest message and unread count,
 * in the order and number asked.
 */
async function selectConsoleConversations(
  database: Database,
  options: { where?: SQL; orderBy: SQL[]; limit: number },
): Promise<ConsoleSupportConversation[]> {
  const rows = await database
    .select({
      conversation: supportConversations,
      buyerLabel,
      buyerStatus: buyers.status,
      lastMessageText: supportMessages.text,
      lastMessageAuthor: supportMessages.author,
      lastMessageCreatedAt: supportMessages.createdAt,
      unreadByAgentCount: unreadByAgents,
    })
    .from(supportConversations)
    .innerJoin(buyers, eq(buyers.id, supportConversations.buyerId))
    .innerJoin(
      supportMessages,
      and(
        eq(supportMessages.conversationId, supportConversations.id),
        eq(supportMessages.sequence, supportConversations.lastSequence),
      ),
    )
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.limit)
  return rows.map((row) => ({
    id: row.conversation.id,
    buyerId: row.conversation.buyerId,
    buyerLabel: row.buyerLabel,
    buyerSuspended: row.buyerStatus === 'suspended',
    status: row.conversation.status,
    lastSequence: row.conversation.lastSequence,
    lastMessagePreview: previewOf(row.lastMessageText),
    lastMessageAuthor: row.lastMessageAuthor,
    lastMessageAt: row.lastMessageCreatedAt.toISOString(),
    unreadByAgentCount: row.unreadByAgentCount,
    shopperReadSequence: row.conversation.shopperReadSequence,
    createdAt: row.conversation.createdAt.toISOString(),
  }))
}

export async function readConsoleConversation(
  database: Database,
  conversationId: string,
): Promise<ConsoleSupportConversation | undefined> {
  const [conversation] = await selectConsoleConversations(database, {
    where: eq(supportConversations.id, conversationId),
    orderBy: [],
    limit: 1,
  })
  return conversation
}

/** Conversations written since `since` (a message, a read marker, a status): what a stream re-reads after a gap. */
export async function listConversationsChangedSince(database: Database, since: Date): Promise<ConversationRecord[]> {
  return database
    .select()
    .from(supportConversations)
    .where(sql`${supportConversations.updatedAt} >= ${since.toISOString()}::timestamptz`)
    .orderBy(asc(supportConversations.updatedAt), asc(supportConversations.id))
}

/** The first message of a conversation written at or after `since`, if any. */
export async function findFirstSequenceSince(
  database: Database,
  conversationId: string,
  since: Date,
): Promise<number | undefined> {
  const [row] = await database
    .select({ sequence: min(supportMessages.sequence) })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.conversationId, conversationId),
        sql`${supportMessages.createdAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
  return row?.sequence ?? undefined
}

/**
 * The queue's order. Open: the ones whose shopper waits for an answer first, the longest waiting
 * first, then the answered ones by their last message, oldest first (the next to close). Closed:
 * newest message first. The cursor names the last row of a page in that order.
 */
const waitingLast = sql`(${supportConversations.awaitingAnswerSince} is null)`

export type QueueCursor =
  | { status: 'open'; awaitingAnswerSince: Date | null; lastMessageAt: Date; id: string }
  | { status: 'closed'; lastMessageAt: Date; id: string }

function encodeQueueCursor(conversation: {
  id: string
  status: 'open' | 'closed'
  awaitingAnswerSince: Date | null
  lastMessageAt: Date
}): string {
  const waiting = conversation.awaitingAnswerSince?.getTime() ?? 'answered'
  return conversation.status === 'open'
    ? `${waiting}.${conversation.lastMessageAt.getTime()}.${conversation.id}`
    : `${conversation.lastMessageAt.getTime()}.${conversation.id}`
}

/**
 * The position a queue cursor names, or `undefined` for a text that is no cursor of this list.
 * Milliseconds of at most 13 digits: a later time (past year 9999) is no date PostgreSQL takes.
 */
export function decodeQueueCursor(status: 'open' | 'closed', cursor: string): QueueCursor | undefined {
  const open = /^(\d{1,13}|answered)\.(\d{1,13})\.([0-9a-f]{24})$/.exec(cursor)
  if (status === 'open' && open !== null) {
    const [, waiting = '', last = '', id = ''] = open
    return {
      status,
      awaitingAnswerSince: waiting === 'answered' ? null : new Date(Number(waiting)),
      lastMessageAt: new Date(Number(last)),
      id,
    }
  }
  const closed = /^(\d{1,13})\.([0-9a-f]{24})$/.exec(cursor)
  if (status === 'closed' && closed !== null) {
    const [, last = '', id = ''] = closed
    return { status, lastMessageAt: new Date(Number(last)), id }
  }
  return undefined
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** Rows after the cursor in the queue's order. */
function afterCursor(cursor: QueueCursor): SQL {
  const { lastMessageAt, id } = cursor
  if (cursor.status === 'closed') {
    return sql`(${supportConversations.lastMessageAt}, ${supportConversations.id}) < (${timestamp(lastMessageAt)}, ${id})`
  }
  const answeredAfter = sql`(${supportConversations.lastMessageAt}, ${supportConversations.id}) > (${timestamp(lastMessageAt)}, ${id})`
  if (cursor.awaitingAnswerSince === null)
    return and(isNull(supportConversations.awaitingAnswerSince), answeredAfter) ?? answeredAfter
  const waitingAfter = sql`(${supportConversations.awaitingAnswerSince}, ${supportConversations.lastMessageAt}, ${supportConversations.id}) > (${timestamp(cursor.awaitingAnswerSince)}, ${timestamp(lastMessageAt)}, ${id})`
  return (
    or(
      and(isNotNull(supportConversations.awaitingAnswerSince), waitingAfter),
      isNull(supportConversations.awaitingAnswerSince),
    ) ?? waitingAfter
  )
}

/** A page of the console's queue of open or closed conversations, after `cursor` when given. */
export async function listConsoleConversationQueue(
  database: Database,
  query: { status: 'open' | 'closed'; limit: number; cursor: QueueCursor | undefined },
): Promise<ConsoleSupportConversationPage> {
  const { cursor } = query
  const orderBy =
    query.status === 'open'
      ? [
          asc(waitingLast),
          asc(supportConversations.awaitingAnswerSince),
          asc(supportConversations.lastMessageAt),
          asc(supportConversations.id),
        ]
      : [desc(supportConversations.lastMessageAt), desc(supportConversations.id)]
  const rows = await selectConsoleConversations(database, {
    where: and(eq(supportConversations.status, query.status), cursor === undefined ? undefined : afterCursor(cursor)),
    orderBy,
    // One more than asked: whether a next page exists.
    limit: query.limit + 1,
  })
  const data = rows.slice(0, query.limit)
  const last = data.at(-1)
  if (rows.length <= query.limit || last === undefined) return { data, nextBefore: null }
  // The cursor's fields are the conversation's own columns, not the preview's: read them.
  const [position] = await database
    .select({
      id: supportConversations.id,
      status: supportConversations.status,
      awaitingAnswerSince: supportConversations.awaitingAnswerSince,
      lastMessageAt: supportConversations.lastMessageAt,
    })
    .from(supportConversations)
    .where(eq(supportConversations.id, last.id))
  return { data, nextBefore: position === undefined ? null : encodeQueueCursor(position) }
}

/**
 * Where a chat picture is stored, or `undefined` when this reader may not see it: a shopper sees
 * their own pictures, sent or still a draft; the console only those of sent messages (a picture
 * not yet sent is the shopper's draft).
 */
export async function findAttachmentFile(
  database: Database,
  attachmentId: string,
  reader: SupportReader,
): Promise<{ storageKey: string; contentType: string } | undefined> {
  const [attachment] = await database
    .select({ storageKey: supportAttachments.storageKey, contentType: supportAttachments.contentType })
    .from(supportAttachments)
    .where(
      and(
        eq(supportAttachments.id, attachmentId),
        reader.kind === 'shopper'
          ? eq(supportAttachments.buyerId, reader.buyerId)
          : isNotNull(supportAttachments.messageId),
      ),
    )
  return attachment
}
