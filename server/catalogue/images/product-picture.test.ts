import { describe, expect, it } from 'vitest'
import { merchantCategoryIds } from '#domain/categories'
import { productIllustrations } from './product-illustrations.ts'
import { productColourPairs } from './product-palette.ts'
import { renderProductPictureSvg } from './product-picture.ts'
import { findXmlProblem } from './well-formed-xml.ts'

const sample = { productId: 'product-42', categoryId: 'food', label: 'Pad Thai set' } as const

describe('renderProductPictureSvg', () => {
  it('returns the same bytes for the same product', () => {
    expect(renderProductPictureSvg(sample)).toBe(renderProductPictureSvg({ ...sample }))
  })

  it.each(merchantCategoryIds)('renders a well-formed 4:3 picture without text for %s', (categoryId) => {
    const svg = renderProductPictureSvg({ productId: `product-${categoryId}`, categoryId, label: 'A product' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"')).toBe(true)
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).not.toContain('<text')
  })

  it('draws every illustration as well-formed markup', () => {
    for (const illustrations of Object.values(productIllustrations)) {
      for (const illustrate of illustrations) {
        for (const colours of productColourPairs) {
          expect(findXmlProblem(`<svg>${illustrate(colours)}</svg>`)).toBeUndefined()
        }
      }
    }
  })

  it('varies colours and drawings within a category so a list does not look cloned', () => {
    const pictures = new Set(
      Array.from({ length: 12 }, (_, index) =>
        renderProductPictureSvg({ ...sample, productId: `product-${index}`, categoryId: 'fashion' }),
      ),
    )
    expect(pictures.size).toBeGreaterThanOrEqual(6)
  })

  it('escapes the label, which only appears as the title', () => {
    const svg = renderProductPictureSvg({ ...sample, label: 'Salt & "pepper" <b>' })
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).toContain('<title>Salt &amp; &quot;pepper&quot; &lt;b&gt;</title>')
    expect(svg.match(/Salt/g)).toHaveLength(1)
  })
})
