import type { QueryClient } from '@tanstack/react-query'
import type { PreparedProofImage } from '../prepare-proof-image'
import { isApiError } from '../../../lib/api-client'
import { getAppOutbox, type OutboxItem } from '../../../lib/outbox'
import { cashbackKeys } from '../../cashback/api/cashback-keys'
import { uploadProofImage } from './proof-api'

export const proofOutboxKind = 'proof'

/** The queued form of the pictures the shopper sent together; the bytes are the item's attachments. */
export type QueuedProofs = OutboxItem & {
  payload: { transactionId: string; images: { contentType: string; width: number; height: number }[] }
}

export function isQueuedProofs(item: OutboxItem): item is QueuedProofs {
  return item.kind === proofOutboxKind
}

/**
 * Sends queued pictures one request each, in order, from the first one the server has not
 * acknowledged. Each picture's key is the item's key and its position, so a picture that arrived
 * but whose answer was lost is answered from the server's record, not stored twice. A 4xx is the
 * server deciding (limit reached, not a picture): the item is kept as refused, with what arrived.
 */
export function registerProofSender(queryClient: QueryClient): void {
  const outbox = getAppOutbox()
  outbox.registerSender(proofOutboxKind, async (item, context) => {
    if (!isQueuedProofs(item)) throw new Error(`Not a proof item: ${item.kind}`)
    const { transactionId, images } = item.payload
    try {
      for (let index = item.progress?.done ?? 0; index < images.length; index += 1) {
        const image = images[index]
        const attachmentKey = item.attachmentKeys[index]
        if (image === undefined || attachmentKey === undefined) throw new Error('Proof item without its picture')
        await uploadProofImage({
          buyerId: item.buyerId,
          transactionId,
          bytes: await context.readAttachment(attachmentKey),
          contentType: image.contentType,
          idempotencyKey: `${item.id}-${index}`,
        })
        await context.reportProgress(index + 1, images.length)
        // Each arrived picture shows at once, not only after the last one.
        void queryClient.invalidateQueries({ queryKey: cashbackKeys.detail(item.buyerId, transactionId) })
      }
      return { status: 'sent', result: null }
    } catch (error) {
      if (isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500) {
        return { status: 'refused', code: error.code }
      }
      throw error
    }
  })
  outbox.onSent((item) => {
    if (!isQueuedProofs(item)) return
    void queryClient.invalidateQueries({ queryKey: cashbackKeys.all(item.buyerId) })
  })
}

/** Queues pictures the shopper confirmed; they are sent now if online, else when the signal returns. */
export async function queueProofImages(
  buyerId: string,
  transactionId: string,
  images: PreparedProofImage[],
): Promise<void> {
  await getAppOutbox().enqueue({
    id: crypto.randomUUID(),
    kind: proofOutboxKind,
    buyerId,
    payload: {
      transactionId,
      images: images.map(({ contentType, width, height }) => ({ contentType, width, height })),
    },
    attachments: images.map((image) => image.bytes),
  })
}
