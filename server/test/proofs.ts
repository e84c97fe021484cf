import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { encodePng } from '#server/test/png'

/** Proof storage in memory, for API tests: what was stored, and what was deleted, can be checked. */
export function createMemoryProofStorage(
  options: { now?: () => Date } = {},
): ProofStorage & { objects: Map<string, Uint8Array<ArrayBuffer>> } {
  const now = options.now ?? (() => new Date())
  const objects = new Map<string, Uint8Array<ArrayBuffer>>()
  const modified = new Map<string, Date>()
  return {
    objects,
    async put(key, bytes) {
      objects.set(key, new Uint8Array(bytes))
      modified.set(key, now())
    },
    async get(key) {
      return objects.get(key)
    },
    async delete(key) {
      objects.delete(key)
      modified.delete(key)
    },
    async *list() {
      for (const key of [...objects.keys()]) yield { key, modifiedAt: modified.get(key) ?? now() }
    },
  }
}

/** A 3×2 JPEG as Chromium's canvas encodes it (what the phone sends). */
export const smallJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABh' +
    'Y3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAAB' +
    'UAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAA' +
    'AAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9Y' +
    'WVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM' +
    'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYI' +
    'DAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQU' +
    'FBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/' +
    'xAAXEAEBAQEAAAAAAAAAAAAAAAABAgAR/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwj/xAAdEQABAgcAAAAAAAAAAAAAAAAAAQMCBDM0' +
    'cXKx/9oADAMBAAIRAxEAPwCUVVXTVLVL1V6rmZiZpw4QmucuXdl6f//Z',
  'base64',
)

/** A 3×2 WebP (extended format, VP8X) as Chromium's canvas encodes it. */
export const smallWebp = Buffer.from(
  'UklGRi4CAABXRUJQVlA4WAoAAAAgAAAAAgAAAQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABh' +
    'Y3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' +
    'AAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAAB' +
    'UAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAA' +
    'AAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9Y' +
    'WVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM' +
    'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggQAAAAHABAJ0BKgMAAgAAwBIlqAJ0AUAAAP70' +
    'ijfYdm8ggC1LxW3/RXnf/xcqv74//Bv//5rt//xcqv74//Bv/5zIAAA=',
  'base64',
)

/** A grey PNG of any size (small on disk: its rows compress to almost nothing). */
export function createPng(width: number, height: number): Buffer {
  return encodePng({ width, height, rowColor: () => [0x80] })
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A PNG of 68 bytes whose header claims `width`×`height` (greyscale) but whose image data is one
 * empty zlib stream: structurally whole, nothing to decode.
 */
export function createPngClaimingSize(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A 40×20 camera JPEG with EXIF: a GPS position, the camera's make, and orientation 6 (the
 * sensor was turned: viewers rotate it 90° clockwise, to 20×40).
 */
export async function createJpegWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '13/1 45/1 2250/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '100/1 30/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()
}

/**
 * A JPEG whose scan was cut off (a dropped upload) and then closed with an end of image marker,
 * as some tools "repair" a file: its structure is whole, its picture is not.
 */
export async function createCutJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 64,
      height: 64,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer()
  return Buffer.concat([whole.subarray(0, Math.floor(whole.length * 0.6)), Buffer.from([0xff, 0xd9])])
}
