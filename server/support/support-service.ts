import { recordNotification } from '#server/notifications/notification-records'
import { createRecordId } from '#server/db/record-id'
import { and, eq, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { ProofContentType } from '#domain/contracts/proof'
import type { SupportAttachment, SupportConversationStatus, SupportMessage } from '#domain/support/chat'
import type { Database } from '#server/db/database'
import { cashbackTransactions, supportAttachments, supportConversations, supportMessages } from '#server/db/schema'
import { publishEvent } from '#server/events/event-channel'
import { ApiError } from '#server/http/api-error'
import { recordOperatorAction } from '#server/ops/audit-log'
import type { ProofStorage } from '#server/proofs/proof-storage'
import {
  findConversation,
  selectSupportMessages,
  toSupportAttachment,
  type ConversationRecord,
  type SupportReader,
} from '#server/support/support-queries'

/**
 * The writes of the support chat (domain/support/chat.ts). Each runs in the caller's database
 * transaction with the conversation's row locked, and announces itself on the event channel in
 * that same transaction (`support.changed`), so every process's open streams hear of it exactly
 * when it commits.
 *
 * Why the lock: a message takes the number after the conversation's `last_sequence` while holding
 * the row, so the next writer waits for the commit and takes the next number. Numbers are thus
 * given out in commit order without gaps, and a reader who has everything up to N can ask for
 * "after N" and neither miss nor repeat a message.
 */

/** Kept by the proof storage beside proofs, under the owner's folder: `<buyerId>/<attachmentId>`. */
export function supportAttachmentStorageKey(buyerId: string, attachmentId: string): string {
  return `${buyerId}/${attachmentId}`
}

async function lockConversation(tx: Database, where: SQL): Promise<ConversationRecord | undefined> {
  // No key changes: the weaker lock, so inserts of messages referencing the row do not wait.
  const [record] = await tx.select().from(supportConversations).where(where).for('no key update')
  return record
}

/**
 * The shopper's conversation, locked; made first when they have none. Two first messages at once
 * (two phones, an outbox and a tap) insert the same buyer: the unique index makes the second wait
 * for the first to commit and then insert nothing, and both lock the one row.
 */
async function lockShopperConversation(tx: Database, buyerId: string, now: Date): Promise<ConversationRecord> {
  await tx
    .insert(supportConversations)
    .values({ id: createRecordId(), buyerId, lastMessageAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: supportConversations.buyerId })
  const record = await lockConversation(tx, eq(supportConversations.buyerId, buyerId))
  if (record === undefined) throw new Error('lockShopperConversation: the conversation is not there after its insert')
  return record
}

type MessageDraft = {
  text: string
  transactionId: string | null
  attachmentIds: readonly string[]
  now: Date
} & ({ author: 'shopper' } | { author: 'agent'; operatorId: string })

/**
 * Appends a message to a locked conversation: the next sequence, the pictures linked (each the
 * owner's and unused, else 400 `attachment_not_found`), the conversation's counters moved, the
 * event published. Writing also marks everything before it read by the writer's side (one answers
 * what one has read).
 */
async function appendMessage(
  tx: Database,
  conversation: ConversationRecord,
  draft: MessageDraft,
  reader: SupportReader,
): Promise<SupportMessage> {
  const sequence = conversation.lastSequence + 1
  const id = createRecordId()
  await tx.insert(supportMessages).values({
    id,
    conversationId: conversation.id,
    sequence,
    author: draft.author,
    operatorId: draft.author === 'agent' ? draft.operatorId : null,
    text: draft.text,
    transactionId: draft.transactionId,
    createdAt: draft.now,
  })
  for (const [position, attachmentId] of draft.attachmentIds.entries()) {
    // Used once: only a picture of this shopper that no message has taken yet (a repeated id
    // in the same message finds its picture taken by the first).
    const linked = await tx
      .update(supportAttachments)
      .set({ messageId: id, position })
      .where(
        and(
          eq(supportAttachments.id, attachmentId),
          eq(supportAttachments.buyerId, conversation.buyerId),
          isNull(supportAttachments.messageId),
        ),
      )
      .returning({ id: supportAttachments.id })
    if (linked.length === 0) {
      throw new ApiError(
        400,
        'attachment_not_found',
        `No unused picture ${attachmentId} of this shopper: upload it first, once per message`,
      )
    }
  }
  const isShopper = draft.author === 'shopper'
  await tx
    .update(supportConversations)
    .set({
      lastSequence: sequence,
      lastMessageAt: draft.now,
      updatedAt: draft.now,
      ...(isShopper
        ? {
            // The shopper's message opens a closed conversation again and waits for an answer.
            status: 'open',
            awaitingAnswerSince: conversation.awaitingAnswerSince ?? draft.now,
            shopperReadSequence: sequence,
          }
        : { awaitingAnswerSince: null, agentReadSequence: sequence }),
    })
    .where(eq(supportConversations.id, conversation.id))
  await announce(tx, conversation, 'message', sequence)
  const [message] = await selectSupportMessages(tx, {
    conversationId: conversation.id,
    afterSequence: sequence - 1,
    order: 'oldest',
    limit: 1,
    reader,
  })
  if (message === undefined) throw new Error('appendMessage: the message is not there after its insert')
  return message
}

function announce(
  tx: Database,
  conversation: Pick<ConversationRecord, 'id' | 'buyerId'>,
  change: 'message' | 'read' | 'status',
  sequence: number,
): Promise<void> {
  return publishEvent(tx, 'support.changed', {
    conversationId: conversation.id,
    buyerId: conversation.buyerId,
    change,
    sequence,
  })
}

export type ShopperMessageInput = {
  buyerId: string
  /** Trimmed by the contract; may be empty when a purchase or a picture is attached. */
  text: string
  transactionId: string | null
  attachmentIds: readonly string[]
  now: Date
}

/**
 * A shopper's message (suspended shoppers too): made into their conversation, which is created by
 * the first one and opened again by any later one. An attached purchase must be theirs (404
 * `transaction_not_found`, as for any other buyer's purchase).
 */
export async function writeShopperMessage(tx: Database, input: ShopperMessageInput): Promise<SupportMessage> {
  if (input.transactionId !== null) {
    const [owned] = await tx
      .select({ id: cashbackTransactions.id })
      .from(cashbackTransactions)
      .where(and(eq(cashbackTransactions.id, input.transactionId), eq(cashbackTransactions.buyerId, input.buyerId)))
    if (owned === undefined) throw new ApiError(404, 'transaction_not_found', 'No such cashback transaction')
  }
  const conversation = await lockShopperConversation(tx, input.buyerId, input.now)
  return appendMessage(
    tx,
    conversation,
    {
      author: 'shopper',
      text: input.text,
      transactionId: input.transactionId,
      attachmentIds: input.attachmentIds,
      now: input.now,
    },
    { kind: 'shopper', buyerId: input.buyerId },
  )
}

/** The conversation, locked, or 404 `record_not_found` (the console's word for an unknown record). */
async function lockConsoleConversation(tx: Database, conversationId: string): Promise<ConversationRecord> {
  const record = await lockConversation(tx, eq(supportConversations.id, conversationId))
  if (record === undefined) throw new ApiError(404, 'record_not_found', 'No such conversation')
  return record
}

/**
 * An agent's answer, in the conversation whatever its status (closing is a separate decision),
 * with its audit entry (`support_conversation.replied`).
 */
export async function writeAgentReply(
  tx: Database,
  input: { conversationId: string; operatorId: string; text: string; now: Date },
): Promise<SupportMessage> {
  const conversation = await lockConsoleConversation(tx, input.conversationId)
  const message = await appendMessage(
    tx,
    conversation,
    {
      author: 'agent',
      operatorId: input.operatorId,
      text: input.text,
      transactionId: null,
      attachmentIds: [],
      now: input.now,
    },
    { kind: 'console' },
  )
  await recordOperatorAction(tx, {
    actor: input.operatorId,
    action: 'support_conversation.replied',
    subjectType: 'support_conversation',
    subjectId: conversation.id,
    after: { messageId: message.id, sequence: message.sequence },
    now: input.now,
  })
  // One notification for the answers the shopper has not read yet: a reply in several messages
  // is one push, and the next one comes after they read it.
  await recordNotification(tx, {
    buyerId: conversation.buyerId,
    kind: 'support_reply',
    reasonKey: `support:${conversation.id}:${conversation.shopperReadSequence}`,
    values: {},
    now: input.now,
  })
  return message
}

/**
 * Closes or opens a conversation, with its audit entry (`support_conversation.closed` or
 * `.reopened`); 409 `operator_conflict` when it already has that status (another agent was first).
 */
export async function changeConversationStatus(
  tx: Database,
  input: { conversationId: string; status: SupportConversationStatus; operatorId: string; now: Date },
): Promise<void> {
  const conversation = await lockConsoleConversation(tx, input.conversationId)
  if (conversation.status === input.status) {
    throw new ApiError(409, 'operator_conflict', `The conversation is already ${input.status}`)
  }
  await tx
    .update(supportConversations)
    // Closed is settled: whatever the shopper wrote last waits no more, and their next message
    // (which opens it again) starts the wait afresh.
    .set({
      status: input.status,
      updatedAt: input.now,
      ...(input.status === 'closed' ? { awaitingAnswerSince: null } : {}),
    })
    .where(eq(supportConversations.id, conversation.id))
  await recordOperatorAction(tx, {
    actor: input.operatorId,
    action: input.status === 'closed' ? 'support_conversation.closed' : 'support_conversation.reopened',
    subjectType: 'support_conversation',
    subjectId: conversation.id,
    before: { status: conversation.status },
    after: { status: input.status },
    now: input.now,
  })
  await announce(tx, conversation, 'status', conversation.lastSequence)
}

/**
 * Moves a read marker forward to `sequence` (never past the last message, never back: a stale
 * request from another tab changes nothing). Answers whether it moved; only then is it announced.
 */
async function markRead(
  database: Database,
  conversation: Pick<ConversationRecord, 'id' | 'buyerId'>,
  reader: 'shopper' | 'agent',
  sequence: number,
  now: Date,
): Promise<boolean> {
  const column =
    reader === 'shopper' ? supportConversations.shopperReadSequence : supportConversations.agentReadSequence
  const target = sql`least(${sequence}::integer, ${supportConversations.lastSequence})`
  return database.transaction(async (tx) => {
    const moved = await tx
      .update(supportConversations)
      .set(
        reader === 'shopper'
          ? { shopperReadSequence: target, updatedAt: now }
          : { agentReadSequence: target, updatedAt: now },
      )
      .where(and(eq(supportConversations.id, conversation.id), lt(column, target)))
      .returning({ sequence: column })
    const [row] = moved
    if (row === undefined) return false
    await announce(tx, conversation, 'read', row.sequence)
    return true
  })
}

/** The shopper has seen the agents' messages up to `sequence`. Nothing to mark before the first message. */
export async function markReadByShopper(
  database: Database,
  input: { buyerId: string; sequence: number; now: Date },
): Promise<void> {
  const [conversation] = await database
    .select({ id: supportConversations.id, buyerId: supportConversations.buyerId })
    .from(supportConversations)
    .where(eq(supportConversations.buyerId, input.buyerId))
  if (conversation === undefined) return
  await markRead(database, conversation, 'shopper', input.sequence, input.now)
}

/** An agent has seen the shopper's messages up to `sequence`; 404 `record_not_found` for an unknown conversation. */
export async function markReadByAgent(
  database: Database,
  input: { conversationId: string; sequence: number; now: Date },
): Promise<void> {
  const conversation = await findConversation(database, input.conversationId)
  if (conversation === undefined) throw new ApiError(404, 'record_not_found', 'No such conversation')
  await markRead(database, conversation, 'agent', input.sequence, input.now)
}

export type SupportAttachmentUpload = {
  buyerId: string
  bytes: Uint8Array<ArrayBuffer>
  contentType: ProofContentType
  width: number
  height: number
  sha256: string
  now: Date
}

/**
 * Keeps a checked and re-encoded picture (server/proofs/reencode-proof-image.ts) for a later
 * message. Like a proof, the bytes are written before the row: a row that fails to commit leaves
 * an unreferenced file (`npm run ops -- proofs orphans` finds it), never a row without its picture.
 */
export async function storeSupportAttachment(
  tx: Database,
  storage: ProofStorage,
  upload: SupportAttachmentUpload,
): Promise<SupportAttachment> {
  const id = createRecordId()
  const storageKey = supportAttachmentStorageKey(upload.buyerId, id)
  await storage.put(storageKey, upload.bytes, upload.contentType)
  const [record] = await tx
    .insert(supportAttachments)
    .values({
      id,
      buyerId: upload.buyerId,
      contentType: upload.contentType,
      byteSize: upload.bytes.byteLength,
      width: upload.width,
      height: upload.height,
      sha256: upload.sha256,
      storageKey,
      createdAt: upload.now,
    })
    .returning()
  if (record === undefined) throw new Error('storeSupportAttachment: the insert returned no row')
  return toSupportAttachment(record, { kind: 'shopper', buyerId: upload.buyerId })
}
