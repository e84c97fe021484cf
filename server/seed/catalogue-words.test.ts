import { describe, expect, it } from 'vitest'
import { categoryWords, type ProductType } from '#server/seed/catalogue-words'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'

/**
 * Demo listings read like real ones: every amount in a name has a unit the product type allows (no
 * millilitres of powder, no scent on a blood-pressure monitor), and the English name says the same
 * amounts as the Thai one.
 */

/** Longest first, so 'ตร.ม.' is not read as 'ม.' and 'กก.' not as 'ก.'. */
const units = [
  'ตร.ม.',
  'ชั่วโมง',
  'ที่นั่ง',
  'แรงม้า',
  'เครื่อง',
  'ลิตร',
  'เดือน',
  'นิ้ว',
  'เตียง',
  'ฉบับ',
  'ชิ้น',
  'ท่าน',
  'นาที',
  'บาท',
  'บาน',
  'ชั้น',
  'เม็ด',
  'ฟุต',
  'ซม.',
  'มม.',
  'มล.',
  'กก.',
  'Mbps',
  'mAh',
  'วัน',
  'คืน',
  'ตัว',
  'Hz',
  'GB',
  'TB',
  'คน',
  'ปี',
  'สี',
  'ม.',
  'ก.',
  '%',
]
const escaped = units.map((unit) => unit.replace(/[.%]/g, (character) => `\\${character}`))
const amount = new RegExp(`(?<![A-Za-z\\d,.])(\\d[\\d,.]*(?:[-/]\\d+)?)\\s?(${escaped.join('|')})?`, 'g')
/** Numbers that are not amounts: sizes and model codes say what they are before the number. */
const namedNumber = /(ไซซ์|เบอร์|เอว|แพ็ก|ปรับปรุง|ชั้น|Pro|Lite|Max|Wi-Fi|SPF)\s?$/

function unitsIn(name: string): { units: string[]; bareNumbers: string[] } {
  const found = { units: [] as string[], bareNumbers: [] as string[] }
  for (const match of name.matchAll(amount)) {
    const [, number = '', unit] = match
    if (namedNumber.test(name.slice(0, match.index))) continue
    if (unit !== undefined) found.units.push(unit)
    else if (!/^[A-Za-z]/.test(name.slice(match.index + number.length))) found.bareNumbers.push(number)
  }
  return found
}

const types = new Map<string, ProductType>(
  Object.values(categoryWords).flatMap((words) => words.productTypes.map((type) => [type.key, type] as const)),
)

describe('demo product listings', () => {
  const catalogue = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)

  it('declares only units the check knows', () => {
    for (const type of types.values()) {
      for (const unit of type.units) expect(['ไซซ์', 'เบอร์', 'เอว', ...units], type.key).toContain(unit)
    }
  })

  it('gives every amount in a name a unit its product type allows', () => {
    const typeOfProduct = (imageSourceUrl: string | null | undefined) => {
      const key = /\/pictures\/([a-z0-9-]+)\//.exec(imageSourceUrl ?? '')?.[1]
      const type = key === undefined ? undefined : types.get(key)
      if (type === undefined) throw new Error(`no product type in ${imageSourceUrl}`)
      return type
    }
    for (const product of catalogue.products) {
      const type = typeOfProduct(product.feed?.imageSourceUrl)
      const { units: named, bareNumbers } = unitsIn(product.name.th)
      for (const unit of named) expect(type.units, `${product.name.th}: ${unit}`).toContain(unit)
      expect(bareNumbers, `${product.name.th}: numbers without a unit`).toEqual([])
    }
  })

  it('catches a unit that does not fit', () => {
    expect(unitsIn('คอลลาเจนผง Dara Glow 30 มล.').units).toEqual(['มล.'])
    expect(types.get('collagen')?.units).not.toContain('มล.')
    expect(unitsIn('เครื่องวัดความดัน Mintra 12').bareNumbers).toEqual(['12'])
  })

  it('says the same amounts in English as in Thai', () => {
    // A Thai edition's year is in the Buddhist era: 2569 is 2026.
    const commonEra = (number: string) => (/^25\d\d$/.test(number) ? String(Number(number) - 543) : number)
    const numbers = (text: string) =>
      [...text.matchAll(/\d[\d,.]*/g)].map(([number]) => commonEra(number.replace(/,/g, ''))).sort()
    for (const product of catalogue.products) {
      expect(numbers(product.name.en), `${product.name.th} / ${product.name.en}`).toEqual(numbers(product.name.th))
    }
  })

  it("prices every product within its type's usual range", () => {
    for (const product of catalogue.products) {
      const key = /\/pictures\/([a-z0-9-]+)\//.exec(product.feed?.imageSourceUrl ?? '')?.[1] ?? ''
      const type = types.get(key)
      if (type === undefined || type.fixedBaht === true) continue
      const usual = (product.feed?.regularPrice ?? product.price) / 100
      expect(usual, product.name.th).toBeGreaterThanOrEqual(type.minimumBaht * 0.5)
      const biggestVariant = Math.max(...type.variants.map((variant) => variant.priceFactor ?? 1))
      expect(usual, product.name.th).toBeLessThanOrEqual(type.maximumBaht * biggestVariant * 1.2)
    }
  })
})
