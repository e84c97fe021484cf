import { describe, expect, it } from 'vitest'
import { merchantCategoryIds } from '#domain/categories'
import { categoryGlyphs } from './category-glyphs.ts'
import { renderProductPictureSvg } from './product-picture.ts'
import { findXmlProblem } from './well-formed-xml.ts'

const sample = { categoryId: 'food', label: 'Pad Thai set' } as const

describe('renderProductPictureSvg', () => {
  it.each(merchantCategoryIds)('renders a well-formed 4:3 placeholder without text for %s', (categoryId) => {
    const svg = renderProductPictureSvg({ categoryId, label: 'A product' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"')).toBe(true)
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).not.toContain('<text')
  })

  it("draws its category's outline and nothing of the category's goods, the same for every product", () => {
    const phone = renderProductPictureSvg({ categoryId: 'computers', label: 'Smartphone Nexa Lite 56' })
    const laptop = renderProductPictureSvg({ categoryId: 'computers', label: 'Laptop' })
    expect(phone).toContain(categoryGlyphs.computers)
    expect(phone.replace(/<title>.*<\/title>/, '')).toBe(laptop.replace(/<title>.*<\/title>/, ''))
    expect(renderProductPictureSvg(sample)).not.toContain(categoryGlyphs.computers)
  })

  it('escapes the label, which only appears as the title', () => {
    const svg = renderProductPictureSvg({ ...sample, label: 'Salt & "pepper" <b>' })
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).toContain('<title>Salt &amp; &quot;pepper&quot; &lt;b&gt;</title>')
    expect(svg.match(/Salt/g)).toHaveLength(1)
  })
})
