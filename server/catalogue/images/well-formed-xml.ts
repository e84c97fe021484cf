/**
 * A strict subset of XML well-formedness, enough for the SVG this folder writes: one root, balanced
 * tags, double-quoted attributes, and no bare `<` or `&` in text or attribute values. Tests use it
 * instead of a full parser so that the check needs no new dependency.
 */
const tagPattern = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>$/
const bareAmpersandPattern = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/

export function findXmlProblem(xml: string): string | undefined {
  const openTags: string[] = []
  let hasClosedRoot = false
  let position = 0
  while (position < xml.length) {
    const tagStart = xml.indexOf('<', position)
    const text = xml.slice(position, tagStart === -1 ? xml.length : tagStart)
    if (text.trim().length > 0 && (openTags.length === 0 || hasClosedRoot)) return `text outside the root: ${text}`
    if (bareAmpersandPattern.test(text)) return `bare ampersand in text: ${text}`
    if (tagStart === -1) break
    const tagEnd = xml.indexOf('>', tagStart)
    if (tagEnd === -1) return 'unterminated tag'
    const tag = xml.slice(tagStart, tagEnd + 1)
    const match = tagPattern.exec(tag)
    if (match === null) return `malformed tag: ${tag}`
    const [, closingSlash, name = '', attributes = '', selfClosingSlash] = match
    if (bareAmpersandPattern.test(attributes)) return `bare ampersand in attributes: ${tag}`
    if (hasClosedRoot) return `second root element: ${tag}`
    if (closingSlash === '/') {
      if (openTags.pop() !== name) return `unbalanced closing tag: ${tag}`
      if (openTags.length === 0) hasClosedRoot = true
    } else if (selfClosingSlash === '/') {
      if (openTags.length === 0) hasClosedRoot = true
    } else {
      openTags.push(name)
    }
    position = tagEnd + 1
  }
  if (openTags.length > 0) return `unclosed tags: ${openTags.join(', ')}`
  if (!hasClosedRoot) return 'no root element'
  return undefined
}
