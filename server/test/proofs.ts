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
