import sharp from 'sharp'
import { maxProofImagePixels, proofImageTarget } from '#domain/contracts/proof'
import { imageWorkQueue } from '#server/images/image-work-queue'

/**
 * What is stored of a proof picture: its pixels decoded and encoded again as a JPEG, like the
 * phone does (domain/contracts/proof.ts `proofImageTarget`), so nothing a client sent besides the
 * pixels is kept: no EXIF (GPS position, device, time), no XMP or comments, no ICC profile
 * (colours are converted to sRGB), no bytes after the picture. Decoding is also the real check
 * that the bytes are a whole picture: the structure walk (inspect-image.ts) cannot see image
 * data that was cut off and closed again.
 */

export type ReencodedProofImage = {
  bytes: Uint8Array<ArrayBuffer>
  contentType: 'image/jpeg'
  width: number
  height: number
}

export type ProofImageRefusal = { refusal: 'too_many_pixels' | 'not_image'; reason: string }

export type ProofImageReencoding = ({ ok: true } & ReencodedProofImage) | ({ ok: false } & ProofImageRefusal)

/** libvips gives up on a picture after this long; a proof the size we take decodes in a second or two. */
const decodeTimeoutSeconds = 20

const refuse = (refusal: ProofImageRefusal['refusal'], reason: string): ProofImageReencoding => ({
  ok: false,
  refusal,
  reason,
})

function describePixels(width: number, height: number): string {
  return `the picture is ${width}×${height} (${((width * height) / 1_000_000).toFixed(1)} megapixels); at most ${maxProofImagePixels / 1_000_000} megapixels`
}

/**
 * Decodes `bytes` (a JPEG, PNG or WebP that passed `checkProofImage`) and encodes it as a JPEG:
 * turned upright by its EXIF orientation before the metadata is dropped, transparency put on
 * white (a screenshot's transparent corners would otherwise turn black). Refused without decoding
 * when the header declares more than `maxProofImagePixels` (a decompression bomb); refused when
 * the data is truncated or corrupt, even where the decoder would only warn (`failOn: 'warning'`:
 * a scan cut short and closed with an end marker decodes with a warning and half a grey picture).
 * Throws `WorkQueueFullError` when too many pictures wait already, or when `owner` (the buyer)
 * has one being checked already. Decoding takes its turn in the process's one picture queue
 * (server/images/image-work-queue.ts); decoded memory is bounded by the pixel limit
 * (24 MP × 4 bytes ≈ 100 MB per picture at most).
 */
export function reencodeProofImage(bytes: Uint8Array, owner?: string): Promise<ProofImageReencoding> {
  return imageWorkQueue().run(
    async () => {
      let declared: { width: number; height: number }
      try {
        // Reads the header only.
        const metadata = await sharp(bytes).metadata()
        declared = { width: metadata.width, height: metadata.height }
      } catch (error) {
        return refuse('not_image', `the picture cannot be read (${errorMessage(error)})`)
      }
      if (declared.width * declared.height > maxProofImagePixels) {
        return refuse('too_many_pixels', describePixels(declared.width, declared.height))
      }
      try {
        const { data, info } = await sharp(bytes, { limitInputPixels: maxProofImagePixels, failOn: 'warning' })
          .rotate()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: Math.round(proofImageTarget.quality * 100) })
          .timeout({ seconds: decodeTimeoutSeconds })
          .toBuffer({ resolveWithObject: true })
        return {
          ok: true,
          bytes: new Uint8Array(data),
          contentType: 'image/jpeg',
          width: info.width,
          height: info.height,
        }
      } catch (error) {
        // `limitInputPixels` is the guard of the decoder itself, should the header read above and
        // the decoder ever disagree on the size.
        if (/pixel limit/i.test(errorMessage(error))) {
          return refuse('too_many_pixels', `the picture has more than ${maxProofImagePixels / 1_000_000} megapixels`)
        }
        return refuse('not_image', `the picture cannot be decoded (${errorMessage(error)})`)
      }
    },
    { owner },
  )
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
