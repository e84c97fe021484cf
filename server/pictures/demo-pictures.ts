import { demoStoreOrigin } from '#server/catalogue/catalogue-urls'
import { drawProductTypePicture, drawnProductTypes } from '#server/catalogue/images/product-type-pictures'
import type { ReadPictureSource } from '#server/pictures/picture-sources'

/**
 * The demo's product pictures (demo mode only): the demo feeds name them
 * `https://demo-store.ngernkhuen.test/pictures/{type}/{variant}.svg` (server/catalogue/catalogue-urls.ts
 * `demoPictureUrl`), a storefront that exists nowhere. They are drawn here, for the product type,
 * in the variant's colour (`plain`: the type's own), and go through the same checks and sizes as
 * a merchant's picture. Any other address is read by `otherwise` (the network).
 */
const demoPicturePattern = /^\/pictures\/([a-z0-9]+(?:-[a-z0-9]+)*)\/([a-z]+)\.svg$/

/** The variant keys the demo's words name (server/seed/catalogue-words.ts `colourNames`), drawn in that colour. */
export const demoPictureColours: ReadonlySet<string> = new Set([
  'black',
  'white',
  'silver',
  'blue',
  'pink',
  'grey',
  'navy',
  'cream',
  'red',
  'mint',
  'orange',
  'green',
  'brown',
  'gold',
])

/** `undefined` for an address that is not a demo picture's. */
export function parseDemoPictureUrl(sourceUrl: string): { typeKey: string; variant: string } | undefined {
  if (!sourceUrl.startsWith(`${demoStoreOrigin}/`)) return undefined
  const match = demoPicturePattern.exec(sourceUrl.slice(demoStoreOrigin.length))
  if (match === null) return undefined
  return { typeKey: match[1] ?? '', variant: match[2] ?? '' }
}

export function demoPictureSource(otherwise: ReadPictureSource): ReadPictureSource {
  return async (sourceUrl) => {
    if (!sourceUrl.startsWith(`${demoStoreOrigin}/`)) return otherwise(sourceUrl)
    const demo = parseDemoPictureUrl(sourceUrl)
    if (demo === undefined) return { ok: false, isLasting: true, reason: 'not a demo picture address' }
    if (!drawnProductTypes.has(demo.typeKey)) {
      return { ok: false, isLasting: true, reason: `no drawing of the product type ${demo.typeKey}` }
    }
    const isPlain = demo.variant === 'plain'
    if (!isPlain && !demoPictureColours.has(demo.variant)) {
      return { ok: false, isLasting: true, reason: `no demo colour ${demo.variant}` }
    }
    const svg = drawProductTypePicture(demo.typeKey, isPlain ? undefined : demo.variant)
    return { ok: true, source: { bytes: new TextEncoder().encode(svg), kind: 'vector' } }
  }
}
