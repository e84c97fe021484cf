import { describe, expect, it } from 'vitest'
import {
  addressVariants,
  canonicalMarketplaceAddress,
  findFirstWebAddress,
  hostKey,
  normalizeShopAddress,
  parseWebAddress,
  recognizeMarketplaceLink,
  sharedLinkPath,
  shortLinkMarketplace,
  siteMatch,
} from './shop-links.ts'

function url(text: string): URL {
  const parsed = parseWebAddress(text)
  if (parsed === undefined) throw new Error(`not an address: ${text}`)
  return parsed
}

describe('findFirstWebAddress', () => {
  it('takes the first http(s) address out of the words around it', () => {
    expect(findFirstWebAddress('ดูสิ https://shopee.co.th/a-i.1.2 ถูกมาก')).toBe('https://shopee.co.th/a-i.1.2')
    expect(findFirstWebAddress('two: http://a.example/x and https://b.example/y')).toBe('http://a.example/x')
    expect(findFirstWebAddress('HTTPS://A.EXAMPLE/X')).toBe('HTTPS://A.EXAMPLE/X')
    expect(findFirstWebAddress('line one\nhttps://a.example/x\nline three')).toBe('https://a.example/x')
    expect(findFirstWebAddress('ร้านนี้\u00a0https://a.example/x\u3000ดี')).toBe('https://a.example/x')
  })

  it('leaves out the punctuation a sentence puts after an address', () => {
    expect(findFirstWebAddress('See https://a.example/x.')).toBe('https://a.example/x')
    expect(findFirstWebAddress('So cheap (https://a.example/x)!')).toBe('https://a.example/x')
    expect(findFirstWebAddress('"https://a.example/x",')).toBe('https://a.example/x')
    expect(findFirstWebAddress('<https://a.example/x>')).toBe('https://a.example/x')
    // A bracket the address opened is its own.
    expect(findFirstWebAddress('https://en.wikipedia.org/wiki/Foo_(bar)')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    )
    expect(findFirstWebAddress('https://a.example/?q=1&r=2;')).toBe('https://a.example/?q=1&r=2')
  })

  it('finds none in text without one', () => {
    for (const text of ['', 'ถูกมาก', 'shopee.co.th/product/1/2', 'ftp://a.example', 'mailto:a@b.example']) {
      expect(findFirstWebAddress(text), text).toBeUndefined()
    }
  })
})

describe('parseWebAddress', () => {
  it('takes absolute http(s) addresses with a host and no user name', () => {
    expect(parseWebAddress(' https://a.example/x ')?.href).toBe('https://a.example/x')
    for (const text of [
      'https://',
      'javascript:alert(1)',
      'data:text/html,x',
      '/relative',
      'https://user:pw@a.example/',
    ]) {
      expect(parseWebAddress(text), text).toBeUndefined()
    }
  })
})

describe('normalizeShopAddress', () => {
  it('makes the same page one address: https, lower-case host, no fragment, tracking or trailing slash', () => {
    expect(
      normalizeShopAddress(
        url('HTTP://Shop.Example:80/th/p/1/?utm_source=line&color=red&fbclid=x&UTM_Campaign=y&aff_sub=z#reviews'),
      ).href,
    ).toBe('https://shop.example/th/p/1?color=red')
    expect(normalizeShopAddress(url('https://shop.example/?gclid=1')).href).toBe('https://shop.example/')
    expect(normalizeShopAddress(url('https://shop.example.:443//')).href).toBe('https://shop.example/')
    expect(
      normalizeShopAddress(url('https://www.lazada.co.th/products/x-i1-s2.html?spm=a&clickTrackInfo=b&search=1')).href,
    ).toBe('https://www.lazada.co.th/products/x-i1-s2.html')
    expect(normalizeShopAddress(url('https://shopee.co.th/x-i.1.2?sp_atk=a&xptdk=b&smtt=c')).href).toBe(
      'https://shopee.co.th/x-i.1.2',
    )
  })

  it('keeps www. (another host to a server) but matches it away', () => {
    expect(normalizeShopAddress(url('https://WWW.Shop.example/a')).hostname).toBe('www.shop.example')
    expect(hostKey('WWW.Shop.example.')).toBe('shop.example')
    expect(hostKey('m.shopee.co.th')).toBe('shopee.co.th')
    expect(hostKey('www2.shop.example')).toBe('shop.example')
    expect(hostKey('mall.shop.example')).toBe('mall.shop.example')
  })
})

