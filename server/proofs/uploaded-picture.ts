import type { Context } from 'hono'
import { ApiError } from '#server/http/api-error'
import { checkProofImage } from '#server/proofs/inspect-image'
import { reencodeProofImage, type ReencodedProofImage } from '#server/proofs/reencode-proof-image'
import { WorkQueueFullError } from '#server/proofs/work-queue'

export type UploadedPicture = {
  /** What was sent: what makes two uploads the same request (idempotency). */
  sent: { bytes: Uint8Array; contentType: string }
  /** What is stored: decoded and encoded again, without the metadata the phone wrote. */
  stored: ReencodedProofImage
}

/**
 * A picture a shopper uploads (a proof, a picture in the support chat), read from the request,
 * checked by its bytes and re-encoded, or refused: 415 `proof_not_image`, 413
 * `proof_too_many_pixels`, or 503 `unavailable` with `Retry-After` while too many wait to be
 * decoded. Decoding runs outside any database transaction (it may wait for a turn and take a
 * second) and before the idempotency check: a replay costs a decode, but never holds a connection.
 * `beforeDecoding` runs once the cheap check has passed (the chat counts the upload there).
 */
export async function readUploadedPicture(
  c: Context,
  ownerId: string,
  options: { beforeDecoding?: () => Promise<void> } = {},
): Promise<UploadedPicture> {
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  const image = checkProofImage(bytes, c.req.header('Content-Type'))
  if (!image.ok) throw new ApiError(415, 'proof_not_image', `Not accepted as a picture: ${image.reason}`)
  await options.beforeDecoding?.()
  const stored = await reencodeProofImage(bytes, ownerId).catch((error: unknown) => {
    if (!(error instanceof WorkQueueFullError)) throw error
    c.header('Retry-After', '5')
    throw new ApiError(503, 'unavailable', 'Too many pictures are being checked; send it again in a moment')
  })
  if (!stored.ok) {
    throw stored.refusal === 'too_many_pixels'
      ? new ApiError(413, 'proof_too_many_pixels', `Not accepted as a picture: ${stored.reason}`)
      : new ApiError(415, 'proof_not_image', `Not accepted as a picture: ${stored.reason}`)
  }
  return { sent: { bytes, contentType: image.contentType }, stored }
}

/**
 * A stored picture's bytes (a proof, a chat picture), shown inline and never sniffed as anything
 * else. The shopper who sent it keeps it (a picture id's bytes never change, and only their
 * browser keeps them); on an operator's screen nothing keeps a copy of a shopper's document.
 */
export function pictureResponse(
  c: Context,
  picture: { bytes: Uint8Array<ArrayBuffer>; contentType: string },
  viewer: 'owner' | 'operator',
): Response {
  return c.body(picture.bytes, 200, {
    'Content-Type': picture.contentType,
    'Cache-Control': viewer === 'owner' ? 'private, max-age=31536000, immutable' : 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline',
  })
}
