import { describe, expect, it } from 'vitest'
import { merchantCategoryIds } from '#domain/categories'
import { logoPalette } from './logo-palette.ts'
import { extractInitials, renderMerchantLogoSvg } from './merchant-logo.ts'
import { findXmlProblem } from './well-formed-xml.ts'

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function measureLuminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

function measureContrast(first: string, second: string): number {
  const [lighter, darker] = [measureLuminance(first), measureLuminance(second)].sort((a, b) => b - a)
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05)
}

const sample = { merchantId: 'merchant-shopee', name: 'Shopee Thailand', categoryId: 'marketplace' } as const

describe('renderMerchantLogoSvg', () => {
  it('returns the same bytes for the same merchant', () => {
    expect(renderMerchantLogoSvg(sample)).toBe(renderMerchantLogoSvg({ ...sample }))
  })

  it('varies the colour between merchants', () => {
    const logos = new Set(
      Array.from(
        { length: 24 },
        (_, index) =>
          renderMerchantLogoSvg({ ...sample, merchantId: `merchant-${index}` }).match(/stop-color="#\w+"/)?.[0],
      ),
    )
    expect(logos.size).toBeGreaterThanOrEqual(6)
  })

  it.each(merchantCategoryIds)('renders a well-formed square logo for %s', (categoryId) => {
    const svg = renderMerchantLogoSvg({ merchantId: `merchant-${categoryId}`, name: 'Siam Store', categoryId })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"')).toBe(true)
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).toContain('>SS</text>')
  })

  it('escapes markup in the name', () => {
    const svg = renderMerchantLogoSvg({ ...sample, name: 'Tom & "Jerry" <script>' })
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;script&gt;</title>')
  })

  it('shows the category glyph instead of initials for a name without Latin letters', () => {
    const svg = renderMerchantLogoSvg({ ...sample, name: 'ร้านหนังสือดี', categoryId: 'books' })
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).not.toContain('<text')
    expect(svg).toContain('<title>ร้านหนังสือดี</title>')
  })

  it('draws text that contrasts at least 4.5:1 with every point of its tile', () => {
    for (let index = 0; index < 60; index += 1) {
      const svg = renderMerchantLogoSvg({ ...sample, merchantId: `merchant-${index}` })
      const textColour = /<text[^>]* fill="(#\w{6})"/.exec(svg)?.[1]
      const gradientColours = [...svg.matchAll(/stop-color="(#\w{6})"/g)].map((match) => match[1] ?? '')
      expect(textColour).toBeDefined()
      expect(gradientColours).toHaveLength(2)
      for (const backgroundColour of gradientColours) {
        expect(measureContrast(textColour ?? '', backgroundColour)).toBeGreaterThanOrEqual(4.5)
      }
    }
  })

  it('keeps every palette entry at 4.5:1 or more at both ends of the gradient', () => {
    for (const { background, shade, foreground } of logoPalette) {
      expect(measureContrast(foreground, background), background).toBeGreaterThanOrEqual(4.5)
      expect(measureContrast(foreground, shade), shade).toBeGreaterThanOrEqual(measureContrast(foreground, background))
    }
  })
})

describe('extractInitials', () => {
  it.each([
    ['Shopee', 'S'],
    ['Central Online', 'CO'],
    ['PowerBuy', 'PB'],
    ['The Mall', 'M'],
    ['The', 'T'],
    ["Lotus's", 'L'],
    ['B2S', 'BS'],
    ['Toys"R"Us', 'TR'],
    ['index living mall', 'IL'],
    ['ร้านหนังสือดี', ''],
    ['', ''],
  ])('%s gives "%s"', (name, initials) => {
    expect(extractInitials(name)).toBe(initials)
  })
})
