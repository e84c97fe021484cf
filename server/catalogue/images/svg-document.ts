const xmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** Makes text safe inside both element content and double-quoted attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEntities[character] ?? character)
}

/**
 * Wraps drawn elements in a standalone SVG document. The `xmlns` attribute is required for the
 * file to render when served as `image/svg+xml` or used in an `<img>`; `<title>` gives inline
 * uses an accessible name (an `<img>` still needs its own `alt`).
 */
export function renderSvgDocument({
  width,
  height,
  title,
  body,
}: {
  width: number
  height: number
  title: string
  body: string
}): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  )
}
