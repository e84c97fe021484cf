import { describe, expect, it } from 'vitest'
import { createPng, smallJpeg, smallWebp } from '#server/test/proofs'
import { checkProofImage, inspectImage } from './inspect-image.ts'

describe('inspectImage', () => {
  it('reads the format and size of JPEG, PNG and WebP from the bytes', () => {
    expect(inspectImage(smallJpeg)).toEqual({ ok: true, contentType: 'image/jpeg', width: 3, height: 2 })
    expect(inspectImage(createPng(640, 480))).toEqual({ ok: true, contentType: 'image/png', width: 640, height: 480 })
    expect(inspectImage(smallWebp)).toEqual({ ok: true, contentType: 'image/webp', width: 3, height: 2 })
  })

  it('refuses files cut short, with data after their end, or that are not pictures', () => {
    const png = createPng(4, 4)
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      new TextEncoder().encode('GIF89a… or a PDF renamed to photo.jpg'),
      smallJpeg.subarray(0, smallJpeg.length - 2),
      Buffer.concat([smallJpeg, Buffer.from('trailing')]),
      png.subarray(0, png.length - 12),
      Buffer.concat([png, Buffer.from([0])]),
      smallWebp.subarray(0, smallWebp.length - 1),
    ]
    for (const bytes of cases) expect(inspectImage(bytes).ok).toBe(false)
  })
})

describe('checkProofImage', () => {
  it('needs the declared type to be the real one, and each side within the limit', () => {
    expect(checkProofImage(smallJpeg, 'image/jpeg; charset=binary').ok).toBe(true)
    expect(checkProofImage(smallJpeg, 'image/png')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not the declared/),
    })
    expect(checkProofImage(smallJpeg, undefined).ok).toBe(false)
    expect(checkProofImage(createPng(8_000, 1), 'image/png').ok).toBe(true)
    expect(checkProofImage(createPng(8_001, 1), 'image/png')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/8000/),
    })
  })
})
