import type { MerchantCategoryId } from '#domain/categories'
import { categoryGlyphs } from './category-glyphs.ts'
import { renderSvgDocument } from './svg-document.ts'

const width = 400
const height = 300

/**
 * The app's neutral colours (src/styles.css `--color-canvas`, `--color-line`, `--color-ink-muted`):
 * a placeholder must read as "no picture yet", never as a picture of something.
 */
const placeholderColours = { background: '#f4f7f5', disc: '#e2e8e5', glyph: '#55635d' }

/**
 * What a product shows until its own picture is made, or when it has none or its picture is
 * broken: the outline of its category, as the app's category chips draw it, on the app's neutral
 * ground. Not a drawing of some object of the category: a smartphone with no picture yet must not
 * be shown as headphones or a laptop (issue 19).
 */
export function renderProductPictureSvg({
  categoryId,
  label,
}: {
  categoryId: MerchantCategoryId
  label: string
}): string {
  // The glyphs are drawn on a 24-unit grid: scaled 3.5 times, 84 units, centred.
  const glyphScale = 3.5
  const glyphOffset = { x: width / 2 - 12 * glyphScale, y: height / 2 - 12 * glyphScale }
  const body =
    `<rect width="${width}" height="${height}" fill="${placeholderColours.background}"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="86" fill="${placeholderColours.disc}"/>` +
    `<g transform="translate(${glyphOffset.x} ${glyphOffset.y}) scale(${glyphScale})" fill="none" ` +
    `stroke="${placeholderColours.glyph}" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" opacity="0.7">` +
    `${categoryGlyphs[categoryId]}</g>`
  return renderSvgDocument({ width, height, title: label, body })
}
