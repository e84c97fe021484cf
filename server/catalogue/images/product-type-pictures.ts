import { renderSvgDocument } from './svg-document.ts'
import { drawCircle, drawEllipse, drawGroup, drawRect } from './svg-shapes.ts'
import { ink, outlineWidth, type Tone, type TypeDrawing } from './product-types/drawing-kit.ts'
import { bookDrawings } from './product-types/books.ts'
import { electronicsDrawings } from './product-types/electronics.ts'
import { entertainmentDrawings } from './product-types/entertainment.ts'
import { fashionDrawings } from './product-types/fashion.ts'
import { foodDrawings } from './product-types/food.ts'
import { healthDrawings } from './product-types/health.ts'
import { furnitureDrawings } from './product-types/furniture.ts'
import { homeDrawings } from './product-types/home.ts'
import { travelDrawings } from './product-types/travel.ts'
import { marketplaceDrawings } from './product-types/marketplace.ts'
import { serviceDrawings } from './product-types/services.ts'
import { sportsDrawings } from './product-types/sports.ts'
import { toyDrawings } from './product-types/toys.ts'

/**
 * Demo product pictures drawn per product type (the `key` of a type in the demo catalogue's word
 * lists), so that a listing's picture shows what its name says: red canvas sneakers are a red
 * sneaker, a blood-pressure monitor is a monitor with its cuff. Services and trips show what is
 * sold (a bed for a hotel night, a plane for a flight).
 */

const size = 400

/** Each group of types shares a background tint, like the shelves of one shop. */
const groups: readonly { background: string; drawings: Record<string, TypeDrawing> }[] = [
  { background: '#fbf1e3', drawings: bookDrawings },
  { background: '#e8f1fb', drawings: electronicsDrawings },
  { background: '#f1ecfb', drawings: entertainmentDrawings },
  { background: '#fbecf1', drawings: fashionDrawings },
  { background: '#fcf4df', drawings: foodDrawings },
  { background: '#e6f6ef', drawings: healthDrawings },
  { background: '#f5eee5', drawings: furnitureDrawings },
  { background: '#e5f4f3', drawings: homeDrawings },
  { background: '#e3f2fa', drawings: travelDrawings },
  { background: '#fcebe4', drawings: marketplaceDrawings },
  { background: '#eaeff7', drawings: serviceDrawings },
  { background: '#eaf5e4', drawings: sportsDrawings },
  { background: '#fdf3da', drawings: toyDrawings },
]

const pictures = new Map(
  groups.flatMap(({ background, drawings }) =>
    Object.entries(drawings).map(([key, drawing]) => [key, { background, ...drawing }] as const),
  ),
)

/** Every product type key that has a drawing. */
export const drawnProductTypes: ReadonlySet<string> = new Set(pictures.keys())

/**
 * The colours a catalogue variant can name (server/seed/catalogue-words.ts `colourNames`), as they
 * look on a product: a "white" sneaker is a warm off-white, "silver" a light metal.
 */
const namedColours: Record<string, string> = {
  black: '#33383d',
  white: '#f6f5f1',
  silver: '#c8d0d6',
  blue: '#2f6fd6',
  pink: '#f49ac1',
  grey: '#8d969d',
  gray: '#8d969d',
  navy: '#27395f',
  cream: '#f2e3c2',
  red: '#e03a3e',
  mint: '#8fdcc0',
  orange: '#f5862a',
  green: '#3a9d5b',
  brown: '#8b5a36',
  gold: '#d8a838',
}

function parseHex(colour: string): [number, number, number] | undefined {
  const match = /^#([\da-f]{3}|[\da-f]{6})$/i.exec(colour.trim())
  if (match === null) return undefined
  const digits = match[1] ?? ''
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number]
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`
}

function mix(channels: readonly number[], towards: number, amount: number): string {
  return toHex(channels.map((channel) => channel + (towards - channel) * amount))
}

/** A colour name from the catalogue or a hex colour, as the three tones a drawing paints with. */
function toTone(colour: string): Tone {
  const hex = namedColours[colour.trim().toLowerCase()] ?? colour
  const channels = parseHex(hex)
  if (channels === undefined) {
    throw new RangeError(`Product colour "${colour}" is neither a catalogue colour name nor a hex colour`)
  }
  return { base: toHex(channels), light: mix(channels, 255, 0.5), deep: mix(channels, 0, 0.28) }
}

/**
 * The product's picture as a complete SVG document (square, e.g. viewBox 0 0 400 400), showing
 * what the type is; `colour` (a CSS colour, or undefined) tints the product itself where the
 * product has a colour (a red sneaker is red). Throws for an unknown type key.
 *
 * `colour` is a catalogue colour name (`red`, `navy`, `cream`, `mint`…, as a variant's `colour`
 * names it) or a hex colour (`#e03a3e`); other CSS colour syntax throws a RangeError.
 */
export function drawProductTypePicture(typeKey: string, colour?: string): string {
  const picture = pictures.get(typeKey)
  if (picture === undefined) throw new RangeError(`No picture is drawn for product type "${typeKey}"`)
  const tone = toTone(colour ?? picture.natural)
  const shadow = picture.shadow ?? 110
  const body =
    drawRect(0, 0, size, size, 0, picture.background) +
    drawGroup(drawCircle(200, 196, 158, '#ffffff'), { opacity: 0.6 }) +
    (shadow > 0 ? drawGroup(drawEllipse(200, 334, shadow, 12, ink), { opacity: 0.13 }) : '') +
    `<g stroke="${ink}" stroke-width="${outlineWidth}" stroke-linejoin="round" stroke-linecap="round">` +
    picture.draw(tone) +
    '</g>'
  return renderSvgDocument({ width: size, height: size, title: typeKey.replace(/-/g, ' '), body })
}
