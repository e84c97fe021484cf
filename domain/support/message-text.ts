/**
 * A chat message is plain text. Both the shopper's app and the console show it as text nodes
 * (never as HTML) and turn web addresses into links: only `http:` and `https:` ones, so a
 * `javascript:` or `data:` "link" stays text. A trailing full stop, comma or closing bracket
 * belongs to the sentence, not to the address.
 */

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const webAddress = /\bhttps?:\/\/[^\s<>"]+/giu

/** Punctuation that ends a sentence around an address rather than the address itself. */
const trailingPunctuation = /[.,;:!?)\]}'"”’]+$/u

export function splitMessageText(text: string): MessagePart[] {
  const parts: MessagePart[] = []
  let textStart = 0
  for (const match of text.matchAll(webAddress)) {
    const address = match[0].replace(trailingPunctuation, '')
    const start = match.index
    let href: string
    try {
      const url = new URL(address)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      href = url.href
    } catch {
      continue
    }
    if (start > textStart) parts.push({ kind: 'text', text: text.slice(textStart, start) })
    parts.push({ kind: 'link', text: address, href })
    textStart = start + address.length
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart) })
  return parts
}
