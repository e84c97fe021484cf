import type { MerchantCategoryId } from '#domain/categories'
import { categoryGlyphs } from './category-glyphs.ts'
import { logoPalette } from './logo-palette.ts'
import { hashText, pickBySeed } from './seeded-choice.ts'
import { escapeXml, renderSvgDocument } from './svg-document.ts'

const tileSize = 96
const tileRadius = 24
/** An SVG shown through `<img>` cannot load the app's web fonts, so the stack ends in system faces. */
const fontFamily = "'IBM Plex Sans Thai', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const minorWords = new Set(['and', 'of', 'the'])

/**
 * Up to two uppercase Latin initials. CamelCase names ("PowerBuy") count as two words, and minor
 * words are skipped ("The Mall" gives "M") unless nothing else is left. Thai-only names have no
 * initials; their logo shows the category glyph instead.
 */
export function extractInitials(name: string): string {
  const words = name
    .replace(/['’]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((word) => word.length > 0)
  const significantWords = words.filter((word) => !minorWords.has(word.toLowerCase()))
  const chosenWords = significantWords.length > 0 ? significantWords : words
  return chosenWords
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
}

function renderInitials(initials: string, colour: string): string {
  const fontSize = initials.length === 1 ? 48 : 40
  // Capitals are about 0.7em tall, so this baseline centres them optically without relying on
  // `dominant-baseline`, which renderers disagree on.
  const baseline = 44 + fontSize * 0.35
  return (
    `<text x="${tileSize / 2}" y="${baseline}" fill="${colour}" font-family="${escapeXml(fontFamily)}" ` +
    `font-size="${fontSize}" font-weight="700" letter-spacing="-1" text-anchor="middle">${escapeXml(initials)}</text>`
  )
}

function renderGlyph(glyph: string, colour: string, transform: string, strokeWidth: number, opacity = 1): string {
  return (
    `<g transform="${transform}" fill="none" stroke="${colour}" stroke-width="${strokeWidth}" ` +
    `stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${glyph}</g>`
  )
}

export function renderMerchantLogoSvg({
  merchantId,
  name,
  categoryId,
}: {
  merchantId: string
  name: string
  categoryId: MerchantCategoryId
}): string {
  const colours = pickBySeed(logoPalette, merchantId, 'logo-colour')
  const glyph = categoryGlyphs[categoryId]
  const initials = extractInitials(name)
  // Ids are unique per merchant so several logos inlined in one page do not share gradients.
  const idSuffix = hashText(merchantId).toString(36)
  const gradientId = `logo-gradient-${idSuffix}`
  const clipId = `logo-clip-${idSuffix}`

  const mark =
    initials.length > 0
      ? renderInitials(initials, colours.foreground) +
        renderGlyph(glyph, colours.foreground, 'translate(64 64) scale(0.8333)', 2.2, 0.6)
      : renderGlyph(glyph, colours.foreground, 'translate(22 22) scale(2.1667)', 1.8)

  const body =
    `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${colours.background}"/><stop offset="1" stop-color="${colours.shade}"/>` +
    `</linearGradient><clipPath id="${clipId}"><rect width="${tileSize}" height="${tileSize}" rx="${tileRadius}"/></clipPath></defs>` +
    `<g clip-path="url(#${clipId})"><rect width="${tileSize}" height="${tileSize}" fill="url(#${gradientId})"/>${mark}</g>`

  return renderSvgDocument({ width: tileSize, height: tileSize, title: name, body })
}
