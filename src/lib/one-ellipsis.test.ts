import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { faqEntries } from '../help/faq.ts'
import { howtoSteps } from '../help/howto.ts'
import { termsSections } from '../help/terms.ts'
import { tutorials } from '../help/tutorials.ts'

/**
 * One ellipsis in everything a shopper or an operator reads (issue 20): "…", never ".." or "...".
 * The texts are the Lingui catalogs and the help content kept in domain/help.
 */
const localesDirectory = path.join(import.meta.dirname, '../../locales')

function catalogTexts(): string[] {
  const texts: string[] = []
  for (const locale of readdirSync(localesDirectory)) {
    for (const file of readdirSync(path.join(localesDirectory, locale))) {
      const catalog = readFileSync(path.join(localesDirectory, locale, file), 'utf8')
      for (const match of catalog.matchAll(/^msg(?:id|str) "(.*)"$/gm)) texts.push(`${locale}/${file}: ${match[1]}`)
    }
  }
  return texts
}

describe('ellipsis', () => {
  it('is "…" in every catalog message and help text', () => {
    const helpTexts = JSON.stringify([faqEntries, howtoSteps, termsSections, tutorials])
      .split('","')
      .map((text) => `domain/help: ${text}`)
    const texts = [...catalogTexts(), ...helpTexts]
    expect(texts.length).toBeGreaterThan(1000)
    expect(texts.filter((text) => /\.\.(?!\/)/.test(text))).toEqual([])
  })
})
