import { describe, expect, it } from 'vitest'
import { faqEntries } from '#domain/help/faq'
import { howtoSteps } from '#domain/help/howto'
import { termsSections } from '#domain/help/terms'
import { tutorials } from '#domain/help/tutorials'

/**
 * One ellipsis in everything a shopper or an operator reads (issue 20): "…", never ".." or "...".
 * The texts are the Lingui catalogs and the help content kept in domain/help.
 */
const catalogs = import.meta.glob<string>('../../locales/*/*.po', { query: '?raw', import: 'default', eager: true })

function catalogTexts(): string[] {
  return Object.entries(catalogs).flatMap(([file, catalog]) =>
    [...catalog.matchAll(/^msg(?:id|str) "(.*)"$/gm)].map((match) => `${file}: ${match[1] ?? ''}`),
  )
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
