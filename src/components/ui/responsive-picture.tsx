import type { CSSProperties } from 'react'
import { pictureSourceSet, type Picture } from '#domain/pictures/catalogue-pictures'

/**
 * A catalogue picture (a product's, a merchant's logo) in the size the screen needs: WebP where
 * the browser takes it, JPEG otherwise, each at every width the server made, the browser choosing
 * by `sizes` and the screen's density. `width`/`height` are the box's shape, so the page never
 * moves when the picture arrives. Without a made picture (not made yet, or it could not be: an
 * answer saved before pictures existed has no `picture` at all) it is `fallbackUrl` alone, the
 * placeholder drawn for the product's type.
 */
export function ResponsivePicture({
  picture,
  fallbackUrl,
  sizes,
  width,
  height,
  isEager = false,
  className = '',
  style,
}: {
  picture: Picture | null | undefined
  /** The API's `imageUrl`/`logoUrl`: the made JPEG, or the placeholder. */
  fallbackUrl: string
  /** Which of the widths is wanted, e.g. `(min-width: 480px) 218px, calc(50vw - 22px)`. */
  sizes: string
  width: number
  height: number
  /** The page's largest paint: fetched first and drawn at once, not when the browser gets round to it. */
  isEager?: boolean
  className?: string
  style?: CSSProperties
}) {
  const image = (
    <img
      src={fallbackUrl}
      srcSet={picture ? pictureSourceSet(picture, 'jpg') : undefined}
      sizes={picture ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      loading={isEager ? 'eager' : 'lazy'}
      decoding={isEager ? 'sync' : 'async'}
      fetchPriority={isEager ? 'high' : 'auto'}
      className={className}
      style={style}
    />
  )
  if (!picture) return image
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={pictureSourceSet(picture, 'webp')} sizes={sizes} />
      {image}
    </picture>
  )
}
