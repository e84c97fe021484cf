import { maxProofImageDimension, proofContentTypes, type ProofContentType } from '#domain/contracts/proof'

/**
 * What a proof picture is, read from its bytes alone (never its name or a header): JPEG, PNG or
 * WebP, and its size in pixels. The structure is walked, not decoded: enough to refuse a file
 * that is not a picture, a truncated upload (a dropped connection), or a decompression bomb
 * (huge sides in a few bytes), without an image library or the cost of decoding every upload.
 * The operator's image viewer decodes it; `X-Content-Type-Options: nosniff` and the stored
 * content type keep a browser from reading it as anything else.
 */

export type ImageFacts = { contentType: ProofContentType; width: number; height: number }

export type ImageInspection = ({ ok: true } & ImageFacts) | { ok: false; reason: string }

const refuse = (reason: string): ImageInspection => ({ ok: false, reason })

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte)
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length))
}

const jpegSignature = [0xff, 0xd8, 0xff]
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** Reads a JPEG, a PNG or a WebP; anything else (or a damaged one) is refused with why. */
export function inspectImage(bytes: Uint8Array): ImageInspection {
  if (bytes.length === 0) return refuse('the body is empty')
  if (startsWith(bytes, jpegSignature)) return inspectJpeg(bytes)
  if (startsWith(bytes, pngSignature)) return inspectPng(bytes)
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return inspectWebp(bytes)
  return refuse('not a JPEG, PNG or WebP picture')
}

/**
 * The checks of an upload: a picture of the declared type (the `Content-Type` media type, any
 * parameters ignored), no side above `maxProofImageDimension`.
 */
export function checkProofImage(bytes: Uint8Array, declaredContentType: string | undefined): ImageInspection {
  const declared = declaredContentType?.split(';')[0]?.trim().toLowerCase()
  if (declared === undefined || !(proofContentTypes as readonly string[]).includes(declared)) {
    return refuse(`Content-Type must be one of ${proofContentTypes.join(', ')}`)
  }
  const inspection = inspectImage(bytes)
  if (!inspection.ok) return inspection
  if (inspection.contentType !== declared) {
    return refuse(`the picture is ${inspection.contentType}, not the declared ${declared}`)
  }
  if (inspection.width > maxProofImageDimension || inspection.height > maxProofImageDimension) {
    return refuse(
      `the picture is ${inspection.width}×${inspection.height}; at most ${maxProofImageDimension} pixels a side`,
    )
  }
  return inspection
}

function withSize(contentType: ProofContentType, width: number, height: number, kind: string): ImageInspection {
  if (width < 1 || height < 1) return refuse(`the ${kind} header declares no size`)
  return { ok: true, contentType, width, height }
}

/**
 * Start of frame markers carry the size: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC),
 * which share the range.
 */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/** Markers that stand alone, without a length: TEM and the restart markers RST0–RST7. */
function isStandaloneMarker(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)
}

/**
 * Walks the segments from SOI to EOI. Entropy-coded data after SOS is skipped to the next marker
 * (0xFF followed by anything but a stuffed 0x00 or a restart marker). The file must end with the
 * EOI marker: a camera's trailer after it is refused too, which the phone's re-encoding never
 * produces.
 */
function inspectJpeg(bytes: Uint8Array): ImageInspection {
  let offset = 2
  let size: { width: number; height: number } | undefined
  let hasScan = false
  for (;;) {
    if (offset >= bytes.length) return refuse('the JPEG is truncated (no end of image marker)')
    if (bytes[offset] !== 0xff) return refuse('the JPEG has a damaged segment')
    while (bytes[offset] === 0xff) offset += 1
    const marker = bytes[offset]
    offset += 1
    if (marker === undefined) return refuse('the JPEG is truncated (no end of image marker)')
    if (marker === 0xd9) break
    if (marker === 0x00 || marker === 0xd8) return refuse('the JPEG has a damaged segment')
    if (isStandaloneMarker(marker)) continue
    if (offset + 2 > bytes.length) return refuse('the JPEG is truncated')
    const length = ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0)
    if (length < 2 || offset + length > bytes.length) return refuse('the JPEG is truncated')
    if (isStartOfFrame(marker)) {
      if (length < 7) return refuse('the JPEG frame header is damaged')
      size = {
        height: ((bytes[offset + 3] ?? 0) << 8) | (bytes[offset + 4] ?? 0),
        width: ((bytes[offset + 5] ?? 0) << 8) | (bytes[offset + 6] ?? 0),
      }
    }
    offset += length
    if (marker === 0xda) {
      if (size === undefined) return refuse('the JPEG has image data before its frame header')
      hasScan = true
      offset = skipEntropyCodedData(bytes, offset)
    }
  }
  if (offset !== bytes.length) return refuse('the JPEG has data after its end of image marker')
  if (size === undefined || !hasScan) return refuse('the JPEG has no image data')
  return withSize('image/jpeg', size.width, size.height, 'JPEG frame')
}

