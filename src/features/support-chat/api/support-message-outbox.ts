import type { QueryClient } from '@tanstack/react-query'
import type { Options } from 'ky'
import { idempotencyKeyHeader } from '#domain/contracts/cashback'
import {
  supportAttachmentSchema,
  supportMessageSchema,
  type SupportAttachedTransaction,
  type SupportMessage,
  type SupportMessageRequest,
} from '#domain/support/chat'
import { isApiError, requestJson } from '../../../lib/api-client'
import { getAppOutbox, type OutboxSender } from '../../../lib/outbox'
import type { PreparedProofImage } from '../../proofs/prepare-proof-image'
import { applyMessageToThread, type SupportThread } from '../thread'
import { isQueuedSupportMessage, supportMessageOutboxKind } from './queued-support-message'
import { supportChatKeys, supportPath } from './support-chat-keys'

/** When a 429 names no wait (it always should), the rate limit's window. */
const fallbackRetryAfterSeconds = 60

/** `POST /api/support/{buyerId}/attachments`: one picture, not yet part of a message. */
function uploadSupportAttachment(
  options: { buyerId: string; bytes: ArrayBuffer; contentType: string; idempotencyKey: string },
  http: Options,
) {
  return requestJson(supportPath(options.buyerId, 'attachments'), supportAttachmentSchema, {
    ...http,
    method: 'post',
    body: options.bytes,
    headers: { 'Content-Type': options.contentType, [idempotencyKeyHeader]: options.idempotencyKey },
    // A picture on a slow 3G link takes a while; a dead link should not hold the queue for long.
    timeout: 60_000,
    retry: 0,
  })
}

/** Puts a message the server has into the thread held on the phone (or catches the thread up). */
export function showSupportMessage(queryClient: QueryClient, buyerId: string, message: SupportMessage) {
  const key = supportChatKeys.thread(buyerId)
  const { thread, shouldCatchUp } = applyMessageToThread(queryClient.getQueryData<SupportThread>(key), message)
  if (thread !== undefined) queryClient.setQueryData(key, thread)
  if (shouldCatchUp) void queryClient.invalidateQueries({ queryKey: key })
}

/**
 * Sends a queued message: its pictures one request each (from the first the server has not
 * acknowledged, each keyed by the message's key and its position, their ids kept as receipts),
 * then the message naming them, under the message's key. A key the server has seen answers with
 * the first result, so a send cut off anywhere and started again stores nothing twice.
 *
 * A 429 `too_many_messages` is not a refusal: the message waits, in its place, until the server's
 * `retryAfterSeconds` have passed. Another 4xx is the server deciding: the message is kept as
 * refused for the shopper to edit, retry or discard. No answer or a 5xx: it waits and is tried again.
 */
export function createSupportMessageSender(
  queryClient: QueryClient,
  /** Request options for tests (a fake `fetch`, an absolute prefix). */
  http: Options = {},
): OutboxSender {
  return async (item, context) => {
    if (!isQueuedSupportMessage(item)) throw new Error(`Not a support message: ${item.kind}`)
    const { text, transaction, images } = item.payload
    const attachmentIds = [...(item.progress?.receipts ?? [])]
    try {
      for (let index = item.progress?.done ?? 0; index < images.length; index += 1) {
        const image = images[index]
        const attachmentKey = item.attachmentKeys[index]
        if (image === undefined || attachmentKey === undefined) throw new Error('Support message without its picture')
        const attachment = await uploadSupportAttachment(
          {
            buyerId: item.buyerId,
            bytes: await context.readAttachment(attachmentKey),
            contentType: image.contentType,
            idempotencyKey: `${item.id}-${index}`,
          },
          http,
        )
        attachmentIds.push(attachment.id)
        await context.reportProgress(index + 1, images.length, attachmentIds)
      }
      const request: SupportMessageRequest = { text, transactionId: transaction?.id ?? null, attachmentIds }
      const message = await requestJson(supportPath(item.buyerId, 'messages'), supportMessageSchema, {
        ...http,
        method: 'post',
        json: request,
        headers: { [idempotencyKeyHeader]: item.id },
        timeout: 20_000,
      })
      // In the thread before the queued copy leaves it: the message never blinks out.
      showSupportMessage(queryClient, item.buyerId, message)
      return { status: 'sent', result: message }
    } catch (error) {
      if (isApiError(error, 'too_many_messages')) {
        const seconds = error.details.retryAfterSeconds ?? fallbackRetryAfterSeconds
        return { status: 'deferred', code: error.code, retryAt: Date.now() + seconds * 1000 }
      }
      if (isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
        // Pictures the server no longer lets this message name are sent again on a retry.
        if (error.code === 'attachment_not_found') await context.reportProgress(0, images.length, [])
        return { status: 'refused', code: error.code }
      }
      throw error
    }
  }
}

export function registerSupportMessageSender(queryClient: QueryClient): void {
  const outbox = getAppOutbox()
  outbox.registerSender(supportMessageOutboxKind, createSupportMessageSender(queryClient))
  outbox.onSent((item) => {
    if (!isQueuedSupportMessage(item)) return
    void queryClient.invalidateQueries({ queryKey: supportChatKeys.conversation(item.buyerId) })
  })
}

export type SupportMessageDraft = {
  text: string
  transaction: SupportAttachedTransaction | null
  images: PreparedProofImage[]
}

/**
 * Queues what the shopper sent, with the key made now, when they pressed send: it goes at once
 * when online, and when the signal returns otherwise, in the order they wrote. Throws when the
 * phone's storage refuses it (nothing is queued then; the draft stays with the shopper).
 */
export async function queueSupportMessage(buyerId: string, draft: SupportMessageDraft): Promise<void> {
  await getAppOutbox().enqueue({
    id: crypto.randomUUID(),
    kind: supportMessageOutboxKind,
    buyerId,
    payload: {
      text: draft.text.trim(),
      transaction: draft.transaction,
      images: draft.images.map(({ contentType, width, height }) => ({ contentType, width, height })),
    },
    attachments: draft.images.map((image) => image.bytes),
  })
}
