import {
  describeLeaf,
  describeSparkle,
  describeStar,
  drawCircle,
  drawEllipse,
  drawGroup,
  drawLine,
  drawRect,
  drawShape,
} from '../svg-shapes.ts'

/**
 * The shared vocabulary of the product-type pictures. Every picture is a 400 × 400 canvas with the
 * object standing on the ground line at y ≈ 330, lit from the top left (highlights on the upper
 * left of a form, shadow tones on the lower right), outlined in one ink colour and weight that the
 * picture sets once on the product's group; shapes inherit it unless wrapped in `flat`.
 */

/** The product's own colour in three steps: a variant's colour, or the type's natural colour. */
export type Tone = { base: string; light: string; deep: string }

export type Drawing = (tone: Tone) => string

export type TypeDrawing = {
  /** The product's colour when the listing names none (`#rrggbb`). */
  natural: string
  /** Half the width of the ground shadow; 0 for a floating object. Defaults to 110. */
  shadow?: number
  draw: Drawing
}

export const ink = '#2b3a42'
export const outlineWidth = 6

/** Colours that belong to materials rather than to the product's colour. */
export const paint = {
  white: '#ffffff',
  paper: '#fffaf0',
  cream: '#fbefd2',
  ink,
  inkSoft: '#5b6870',
  screen: '#26343d',
  glass: '#d4edf7',
  sky: '#8fd3f4',
  water: '#43b7e3',
  metal: '#d7dee3',
  metalDeep: '#9ba7af',
  wood: '#d49a5e',
  woodDeep: '#a56d3d',
  leaf: '#40ad68',
  leafDeep: '#278650',
  leafLight: '#92d88f',
  gold: '#f7c744',
  goldDeep: '#d99a1f',
  red: '#e5484d',
  orange: '#f58a2b',
  yellow: '#ffd84d',
  blue: '#3b7ddd',
  pink: '#f58fb6',
  purple: '#8b5cf6',
  teal: '#22b3a6',
  brown: '#8b5a36',
  chocolate: '#5b3626',
  skin: '#f4c7a1',
  grey: '#b9c3c9',
} as const

export const rect = drawRect
export const circle = drawCircle
export const ellipse = drawEllipse
export const path = drawShape

/** A stroked line (a seam, a lace, a handle); round caps and joins. */
export const line = drawLine

/** Shapes drawn without the outline: highlights, prints, small details. */
export function flat(content: string): string {
  return `<g stroke="none">${content}</g>`
}

/** Shapes outlined with a thinner pen, for small parts that a full outline would swamp. */
export function thin(content: string, width = 4): string {
  return `<g stroke-width="${width}">${content}</g>`
}

export function rotate(content: string, angle: number, centerX: number, centerY: number): string {
  return drawGroup(content, { transform: `rotate(${angle} ${centerX} ${centerY})` })
}

export function move(content: string, x: number, y: number, scale = 1): string {
  return drawGroup(content, {
    transform: scale === 1 ? `translate(${x} ${y})` : `translate(${x} ${y}) scale(${scale})`,
  })
}

export function fade(content: string, opacity: number): string {
  return drawGroup(content, { opacity })
}

/** The light from the top left catching a surface: a soft white streak, not outlined. */
export function shine(x: number, y: number, width: number, height: number): string {
  return flat(fade(rect(x, y, width, height, Math.min(width, height) / 2, paint.white), 0.55))
}

/** The side turned from the light: darkens whatever is under it, not outlined. */
export function shade(pathData: string, opacity = 0.14): string {
  return flat(fade(path(pathData, '#000000'), opacity))
}

export function star(centerX: number, centerY: number, size: number, fill: string): string {
  return path(describeStar(centerX, centerY, size, size * 0.45), fill)
}

export function sparkle(centerX: number, centerY: number, size: number, fill: string = paint.white): string {
  return flat(path(describeSparkle(centerX, centerY, size), fill))
}

export function leaf(x: number, y: number, length: number, width: number, angle: number, fill: string): string {
  return drawGroup(path(describeLeaf(length, width), fill), { transform: `translate(${x} ${y}) rotate(${angle})` })
}

export function heartPath(centerX: number, centerY: number, size: number): string {
  const s = size
  return (
    `M${centerX} ${centerY + s * 0.9}C${centerX - s * 1.5} ${centerY - s * 0.1} ${centerX - s * 0.8} ${centerY - s * 1.25} ${centerX} ${centerY - s * 0.45}` +
    `C${centerX + s * 0.8} ${centerY - s * 1.25} ${centerX + s * 1.5} ${centerY - s * 0.1} ${centerX} ${centerY + s * 0.9}Z`
  )
}