describe('addressVariants', () => {
  it('lists the forms a feed may have written a page in', () => {
    const variants = addressVariants(url('https://www.shop.example/th/หนังสือ?id=1&utm_source=x'))
    expect(variants).toContain(
      'https://www.shop.example/th/%E0%B8%AB%E0%B8%99%E0%B8%B1%E0%B8%87%E0%B8%AA%E0%B8%B7%E0%B8%AD?id=1',
    )
    expect(variants).toContain('https://www.shop.example/th/หนังสือ?id=1')
    expect(variants).toContain('http://shop.example/th/หนังสือ')
    expect(variants).toContain(
      'https://shop.example/th/%E0%B8%AB%E0%B8%99%E0%B8%B1%E0%B8%87%E0%B8%AA%E0%B8%B7%E0%B8%AD/',
    )
    expect(variants.every((variant) => !variant.includes('utm_source'))).toBe(true)
  })
})

describe('recognizeMarketplaceLink', () => {
  it("reads Shopee's product shapes", () => {
    const item = { marketplace: 'shopee', item: { shopId: '123456', itemId: '7890123' } }
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/product/123456/7890123'))).toEqual(item)
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/product/123456/7890123/?sp_atk=x'))).toEqual(item)
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/universal-link/product/123456/7890123'))).toEqual(item)
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/Cool-T-Shirt-i.123456.7890123'))).toEqual(item)
    expect(recognizeMarketplaceLink(url('https://m.shopee.co.th/เสื้อยืด-คอกลม-i.123456.7890123?xptdk=a'))).toEqual(item)
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/universal-link/a-i.123456.7890123'))).toEqual(item)
  })

  it("reads Lazada's product shapes", () => {
    expect(recognizeMarketplaceLink(url('https://www.lazada.co.th/products/phone-case-i123-s456.html?spm=x'))).toEqual({
      marketplace: 'lazada',
      item: { itemId: '123', skuId: '456' },
    })
    expect(recognizeMarketplaceLink(url('https://www.lazada.co.th/products/i123.html'))).toEqual({
      marketplace: 'lazada',
      item: { itemId: '123' },
    })
    expect(recognizeMarketplaceLink(url('https://lazada.co.th/products/pdp-i123.html'))).toEqual({
      marketplace: 'lazada',
      item: { itemId: '123' },
    })
  })

  it('knows their other pages as theirs, without a product, and nobody else', () => {
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/'))).toEqual({ marketplace: 'shopee' })
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/shop/123'))).toEqual({ marketplace: 'shopee' })
    expect(recognizeMarketplaceLink(url('https://shopee.co.th/product/abc/1'))).toEqual({ marketplace: 'shopee' })
    expect(recognizeMarketplaceLink(url('https://www.lazada.co.th/shop/some-store/'))).toEqual({
      marketplace: 'lazada',
    })
    expect(recognizeMarketplaceLink(url('https://pages.lazada.co.th/wow/i/th/x'))).toEqual({ marketplace: 'lazada' })
    expect(recognizeMarketplaceLink(url('https://www.lazada.co.th/products/x/i1.html'))).toEqual({
      marketplace: 'lazada',
    })
    for (const text of [
      'https://shopee.com.my/product/1/2',
      'https://notshopee.co.th/product/1/2',
      'https://s.shopee.co.th/abc',
    ]) {
      expect(recognizeMarketplaceLink(url(text)), text).toBeUndefined()
    }
  })

  it('gives each product one canonical address', () => {
    expect(canonicalMarketplaceAddress({ marketplace: 'shopee', item: { shopId: '1', itemId: '2' } })).toBe(
      'https://shopee.co.th/product/1/2',
    )
    expect(canonicalMarketplaceAddress({ marketplace: 'lazada', item: { itemId: '2', skuId: '3' } })).toBe(
      'https://www.lazada.co.th/products/i2-s3.html',
    )
    expect(canonicalMarketplaceAddress({ marketplace: 'lazada', item: { itemId: '2' } })).toBe(
      'https://www.lazada.co.th/products/i2.html',
    )
  })
})

