import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { categoryWords, colourNames } from '#server/seed/catalogue-words'
import { drawProductTypePicture, drawnProductTypes } from './product-type-pictures.ts'
import { findXmlProblem } from './well-formed-xml.ts'

const productTypes = Object.values(categoryWords).flatMap(({ productTypes }) => productTypes)
const typeKeys = productTypes.map(({ key }) => key)

/** Types sold in colours, with the colours their variants name. */
const colouredTypes = productTypes
  .map(({ key, variants }) => ({
    key,
    colours: [...new Set(variants.flatMap(({ colour }) => (colour === undefined ? [] : [colour])))],
  }))
  .filter(({ colours }) => colours.length > 0)

/** The drawing without its `<title>`, which names the type and so differs anyway. */
function drawingOf(svg: string): string {
  return svg.replace(/<title>[^<]*<\/title>/, '')
}

describe('drawProductTypePicture', () => {
  it('draws every product type of the demo catalogue', () => {
    expect(typeKeys.filter((key) => !drawnProductTypes.has(key))).toEqual([])
  })

  it('draws no type that the demo catalogue no longer has', () => {
    expect([...drawnProductTypes].filter((key) => !typeKeys.includes(key))).toEqual([])
  })

  it.each(typeKeys)('draws %s as a well-formed square document with no text or references', (key) => {
    const svg = drawProductTypePicture(key)
    expect(
      svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"'),
    ).toBe(true)
    expect(findXmlProblem(svg)).toBeUndefined()
    expect(svg).not.toMatch(/<text|<image|<use|<style|<script|href=|url\(/)
  })

  it('gives no two types the same drawing', () => {
    const typeByDrawing = new Map<string, string>()
    for (const key of drawnProductTypes) {
      const drawing = drawingOf(drawProductTypePicture(key))
      expect(typeByDrawing.get(drawing), `${key} is drawn like another type`).toBeUndefined()
      typeByDrawing.set(drawing, key)
    }
  })

  it.each(colouredTypes)("tints $key in each of its variants' colours", ({ key, colours }) => {
    const drawings = colours.map((colour) => drawProductTypePicture(key, colour))
    for (const svg of drawings) expect(findXmlProblem(svg)).toBeUndefined()
    expect(new Set(drawings.map(drawingOf)).size).toBe(colours.length)
  })

  it('knows every colour a variant can name, and hex colours', () => {
    const names = Object.keys(colourNames)
    expect(new Set(names.map((colour) => drawProductTypePicture('crew-neck-tee', colour))).size).toBe(names.length)
    expect(drawProductTypePicture('crew-neck-tee', '#ff0000')).toContain('fill="#ff0000"')
    expect(drawProductTypePicture('crew-neck-tee', '#f00')).toBe(drawProductTypePicture('crew-neck-tee', '#ff0000'))
  })

  it('refuses a colour it cannot read rather than writing it into the markup', () => {
    expect(() => drawProductTypePicture('crew-neck-tee', 'red" onload="alert(1)')).toThrow(RangeError)
    expect(() => drawProductTypePicture('crew-neck-tee', 'rgb(1, 2, 3)')).toThrow(RangeError)
  })

  it('throws for a type it has no drawing of', () => {
    expect(() => drawProductTypePicture('flying-carpet')).toThrow(/flying-carpet/)
  })

  it('returns the same bytes every time', () => {
    expect(drawProductTypePicture('canvas-sneakers', 'red')).toBe(drawProductTypePicture('canvas-sneakers', 'red'))
  })

  it('renders every drawing to a picture that is not blank', async () => {
    for (const key of drawnProductTypes) {
      const png = await sharp(Buffer.from(drawProductTypePicture(key)))
        .resize(160, 160)
        .png()
        .toBuffer()
      const { width, height } = await sharp(png).metadata()
      expect({ key, width, height }).toEqual({ key, width: 160, height: 160 })
      // A picture of a thing has ink in it: the darkest pixel is far darker than the background.
      const { channels } = await sharp(png).stats()
      expect(channels[0]?.min ?? 255, key).toBeLessThan(100)
    }
  })
})