export function heart(centerX: number, centerY: number, size: number, fill: string): string {
  return path(heartPath(centerX, centerY, size), fill)
}

/** A shield standing on its point, `top` its upper edge. */
export function shieldPath(centerX: number, top: number, width: number, height: number): string {
  const half = width / 2
  return (
    `M${centerX} ${top}C${centerX + half * 0.5} ${top + height * 0.08} ${centerX + half * 0.8} ${top + height * 0.1} ${centerX + half} ${top + height * 0.1}` +
    `V${top + height * 0.48}C${centerX + half} ${top + height * 0.75} ${centerX + half * 0.45} ${top + height * 0.92} ${centerX} ${top + height}` +
    `C${centerX - half * 0.45} ${top + height * 0.92} ${centerX - half} ${top + height * 0.75} ${centerX - half} ${top + height * 0.48}` +
    `V${top + height * 0.1}C${centerX - half * 0.8} ${top + height * 0.1} ${centerX - half * 0.5} ${top + height * 0.08} ${centerX} ${top}Z`
  )
}

export function check(x: number, y: number, size: number, stroke: string, width = 8): string {
  return line(`M${x - size} ${y}l${size * 0.7} ${size * 0.7} ${size * 1.3}-${size * 1.3}`, stroke, width)
}

/** A ticket with a half-circle bite out of each end. */
export function ticketPath(x: number, y: number, width: number, height: number, notch = 16): string {
  const middle = y + height / 2
  return (
    `M${x + 8} ${y}H${x + width - 8}Q${x + width} ${y} ${x + width} ${y + 8}V${middle - notch}` +
    `A${notch} ${notch} 0 0 0 ${x + width} ${middle + notch}V${y + height - 8}Q${x + width} ${y + height} ${x + width - 8} ${y + height}` +
    `H${x + 8}Q${x} ${y + height} ${x} ${y + height - 8}V${middle + notch}A${notch} ${notch} 0 0 0 ${x} ${middle - notch}V${y + 8}Q${x} ${y} ${x + 8} ${y}Z`
  )
}

/** A tyre with its hub. */
export function wheel(centerX: number, centerY: number, radius: number, hub: string = paint.metal): string {
  return circle(centerX, centerY, radius, paint.ink) + circle(centerX, centerY, radius * 0.48, hub)
}

/** A coin seen face on, with its rim. */
export function coin(centerX: number, centerY: number, radius: number): string {
  return (
    circle(centerX, centerY, radius, paint.gold) +
    thin(circle(centerX, centerY, radius * 0.68, paint.yellow), 3) +
    shine(centerX - radius * 0.5, centerY - radius * 0.55, radius * 0.3, radius * 0.55)
  )
}

/** Steam or a scent rising: three wavy strokes. */
export function steam(x: number, y: number, colour: string = paint.white, gap = 26): string {
  return [0, 1, 2].map((index) => line(`M${x + index * gap} ${y}c-10-12 10-22 0-36`, colour, 6)).join('')
}

/** A water drop pointing up. */
export function dropPath(centerX: number, centerY: number, size: number): string {
  return `M${centerX} ${centerY - size * 1.5}C${centerX + size * 0.6} ${centerY - size * 0.6} ${centerX + size} ${centerY - size * 0.1} ${centerX + size} ${centerY + size * 0.3}A${size} ${size} 0 0 1 ${centerX - size} ${centerY + size * 0.3}C${centerX - size} ${centerY - size * 0.1} ${centerX - size * 0.6} ${centerY - size * 0.6} ${centerX} ${centerY - size * 1.5}Z`
}

/** Rounds to one decimal so the bytes never depend on float noise. */
export function round(value: number): number {
  return Math.round(value * 10) / 10
}

/** Wi-Fi arcs opening upwards from a dot at (x, y). */
export function wifi(x: number, y: number, size: number, colour: string, width = 9): string {
  const arcs = [1, 2, 3].map((step) => {
    const radius = step * size
    const d = round(radius * Math.SQRT1_2)
    return line(`M${x - d} ${y - d}A${radius} ${radius} 0 0 1 ${x + d} ${y - d}`, colour, width)
  })
  return circle(x, y, width * 0.8, colour) + arcs.join('')
}

