export type LogoColours = {
  /** Top-left of the tile's gradient. */
  background: string
  /** Bottom-right of the gradient; always further from `foreground` than `background` is. */
  shade: string
  /** Initials and glyph; at least 4.5:1 against both gradient ends (WCAG AA for text). */
  foreground: string
}

/**
 * Mostly deep tones with white text, plus three pastels with dark text so a list of logos is not
 * a wall of dark tiles. Brand green and cashback orange are kept but deepened so a merchant tile
 * is never mistaken for an app control.
 */
export const logoPalette: readonly [LogoColours, ...LogoColours[]] = [
  { background: '#0b7a55', shade: '#065f46', foreground: '#ffffff' },
  { background: '#0f766e', shade: '#115e59', foreground: '#ffffff' },
  { background: '#0369a1', shade: '#075985', foreground: '#ffffff' },
  { background: '#1d4ed8', shade: '#1e40af', foreground: '#ffffff' },
  { background: '#4338ca', shade: '#3730a3', foreground: '#ffffff' },
  { background: '#6d28d9', shade: '#5b21b6', foreground: '#ffffff' },
  { background: '#be123c', shade: '#9f1239', foreground: '#ffffff' },
  { background: '#c2410c', shade: '#9a3412', foreground: '#ffffff' },
  { background: '#334155', shade: '#1e293b', foreground: '#ffffff' },
  { background: '#fcd34d', shade: '#fde68a', foreground: '#16211d' },
  { background: '#a6f2d4', shade: '#d1fae8', foreground: '#0a4834' },
  { background: '#fed7aa', shade: '#ffedd5', foreground: '#7c2d12' },
]
