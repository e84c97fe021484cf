import { encodePng } from '../../server/test/png'

/**
 * A camera-sized PNG in stripes of `colors` (each picture different), carrying a text chunk
 * with a GPS position, like the metadata a phone's photo carries: what the app must not send.
 */
export function createTestPhoto(options: { width: number; height: number; colors: [number, number, number][] }) {
  const { width, height, colors } = options
  return encodePng({
    width,
    height,
    rowColor: (y) => colors[Math.floor((y / height) * colors.length)] ?? [0, 0, 0],
    text: { Comment: 'GPSLatitude 13.7563 GPSLongitude 100.5018' },
  })
}
