/** Tiny element builders so an illustration reads as a list of shapes rather than as markup. */

export function drawRect(x: number, y: number, width: number, height: number, radius: number, fill: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="${fill}"/>`
}

export function drawCircle(centerX: number, centerY: number, radius: number, fill: string): string {
  return `<circle cx="${centerX}" cy="${centerY}" r="${radius}" fill="${fill}"/>`
}

export function drawEllipse(centerX: number, centerY: number, radiusX: number, radiusY: number, fill: string): string {
  return `<ellipse cx="${centerX}" cy="${centerY}" rx="${radiusX}" ry="${radiusY}" fill="${fill}"/>`
}

export function drawShape(pathData: string, fill: string): string {
  return `<path d="${pathData}" fill="${fill}"/>`
}

export function drawLine(pathData: string, stroke: string, width: number, dashes?: string): string {
  const dashAttribute = dashes === undefined ? '' : ` stroke-dasharray="${dashes}"`
  return `<path d="${pathData}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${dashAttribute}/>`
}

/** Groups shapes under a transform and an optional opacity (for highlights and shadows). */
export function drawGroup(content: string, { transform, opacity }: { transform?: string; opacity?: number }): string {
  const transformAttribute = transform === undefined ? '' : ` transform="${transform}"`
  const opacityAttribute = opacity === undefined ? '' : ` opacity="${opacity}"`
  return `<g${transformAttribute}${opacityAttribute}>${content}</g>`
}

/** Points of a five-pointed star, rounded to one decimal so the bytes never depend on float noise. */
export function describeStar(centerX: number, centerY: number, outerRadius: number, innerRadius: number): string {
  const points = Array.from({ length: 10 }, (_, index) => {
    const radius = index % 2 === 0 ? outerRadius : innerRadius
    const angle = -Math.PI / 2 + (index * Math.PI) / 5
    return `${(centerX + radius * Math.cos(angle)).toFixed(1)} ${(centerY + radius * Math.sin(angle)).toFixed(1)}`
  })
  return `M${points.join('L')}Z`
}

/** A four-pointed twinkle, used to decorate the empty corners of a picture. */
export function describeSparkle(x: number, y: number, size: number): string {
  return `M${x} ${y - size}Q${x} ${y} ${x + size} ${y}Q${x} ${y} ${x} ${y + size}Q${x} ${y} ${x - size} ${y}Q${x} ${y} ${x} ${y - size}Z`
}

/** A symmetric leaf lying along the x axis from its stem at the origin; rotate it into place. */
export function describeLeaf(length: number, width: number): string {
  const half = width / 2
  return `M0 0C${length * 0.25} ${-half} ${length * 0.7} ${-half} ${length} 0C${length * 0.7} ${half} ${length * 0.25} ${half} 0 0Z`
}
