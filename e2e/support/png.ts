import { deflateSync } from 'node:zlib'

/** CRC-32 of PNG chunks (ISO 3309), table-free: test pictures are small. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A camera-sized PNG in stripes of `colors` (each picture different), carrying a text chunk
 * with a GPS position, like the metadata a phone's photo carries: what the app must not send.
 */
export function createTestPhoto(options: { width: number; height: number; colors: [number, number, number][] }) {
  const { width, height, colors } = options
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const color = colors[Math.floor((y / height) * colors.length)] ?? [0, 0, 0]
    const rowStart = y * (width * 3 + 1)
    for (let x = 0; x < width; x += 1) rows.set(color, rowStart + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Comment\0GPSLatitude 13.7563 GPSLongitude 100.5018', 'latin1')),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
