import { createHash } from 'node:crypto'
import sharp, { type Metadata, type SharpOptions } from 'sharp'
import {
  pictureFormats,
  pictureWidths,
  type PictureExtension,
  type PictureWidth,
} from '#domain/pictures/catalogue-pictures'
import { imageWorkQueue } from '#server/images/image-work-queue'
import { inspectImage } from '#server/proofs/inspect-image'

/**
 * Makes the sizes the app shows (domain/pictures/catalogue-pictures.ts) of one source picture:
 * checked, decoded once with sharp (libvips), turned upright by its EXIF orientation, scaled to
 * the largest width, then each width encoded as WebP and as JPEG (transparency on white; plain
 * libjpeg-turbo, progressive: mozjpeg saves about 15 % at eight times the time, for a format only
 * browsers without WebP load). Only pixels are kept: no EXIF, XMP or ICC profile (colours are
 * converted to sRGB). What is not a whole picture of a known kind, is too big to decode safely, or
 * too small to be a product's picture (a tracking pixel, an icon) is refused with the reason.
 */

/**
 * Part of every content hash: a change to how sizes are made (quality, widths) must give new
 * URLs, since browsers keep the old files for a year under the old ones.
 */
const recipe = 'ngernkhuen-picture-1 webp78 jpeg80-progressive opaque-without-alpha'
/** A decompression bomb is refused from its header; a real product photo is a few megapixels. */
export const maxSourcePixels = 40_000_000
/** A side below this is not a product picture or a logo (tracking pixels, icons). */
export const minimumSourceSide = 48
const taskTimeoutSeconds = 30

export type MadeFile = { width: PictureWidth; extension: PictureExtension; contentType: string; bytes: Uint8Array }

export type PictureMaking =
  | { ok: true; contentHash: string; widths: PictureWidth[]; width: number; height: number; files: MadeFile[] }
  | { ok: false; reason: string }

/** `vector`: an SVG we drew ourselves (the demo's pictures), never one from a feed. */
export type PictureSource = { bytes: Uint8Array; kind: 'raster' | 'vector' }

const refuse = (reason: string): PictureMaking => ({ ok: false, reason })

function isGif(bytes: Uint8Array): boolean {
  const signature = String.fromCharCode(...bytes.subarray(0, 6))
  return signature === 'GIF87a' || signature === 'GIF89a'
}

export function contentHashOf(bytes: Uint8Array, kind: PictureSource['kind']): string {
  return createHash('sha256').update(`${recipe} ${kind}\n`).update(bytes).digest('hex').slice(0, 32)
}

/**
 * WebP's effort: 4 (libwebp's default) for photos; 2 for our own flat drawings, which it barely
 * helps (7 % smaller at twice the time), so the demo's pictures are all made soon after a first start.
 */
function webpEffort(kind: PictureSource['kind']): number {
  return kind === 'vector' ? 2 : 4
}

/** The app's widths up to the source's own (at least the smallest, scaled up): never blown up further. */
export function widthsFor(sourceWidth: number, kind: PictureSource['kind']): PictureWidth[] {
  if (kind === 'vector') return [...pictureWidths]
  const fitting = pictureWidths.filter((width) => width <= sourceWidth)
  return fitting.length === 0 ? [pictureWidths[0]] : fitting
}

/** Whether 8-bit pixels with an alpha channel (the last of 2 or 4) are opaque everywhere. */
function isOpaque(pixels: Uint8Array, channels: number): boolean {
  if (channels !== 2 && channels !== 4) return false
  for (let alpha = channels - 1; alpha < pixels.length; alpha += channels) if (pixels[alpha] !== 255) return false
  return true
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function makeSizes({ bytes, kind }: PictureSource): Promise<PictureMaking> {
  if (kind === 'raster' && !isGif(bytes)) {
    // The structure walk refuses what is not a JPEG, PNG or WebP before a decoder sees it.
    const inspection = inspectImage(bytes)
    if (!inspection.ok) return refuse(inspection.reason)
  } else if (kind === 'raster' && bytes.length < 13) {
    return refuse('the GIF is cut short')
  }
  const options: SharpOptions = { limitInputPixels: maxSourcePixels, failOn: 'error' }
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, options).metadata()
  } catch (error) {
    return refuse(`the picture cannot be read (${errorMessage(error)})`)
  }
  const isExpectedFormat =
    kind === 'vector' ? metadata.format === 'svg' : ['jpeg', 'png', 'webp', 'gif'].includes(metadata.format)
  if (!isExpectedFormat) return refuse(`a ${metadata.format} picture is not taken`)
  const isTurned = (metadata.orientation ?? 1) >= 5
  const sourceWidth = isTurned ? metadata.height : metadata.width
  const sourceHeight = isTurned ? metadata.width : metadata.height
  if (sourceWidth * sourceHeight > maxSourcePixels) {
    return refuse(`the picture is ${sourceWidth}×${sourceHeight}, more than ${maxSourcePixels / 1_000_000} megapixels`)
  }
  if (Math.min(sourceWidth, sourceHeight) < minimumSourceSide) {
    return refuse(
      `the picture is ${sourceWidth}×${sourceHeight}, too small to show (${minimumSourceSide} px a side at least)`,
    )
  }

  const widths = widthsFor(sourceWidth, kind)
  const largest = widths.at(-1) ?? pictureWidths[0]
  try {
    // A drawing is rendered at the largest width itself, not scaled up from its nominal size.
    const decodeOptions =
      kind === 'vector' ? { ...options, density: Math.min(2400, (72 * largest) / sourceWidth) } : options
    const base = await sharp(bytes, decodeOptions)
      .rotate()
      .resize({ width: largest })
      .toColourspace('srgb')
      .raw()
      .timeout({ seconds: taskTimeoutSeconds })
      .toBuffer({ resolveWithObject: true })
    let pixels = base.data
    let raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
    // An alpha channel that is opaque everywhere costs encoding time and bytes for nothing.
    if (isOpaque(pixels, raw.channels)) {
      const opaque = await sharp(pixels, { raw }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      pixels = opaque.data
      raw = { width: opaque.info.width, height: opaque.info.height, channels: opaque.info.channels }
    }
    const files: MadeFile[] = []
    for (const width of widths) {
      for (const format of pictureFormats) {
        let pipeline = sharp(pixels, { raw })
        if (width !== raw.width) pipeline = pipeline.resize({ width })
        pipeline =
          format.extension === 'webp'
            ? pipeline.webp({ quality: 78, effort: webpEffort(kind) })
            : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true, optimiseCoding: true })
        const made = await pipeline.timeout({ seconds: taskTimeoutSeconds }).toBuffer()
        files.push({ width, extension: format.extension, contentType: format.contentType, bytes: new Uint8Array(made) })
      }
    }
    return { ok: true, contentHash: contentHashOf(bytes, kind), widths, width: raw.width, height: raw.height, files }
  } catch (error) {
    // `limitInputPixels` is the decoder's own guard, should the header and the decoder disagree.
    return refuse(`the picture cannot be decoded (${errorMessage(error)})`)
  }
}

/**
 * Makes every size of `source`, in its turn in the process's picture queue. Throws
 * `WorkQueueFullError` when too many pictures wait already (shoppers' uploads go first).
 */
export function makePictureSizes(source: PictureSource): Promise<PictureMaking> {
  return imageWorkQueue().run(() => makeSizes(source))
}