describe('shortLinkMarketplace', () => {
  it('knows the short links of both share buttons', () => {
    expect(shortLinkMarketplace(url('https://s.shopee.co.th/AbC123'))).toBe('shopee')
    expect(shortLinkMarketplace(url('https://shp.ee/xyz'))).toBe('shopee')
    expect(shortLinkMarketplace(url('https://shope.ee/xyz'))).toBe('shopee')
    expect(shortLinkMarketplace(url('https://s.lazada.co.th/s.AbC'))).toBe('lazada')
    expect(shortLinkMarketplace(url('https://c.lazada.co.th/t/c.AbC'))).toBe('lazada')
    expect(shortLinkMarketplace(url('https://S.SHOPEE.CO.TH./x'))).toBe('shopee')
    expect(shortLinkMarketplace(url('https://shopee.co.th/x'))).toBeUndefined()
    expect(shortLinkMarketplace(url('https://evil.s.shopee.co.th.example/x'))).toBeUndefined()
  })
})

describe('siteMatch', () => {
  it('tells a page under the site path from a page only on its host', () => {
    const site = url('https://www.shop.example/th/')
    expect(siteMatch(url('https://shop.example/th'), site)).toBe(2)
    expect(siteMatch(url('https://shop.example/th/p/1'), site)).toBe(2)
    expect(siteMatch(url('https://shop.example/thai/p/1'), site)).toBe(1)
    expect(siteMatch(url('https://shop.example/en/p/1'), site)).toBe(1)
    expect(siteMatch(url('https://other.example/th'), site)).toBe(0)
    expect(siteMatch(url('https://shop.example.evil.example/th'), site)).toBe(0)
    expect(siteMatch(url('https://shop.example/anything'), url('https://shop.example'))).toBe(2)
  })
})

describe('sharedLinkPath', () => {
  const fields =
    (values: Partial<Record<string, string>>) =>
    (name: string): string | undefined =>
      values[name]

  it('opens the paste-a-link page with the first link of the share, from url, text or title', () => {
    expect(sharedLinkPath(fields({ url: 'https://shopee.co.th/a-i.1.2' }))).toBe(
      '/paste-link?link=https%3A%2F%2Fshopee.co.th%2Fa-i.1.2',
    )
    expect(sharedLinkPath(fields({ title: 'A shirt', text: 'Look! https://s.shopee.co.th/x so cheap' }))).toBe(
      '/paste-link?link=https%3A%2F%2Fs.shopee.co.th%2Fx',
    )
    expect(sharedLinkPath(fields({ url: '', text: 'no link', title: 'https://a.example/t' }))).toBe(
      '/paste-link?link=https%3A%2F%2Fa.example%2Ft',
    )
  })

  it('brings text without a link along (the page says so), and nothing for an empty share', () => {
    expect(sharedLinkPath(fields({ text: 'ถูกมาก' }))).toBe(`/paste-link?link=${encodeURIComponent('ถูกมาก')}`)
    expect(sharedLinkPath(fields({ text: '  ', url: '' }))).toBeUndefined()
    expect(sharedLinkPath(fields({}))).toBeUndefined()
  })
})
