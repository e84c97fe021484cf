import { crc32, deflateSync } from 'node:zlib'

/**
 * PNG pictures made in tests (API and e2e): 8-bit greyscale or RGB, rows unfiltered, and any
 * `tEXt` chunks given (metadata a phone's photo may carry).
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export function encodePng(options: {
  width: number
  height: number
  /** The colour of row `y`: one value (greyscale) or three (RGB), the same for every picture row. */
  rowColor: (y: number) => readonly [number] | readonly [number, number, number]
  text?: Record<string, string>
}): Buffer {
  const { width, height, rowColor } = options
  const channels = rowColor(0).length
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8) // 8 bits per channel, no interlace
  const stride = width * channels + 1
  const rows = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y += 1) {
    const color = rowColor(y)
    // Byte 0 of each row is its filter: none.
    for (let x = 0; x < width; x += 1) rows.set(color, y * stride + 1 + x * channels)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...Object.entries(options.text ?? {}).map(([keyword, text]) =>
      pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')),
    ),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
