import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import {
  fallbackPictureUrl,
  logoFallbackWidth,
  pictureWidths,
  type Picture,
  type PictureWidth,
} from '#domain/pictures/catalogue-pictures'
import { merchantLogoUrl } from '#server/catalogue/catalogue-urls'
import { cataloguePictures } from '#server/db/schema'

/**
 * How catalogue answers find a product's picture or a merchant's logo: by the source address the
 * feed gave, in `catalogue_pictures`, once it is made. A column of the row's own query (one
 * primary-key lookup per row), so every reader of products and merchants, the catalogue index
 * included, gets it with the row and no join changes what they select from.
 */

/** What the column holds when the picture is made. */
export type MadePicture = { hash: string; widths: number[]; width: number; height: number }

export function madePictureOf(sourceUrl: AnyColumn): SQL<MadePicture | null> {
  const picture = cataloguePictures
  return sql<MadePicture | null>`(select json_build_object(
      'hash', ${picture.contentHash}, 'widths', ${picture.widths}, 'width', ${picture.width}, 'height', ${picture.height})
    from ${picture} where ${picture.sourceUrl} = ${sourceUrl} and ${picture.status} = 'ready')`
}

/** Where the made files of a picture are served (server/pictures/picture-routes.ts). */
export function picturePath(contentHash: string): string {
  return `/media/pictures/${contentHash}`
}

function isPictureWidth(width: number): width is PictureWidth {
  return (pictureWidths as readonly number[]).includes(width)
}

/** The API's form of a made picture; `null` for none (not made yet, failed, or no source). */
export function toPicture(made: MadePicture | null): Picture | null {
  if (made === null) return null
  const widths = made.widths.filter(isPictureWidth)
  if (widths.length === 0) return null
  return { path: picturePath(made.hash), widths, width: made.width, height: made.height }
}

/** A merchant's logo as answers carry it: the made picture, or the drawn placeholder until there is one. */
export function merchantLogoFields(
  merchantId: string,
  made: MadePicture | null,
): { logoUrl: string; logo: Picture | null } {
  const logo = toPicture(made)
  return { logoUrl: logo === null ? merchantLogoUrl(merchantId) : fallbackPictureUrl(logo, logoFallbackWidth), logo }
}
