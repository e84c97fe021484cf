import { proofImageTarget } from '#domain/contracts/proof'

/** A picture as it is queued and sent: re-encoded on the phone (domain/contracts/proof.ts). */
export type PreparedProofImage = {
  bytes: ArrayBuffer
  contentType: typeof proofImageTarget.contentType
  width: number
  height: number
}

/** The browser cannot decode the file (not a picture, or a format it does not read, e.g. HEIC on some phones). */
export class UnreadableImageError extends Error {
  constructor() {
    super('The picture cannot be read')
    this.name = 'UnreadableImageError'
  }
}

/** The size to draw at: the longer side at most `maxDimension`, never enlarged, never below 1 px. */
export function fitWithin(width: number, height: number, maxDimension: number): { width: number; height: number } {
  const scale = Math.min(1, maxDimension / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/**
 * Scales a photo down and re-encodes it as JPEG. Drawing through a canvas keeps only the pixels:
 * the camera's metadata (GPS location, device, time) is not copied, and the EXIF orientation is
 * applied first so the picture stands the right way up without it.
 */
export async function prepareProofImage(file: Blob): Promise<PreparedProofImage> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    throw new UnreadableImageError()
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, proofImageTarget.maxDimension)
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (context === null) throw new UnreadableImageError()
    // JPEG has no transparency: a transparent screenshot would turn black without a background.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    const blob = await canvas.convertToBlob({ type: proofImageTarget.contentType, quality: proofImageTarget.quality })
    return { bytes: await blob.arrayBuffer(), contentType: proofImageTarget.contentType, width, height }
  } finally {
    bitmap.close()
  }
}