/** Sound or signal waves to the right of (x, y). */
export function waves(x: number, y: number, colour: string, count = 2, gap = 16): string {
  return Array.from({ length: count }, (_, index) => {
    const radius = 14 + index * gap
    return line(
      `M${x + radius * 0.5} ${y - radius * 0.87}A${radius} ${radius} 0 0 1 ${x + radius * 0.5} ${y + radius * 0.87}`,
      colour,
      6,
    )
  }).join('')
}

/** A cloud sitting on the line y. */
export function cloud(x: number, y: number, scale: number, fill: string = paint.white): string {
  return move(path('M-40 0a20 20 0 0 1 6-38 28 28 0 0 1 52-10 22 22 0 0 1 30 20 18 18 0 0 1-2 28z', fill), x, y, scale)
}

/** The letters A, B and C drawn as strokes in a box `size` high, for "ABC" where the product is a lesson. */
export function lettersABC(x: number, y: number, size: number, colour: string, width = 8): string {
  const s = size
  const w = s * 0.62
  const a = `M${x} ${y + s}L${x + w / 2} ${y}L${x + w} ${y + s}M${x + w * 0.2} ${y + s * 0.62}H${x + w * 0.8}`
  const bx = x + w + s * 0.22
  const b =
    `M${bx} ${y + s}V${y}H${bx + w * 0.45}a${w * 0.35} ${s * 0.25} 0 0 1 0 ${s * 0.5}H${bx}` +
    `M${bx + w * 0.45} ${y + s * 0.5}H${bx + w * 0.5}a${w * 0.4} ${s * 0.25} 0 0 1 0 ${s * 0.5}H${bx}`
  const cx = bx + w + s * 0.28
  const c = `M${cx + w} ${y + s * 0.15}A${w * 0.62} ${s / 2} 0 1 0 ${cx + w} ${y + s * 0.85}`
  return line(a + b + c, colour, width)
}

/** A crescent moon opening to the right. */
export function crescent(centerX: number, centerY: number, radius: number, fill: string): string {
  const tipX = round(centerX + radius * 0.35)
  const tipY = round(radius * 0.94)
  return path(
    `M${tipX} ${centerY - tipY}A${radius} ${radius} 0 1 0 ${tipX} ${centerY + tipY}A${radius * 0.85} ${radius * 0.85} 0 0 1 ${tipX} ${centerY - tipY}Z`,
    fill,
  )
}

/** A ring of metal or cord: an outlined stroke of `width`. */
export function ring(pathData: string, colour: string, width: number): string {
  return line(pathData, ink, width + outlineWidth) + line(pathData, colour, width)
}

/** A thick outlined stroke (a strap, a cable, a hose) following a path. */
export const band = ring

/** A spiky outline around an ellipse (a durian, a burst). */
export function spikyPath(
  centerX: number,
  centerY: number,
  radiusX: number,
  radiusY: number,
  points: number,
  depth: number,
): string {
  const corners = Array.from({ length: points * 2 }, (_, index) => {
    const angle = (index * Math.PI) / points
    const scale = index % 2 === 0 ? 1 : 1 - depth
    return `${round(centerX + radiusX * scale * Math.cos(angle))} ${round(centerY + radiusY * scale * Math.sin(angle))}`
  })
  return `M${corners.join('L')}Z`
}

/** A stand-up pouch with a sealed, notched top (coffee, dried fruit). */
export function pouch(x: number, y: number, width: number, height: number, fill: string, seal: string): string {
  return (
    path(
      `M${x + 6} ${y}H${x + width - 6}L${x + width} ${y + height - 10}Q${x + width} ${y + height} ${x + width - 12} ${y + height}H${x + 12}Q${x} ${y + height} ${x} ${y + height - 10}Z`,
      fill,
    ) +
    rect(x + 4, y, width - 8, 22, 4, seal) +
    flat(line(`M${x + 14} ${y + 11}H${x + width - 14}`, paint.white, 3, '5 6')) +
    shine(x + 14, y + 34, 12, height * 0.5)
  )
}

/** A circle as path data, for stroking as a line or a ring. */
export function circlePath(centerX: number, centerY: number, radius: number): string {
  return `M${centerX - radius} ${centerY}a${radius} ${radius} 0 1 0 ${radius * 2} 0a${radius} ${radius} 0 1 0 ${-radius * 2} 0`
}
