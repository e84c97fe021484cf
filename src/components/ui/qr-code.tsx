import { encode } from 'uqr'

/** A QR code drawn as one SVG path (no canvas, no inline markup, so the CSP stays strict). */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: 'M', border: 2 })
  const moduleCount = data.length
  let path = ''
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${moduleCount} ${moduleCount}`}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
    >
      <path d={path} fill="#16211d" />
    </svg>
  )
}
