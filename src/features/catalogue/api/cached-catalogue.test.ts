import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Merchant, Product } from '#domain/contracts/catalogue'
import { catalogueKeys } from './catalogue-keys'
import { findCachedMerchants, findCachedProducts } from './cached-catalogue'

function merchant(id: string, th: string, en: string, categoryId: Merchant['categoryId']): Merchant {
  return {
    _id: id.padStart(24, '0'),
    name: { th, en },
    description: { th: '', en: '' },
    logoUrl: '/media/logo.svg',
    category: 'Books',
    categoryId,
    cashback: { kind: 'up-to', rateBasisPoints: 500, maxPerOrder: null },
    trackingDays: 3,
    confirmationDays: 60,
    terms: { th: [], en: [] },
    topRank: null,
    shopUrl: '/demo-store/1',
    productCount: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
  }
}

describe('offline search over the cache', () => {
  it('finds merchants from lists and detail pages by a Thai or English substring, once each', () => {
    const queryClient = new QueryClient()
    const books = merchant('1', 'ร้านหนังสือดี', 'Good Books', 'books')
    const toys = merchant('2', 'บ้านของเล่น', 'Toy House', 'toys')
    queryClient.setQueryData(catalogueKeys.merchantList({}), {
      pages: [{ data: [books, toys], total: 2 }],
      pageParams: [0],
    })
    queryClient.setQueryData(catalogueKeys.merchant(books._id), books)

    expect(findCachedMerchants(queryClient, { search: 'หนังสือ' }).map((item) => item._id)).toEqual([books._id])
    expect(findCachedMerchants(queryClient, { search: 'HOUSE' }).map((item) => item._id)).toEqual([toys._id])
    expect(findCachedMerchants(queryClient, { search: 'o', category: 'books' })).toHaveLength(1)
    expect(findCachedMerchants(queryClient, { search: 'nothing' })).toEqual([])
  })

  it('finds products by their merchant name too, and ignores data of another shape', () => {
    const queryClient = new QueryClient()
    const seller = merchant('3', 'ช้อปดี', 'ShopDee', 'fashion')
    const product: Product = {
      _id: '4'.padStart(24, '0'),
      name: { th: 'รองเท้าวิ่ง', en: 'Running shoes' },
      imageUrl: '/media/picture.svg',
      price: 120000,
      merchant: { _id: seller._id, name: seller.name, logoUrl: seller.logoUrl, cashback: seller.cashback },
      estimatedCashback: 6000,
      categoryId: 'sports',
      comparisonKey: 'running-shoes',
      createdAt: '2026-11-01T00:00:00.000Z',
    }
    queryClient.setQueryData(catalogueKeys.productOffers(product._id), { data: [product], total: 1 })
    queryClient.setQueryData(catalogueKeys.productList({ search: 'x' }), { unexpected: true })

    expect(findCachedProducts(queryClient, { search: 'วิ่ง' })).toHaveLength(1)
    expect(findCachedProducts(queryClient, { search: 'shopdee' })).toHaveLength(1)
    expect(findCachedProducts(queryClient, { search: 'shoes', category: 'toys' })).toEqual([])
  })
})
