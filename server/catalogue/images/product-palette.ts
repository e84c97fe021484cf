/** One hue in five steps, lightest first (values from the Tailwind palette the app is styled with). */
export type Tones = { tint: string; soft: string; light: string; base: string; deep: string }

export type ProductColours = { main: Tones; accent: Tones }

const hues = {
  green: { tint: '#ecfdf6', soft: '#d1fae8', light: '#a6f2d4', base: '#10a874', deep: '#0a6e4d' },
  orange: { tint: '#fff7ed', soft: '#ffedd5', light: '#fed7aa', base: '#f97316', deep: '#c2410c' },
  sky: { tint: '#f0f9ff', soft: '#e0f2fe', light: '#bae6fd', base: '#0ea5e9', deep: '#0369a1' },
  blue: { tint: '#eff6ff', soft: '#dbeafe', light: '#bfdbfe', base: '#3b82f6', deep: '#1d4ed8' },
  violet: { tint: '#f5f3ff', soft: '#ede9fe', light: '#ddd6fe', base: '#8b5cf6', deep: '#6d28d9' },
  rose: { tint: '#fff1f2', soft: '#ffe4e6', light: '#fecdd3', base: '#f43f5e', deep: '#be123c' },
  amber: { tint: '#fffbeb', soft: '#fef3c7', light: '#fde68a', base: '#f59e0b', deep: '#b45309' },
  teal: { tint: '#f0fdfa', soft: '#ccfbf1', light: '#99f6e4', base: '#14b8a6', deep: '#0f766e' },
  pink: { tint: '#fdf2f8', soft: '#fce7f3', light: '#fbcfe8', base: '#ec4899', deep: '#be185d' },
  indigo: { tint: '#eef2ff', soft: '#e0e7ff', light: '#c7d2fe', base: '#6366f1', deep: '#4338ca' },
} satisfies Record<string, Tones>

/**
 * Hand-picked main and accent pairs: choosing the accent at random put neighbours such as orange
 * and rose together, which looked muddy at thumbnail size.
 */
export const productColourPairs: readonly [ProductColours, ...ProductColours[]] = [
  { main: hues.green, accent: hues.amber },
  { main: hues.green, accent: hues.rose },
  { main: hues.orange, accent: hues.sky },
  { main: hues.orange, accent: hues.teal },
  { main: hues.sky, accent: hues.amber },
  { main: hues.sky, accent: hues.pink },
  { main: hues.blue, accent: hues.amber },
  { main: hues.blue, accent: hues.pink },
  { main: hues.violet, accent: hues.amber },
  { main: hues.violet, accent: hues.teal },
  { main: hues.rose, accent: hues.sky },
  { main: hues.rose, accent: hues.teal },
  { main: hues.amber, accent: hues.blue },
  { main: hues.amber, accent: hues.violet },
  { main: hues.teal, accent: hues.pink },
  { main: hues.teal, accent: hues.orange },
  { main: hues.pink, accent: hues.indigo },
  { main: hues.indigo, accent: hues.amber },
  { main: hues.indigo, accent: hues.pink },
]

/** Colours that belong to the object rather than to the product's hue (wood, metal, leaves). */
export const fixedColours = {
  white: '#ffffff',
  ink: '#16211d',
  inkSoft: '#3d4a45',
  paperLine: '#e2e8e5',
  metal: '#cbd5d1',
  metalDeep: '#94a39d',
  wood: '#c0834f',
  woodDeep: '#8f5a31',
  leaf: '#22a06b',
  leafDeep: '#0b7a55',
  leafLight: '#5fcf95',
  gold: '#fbbf24',
  goldDeep: '#d97706',
  cream: '#fff4d6',
  noodle: '#fde68a',
  tomato: '#ef4444',
  bread: '#e9b56b',
  breadDeep: '#c98a3c',
} as const
