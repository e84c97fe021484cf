import type { Page } from '@playwright/test'
import { unbreakableThaiWords } from '#domain/text/thai-words'

/**
 * What a shopper would see as broken on the screen the page shows, at its current width (issue 20):
 * - the page scrolls sideways (and which elements stick out, outside the strips meant to scroll);
 * - text cut off: a text box whose content is larger than its box while it hides the overflow
 *   (the tone marks of Thai under a tight line height, a label cut at the side) — a single line
 *   ending in "…" (`text-overflow: ellipsis`) or a `line-clamp` is a choice, not a cut;
 * - Thai text set tighter than 1.5 times its size (its tone marks touch or clip);
 * - a name (`data-name`: a merchant, a product, a payment method) broken inside a part between its
 *   spaces, when that part would have fit on one line of its own;
 * - anywhere, a word a Thai reader sees as one (domain/text/thai-words.ts) broken across lines.
 * Runs in the page; returns one line per problem.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((wholeWords) => {
    const problems: string[] = []
    const thai = /[\u0E00-\u0E7F]/
    const describe = (element: Element) => {
      const text = element.textContent.replace(/\s+/g, ' ').trim().slice(0, 40)
      const tag = element.tagName.toLowerCase()
      return `<${tag}${element.id ? `#${element.id}` : ''}> "${text}"`
    }
    // A box of 1 px or less is text for screen readers only (`sr-only`), clipped on purpose.
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden'
    }
    const ownText = (element: Element) =>
      [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim()
    // Strips that scroll sideways on purpose (chips, carousels): what is inside them may stick out.
    const insideSideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden' || overflowX === 'clip')
          return true
      }
      return false
    }

    const root = document.documentElement
    const viewportWidth = root.clientWidth
    if (root.scrollWidth > viewportWidth + 1) {
      problems.push(`the page scrolls sideways (${root.scrollWidth} px wide in ${viewportWidth} px)`)
    }
    const elements = [...document.body.querySelectorAll('*')].filter(
      (element) => !(element instanceof SVGElement) && element.closest('[aria-hidden="true"]') === null,
    )
    for (const element of elements) {
      if (!isShown(element)) continue
      const box = element.getBoundingClientRect()
      if (box.right > viewportWidth + 1 && !insideSideScroller(element)) {
        problems.push(`${describe(element)} sticks out ${Math.round(box.right - viewportWidth)} px on the right`)
      }
      const text = ownText(element)
      if (text === '') continue
      const style = getComputedStyle(element)
      const hidesX = style.overflowX === 'hidden' || style.overflowX === 'clip'
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip'
      const isClamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== ''
      const isEllipsis = style.textOverflow === 'ellipsis'
      if (hidesY && !isClamped && element.scrollHeight > element.clientHeight + 1) {
        problems.push(`${describe(element)} is cut off at the top or bottom`)
      }
      if (hidesX && !isEllipsis && !isClamped && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is cut off at the side`)
      }
      if (thai.test(text)) {
        const fontSize = Number.parseFloat(style.fontSize)
        const lineHeight = style.lineHeight === 'normal' ? fontSize * 1.5 : Number.parseFloat(style.lineHeight)
        if (lineHeight < fontSize * 1.5 - 0.5) {
          problems.push(`${describe(element)} has Thai text at line height ${(lineHeight / fontSize).toFixed(2)}`)
        }
      }
    }

    for (const name of document.querySelectorAll('[data-name]')) {
      if (!isShown(name)) continue
      const nameStyle = getComputedStyle(name.parentElement ?? name)
      const lineWidth = (name.parentElement ?? name).getBoundingClientRect().width
      if (nameStyle.whiteSpace === 'nowrap') continue
      const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const value = node.textContent ?? ''
        for (const part of value.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, part.index)
          range.setEnd(node, part.index + part[0].length)
          const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
          const partWidth = [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0)
          if (lineTops.size > 1 && partWidth <= lineWidth) {
            problems.push(`the name "${part[0]}" in ${describe(name)} is broken across lines`)
          }
        }
      }
    }
    const wholeWordPattern = new RegExp(wholeWords.join('|'), 'g')
    const textWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = textWalker.nextNode(); node !== null; node = textWalker.nextNode()) {
      const parent = node.parentElement
      if (parent === null || !isShown(parent) || parent.closest('[aria-hidden="true"]') !== null) continue
      for (const word of (node.textContent ?? '').matchAll(wholeWordPattern)) {
        const range = document.createRange()
        range.setStart(node, word.index)
        range.setEnd(node, word.index + word[0].length)
        const lineTops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
        if (lineTops.size > 1) problems.push(`"${word[0]}" in ${describe(parent)} is broken across lines`)
      }
    }
    return [...new Set(problems)]
  }, unbreakableThaiWords)
}
