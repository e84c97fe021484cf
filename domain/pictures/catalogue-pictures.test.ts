import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { merchantSchema, productSchema } from '../contracts/catalogue.ts'
import { fallbackPictureUrl, pictureSchema, pictureSourceSet } from './catalogue-pictures.ts'

const picture = {
  path: `/media/pictures/${'0f'.repeat(16)}`,
  widths: [160, 320, 640] as const,
  width: 640,
  height: 480,
}

describe('catalogue pictures', () => {
  it('lists every width made in one format for srcset', () => {
    expect(pictureSourceSet({ ...picture, widths: [...picture.widths] }, 'webp')).toBe(
      `${picture.path}/160.webp 160w, ${picture.path}/320.webp 320w, ${picture.path}/640.webp 640w`,
    )
    expect(pictureSourceSet({ ...picture, widths: [160] }, 'jpg')).toBe(`${picture.path}/160.jpg 160w`)
  })

  it('falls back to the widest JPEG up to the preferred width, or the narrowest made', () => {
    expect(fallbackPictureUrl({ ...picture, widths: [160, 320, 640, 960] }, 640)).toBe(`${picture.path}/640.jpg`)
    expect(fallbackPictureUrl({ ...picture, widths: [160, 320] }, 640)).toBe(`${picture.path}/320.jpg`)
    expect(fallbackPictureUrl({ ...picture, widths: [320, 640] }, 160)).toBe(`${picture.path}/320.jpg`)
  })

  it('accepts only the widths the server makes', () => {
    expect(v.is(pictureSchema, { ...picture, widths: [160, 320, 640] })).toBe(true)
    expect(v.is(pictureSchema, { ...picture, widths: [] })).toBe(false)
    expect(v.is(pictureSchema, { ...picture, widths: [150] })).toBe(false)
  })
})

describe('the catalogue contract with pictures', () => {
  const merchant = { _id: 'a'.repeat(24), name: { th: 'ร้าน', en: 'Shop' }, logoUrl: '/media/merchants/a/logo.svg' }
  const cashback = { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null }
  const product = {
    _id: 'b'.repeat(24),
    name: { th: 'รองเท้า', en: 'Shoes' },
    imageUrl: `/media/products/${'b'.repeat(24)}/picture.svg`,
    price: 99_000,
    merchant: { ...merchant, cashback, trackingDays: 1, confirmationDays: 30 },
    estimatedCashback: 4_950,
    categoryId: 'fashion',
    comparisonKey: 'shoes',
    createdAt: '2026-11-01T00:00:00.000Z',
  }

  it('reads an answer saved on a phone before pictures existed', () => {
    const parsed = v.parse(productSchema, product)
    expect(parsed.image).toBeUndefined()
    expect(parsed.merchant.logo).toBeUndefined()
  })

  it('reads a product with its made picture, and one whose picture is not made', () => {
    const withPicture = { ...product, imageUrl: `${picture.path}/640.jpg`, image: { ...picture, widths: [160, 320] } }
    expect(v.parse(productSchema, withPicture).image?.widths).toEqual([160, 320])
    expect(v.parse(productSchema, { ...product, image: null }).image).toBeNull()
    expect(v.is(productSchema, { ...product, image: { path: '/x' } })).toBe(false)
  })

  it('gives a merchant its logo', () => {
    const full = {
      ...merchant,
      description: { th: '', en: '' },
      category: 'Fashion',
      categoryId: 'fashion',
      cashback,
      trackingDays: 1,
      confirmationDays: 30,
      terms: { th: [], en: [] },
      topRank: null,
      shopUrl: 'https://shop.example.com/',
      productCount: 3,
      createdAt: '2026-11-01T00:00:00.000Z',
      logo: { ...picture, widths: [160] },
    }
    expect(v.parse(merchantSchema, full).logo?.widths).toEqual([160])
  })
})
