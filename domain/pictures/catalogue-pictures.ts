import * as v from 'valibot'

/**
 * Catalogue pictures (product pictures, merchant logos) as the server makes them from the feeds'
 * pictures (server/pictures, docs/decisions/021-product-pictures.md): each one at the widths
 * below that its source was wide enough for (at least the smallest), as WebP and as JPEG, under a
 * folder named by its content, so a file's URL never changes what it holds.
 */

/**
 * The widths made, in CSS pixels × device pixel ratio: a product tile is about 175 px wide on a
 * 390 px phone (320 at 2×, 640 at 3×), the product page's picture the whole width (up to 960 at
 * 2.5×), a logo 32–72 px (160 at 2×, 320 at 3×).
 */
export const pictureWidths = [160, 320, 640, 960] as const
export type PictureWidth = (typeof pictureWidths)[number]

/** WebP first (smaller, and every browser we support shows it); JPEG for whatever does not. */
export const pictureFormats = [
  { extension: 'webp', contentType: 'image/webp' },
  { extension: 'jpg', contentType: 'image/jpeg' },
] as const
export type PictureExtension = (typeof pictureFormats)[number]['extension']

export const pictureSchema = v.object({
  /** Same-origin folder of the files: `${path}/${width}.webp` and `${path}/${width}.jpg`. */
  path: v.string(),
  /** Ascending; a subset of `pictureWidths`. */
  widths: v.pipe(v.array(v.picklist(pictureWidths)), v.minLength(1)),
  /** The largest file's size in pixels: the picture's shape. */
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
})
export type Picture = v.InferOutput<typeof pictureSchema>

export function pictureFileUrl(picture: Pick<Picture, 'path'>, width: number, extension: PictureExtension): string {
  return `${picture.path}/${width}.${extension}`
}

/** A `srcset` of every width made, in one format. */
export function pictureSourceSet(picture: Pick<Picture, 'path' | 'widths'>, extension: PictureExtension): string {
  return picture.widths.map((width) => `${pictureFileUrl(picture, width, extension)} ${width}w`).join(', ')
}

/**
 * The one file for a client that reads no `srcset` (and the API's `imageUrl`/`logoUrl`): the
 * widest JPEG up to `preferredWidth`, or the narrowest made when every one is wider.
 */
export function fallbackPictureUrl(picture: Pick<Picture, 'path' | 'widths'>, preferredWidth: PictureWidth): string {
  const fitting = picture.widths.filter((width) => width <= preferredWidth)
  const width = fitting.at(-1) ?? picture.widths[0] ?? preferredWidth
  return pictureFileUrl(picture, width, 'jpg')
}

/**
 * How wide the app draws pictures (`sizes`), which the server's preloads repeat: a product tile is
 * half the app's column (at most 480 px) less the page's padding and the gap between tiles; a
 * product's own page shows its picture across the column; a logo is a square of fixed size.
 */
export const productTileSizes = '(min-width: 480px) 218px, calc(50vw - 22px)'
export const productPageSizes = '(min-width: 480px) 480px, 100vw'
export const merchantPageLogoSize = 72
export function logoSizes(size: number): string {
  return `${size}px`
}

/** What the API's `imageUrl` names for a product when its picture is made. */
export const productFallbackWidth = 640 satisfies PictureWidth
/** What the API's `logoUrl` names for a merchant when its logo is made. */
export const logoFallbackWidth = 160 satisfies PictureWidth