/** The offset of the marker that ends a scan's data, or the end of the bytes. */
function skipEntropyCodedData(bytes: Uint8Array, start: number): number {
  let offset = start
  while (offset + 1 < bytes.length) {
    if (bytes[offset] === 0xff) {
      const next = bytes[offset + 1] ?? 0
      if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return offset
    }
    offset += 1
  }
  return bytes.length
}

function readUint32BigEndian(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] ?? 0) << 24) >>> 0) +
    ((bytes[offset + 1] ?? 0) << 16) +
    ((bytes[offset + 2] ?? 0) << 8) +
    (bytes[offset + 3] ?? 0)
  )
}

/** Chunks from IHDR (first, 13 bytes) to IEND (last, nothing after it), with image data between. */
function inspectPng(bytes: Uint8Array): ImageInspection {
  let offset = pngSignature.length
  let size: { width: number; height: number } | undefined
  let hasImageData = false
  for (;;) {
    if (offset + 12 > bytes.length) return refuse('the PNG is truncated (no IEND chunk)')
    const length = readUint32BigEndian(bytes, offset)
    const type = ascii(bytes, offset + 4, 4)
    // Length, type, data and CRC.
    const end = offset + 12 + length
    if (length > 0x7fffffff || end > bytes.length) return refuse('the PNG is truncated')
    if (size === undefined) {
      if (type !== 'IHDR' || length !== 13) return refuse('the PNG does not start with its IHDR header')
      size = { width: readUint32BigEndian(bytes, offset + 8), height: readUint32BigEndian(bytes, offset + 12) }
    } else if (type === 'IDAT') {
      hasImageData = true
    } else if (type === 'IEND') {
      if (end !== bytes.length) return refuse('the PNG has data after its IEND chunk')
      break
    }
    offset = end
  }
  if (!hasImageData) return refuse('the PNG has no image data')
  return withSize('image/png', size.width, size.height, 'PNG IHDR')
}

function readUint32LittleEndian(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] ?? 0) +
    ((bytes[offset + 1] ?? 0) << 8) +
    ((bytes[offset + 2] ?? 0) << 16) +
    (((bytes[offset + 3] ?? 0) << 24) >>> 0)
  )
}

function readUint24LittleEndian(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) + ((bytes[offset + 1] ?? 0) << 8) + ((bytes[offset + 2] ?? 0) << 16)
}

/**
 * RIFF container: the RIFF size must cover exactly the file (a truncated upload is shorter), and
 * every chunk must fit in it. The size comes from VP8X (extended), VP8 (lossy key frame) or VP8L
 * (lossless), whichever comes first; an extended file must also carry image data.
 */
function inspectWebp(bytes: Uint8Array): ImageInspection {
  const riffSize = readUint32LittleEndian(bytes, 4)
  if (riffSize + 8 !== bytes.length) return refuse('the WebP is truncated (its RIFF size does not match)')
  let offset = 12
  let size: { width: number; height: number } | undefined
  let hasImageData = false
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return refuse('the WebP has a damaged chunk')
    const type = ascii(bytes, offset, 4)
    const length = readUint32LittleEndian(bytes, offset + 4)
    const data = offset + 8
    // Chunks are padded to an even length.
    const end = data + length + (length % 2)
    if (end > bytes.length) return refuse('the WebP is truncated')
    if (type === 'VP8X') {
      if (length < 10) return refuse('the WebP VP8X header is damaged')
      size ??= {
        width: readUint24LittleEndian(bytes, data + 4) + 1,
        height: readUint24LittleEndian(bytes, data + 7) + 1,
      }
    } else if (type === 'VP8 ') {
      // A key frame: 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height.
      if (length < 10 || !startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) {
        return refuse('the WebP VP8 header is damaged')
      }
      hasImageData = true
      size ??= {
        width: (((bytes[data + 7] ?? 0) << 8) | (bytes[data + 6] ?? 0)) & 0x3fff,
        height: (((bytes[data + 9] ?? 0) << 8) | (bytes[data + 8] ?? 0)) & 0x3fff,
      }
    } else if (type === 'VP8L') {
      // The signature 0x2F, then width − 1 and height − 1 in 14 bits each.
      if (length < 5 || bytes[data] !== 0x2f) return refuse('the WebP VP8L header is damaged')
      hasImageData = true
      const bits = readUint32LittleEndian(bytes, data + 1)
      size ??= { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    } else if (type === 'ANMF') {
      hasImageData = true
    }
    offset = end
  }
  if (size === undefined || !hasImageData) return refuse('the WebP has no image data')
  return withSize('image/webp', size.width, size.height, 'WebP')
}
