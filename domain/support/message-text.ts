/**
 * A chat message is plain text. Both the shopper's app and the console show it as text nodes
 * (never as HTML) and turn web addresses into links: only `http:` and `https:` ones, so a
 * `javascript:` or `data:` "link" stays text. A trailing full stop, comma or closing bracket
 * belongs to the sentence, not to the address (a bracket the address opened stays its own:
 * `…/Baht_(currency)`).
 *
 * An address is made of the characters a URL can hold unescaped, so Thai written straight after it,
 * without a space as Thai is written ("ดูที่ https://ngernkhuen.test/howtoนะคะ"), is not part of it.
 */

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const webAddress = /\bhttps?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi

/** Punctuation that ends a sentence around an address rather than the address itself. */
const trailingPunctuation = /[.,;:!?'"*]+$/

/** The address without the punctuation after it, and without a closing bracket it did not open. */
function trimAddress(candidate: string): string {
  let address = candidate
  for (;;) {
    const before = address
    address = address.replace(trailingPunctuation, '')
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      if (address.endsWith(close) && address.split(close).length > address.split(open).length) {
        address = address.slice(0, -1)
      }
    }
    if (address === before) return address
  }
}

export function splitMessageText(text: string): MessagePart[] {
  const parts: MessagePart[] = []
  let textStart = 0
  for (const match of text.matchAll(webAddress)) {
    const address = trimAddress(match[0])
    const start = match.index
    let href: string
    try {
      const url = new URL(address)
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') continue
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
