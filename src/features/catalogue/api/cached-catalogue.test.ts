import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Merchant, Product } from '#domain/contracts/catalogue'
import { catalogueKeys } from './catalogue-keys'
import { ApiError } from '../../../lib/api-client'
import { findCachedMerchants, findCachedProducts, listItemsOrCachedMatches } from './cached-catalogue'

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
      merchant: {
        _id: seller._id,
        name: seller.name,
        logoUrl: seller.logoUrl,
        cashback: seller.cashback,
        trackingDays: seller.trackingDays,
        confirmationDays: seller.confirmationDays,
      },
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

describe('listItemsOrCachedMatches', () => {
  const pages = { pages: [{ data: [{ _id: 'a' }, { _id: 'b' }], total: 2 }], pageParams: [0] }
  const saved = () => [{ _id: 'saved' }]

  it('shows what the server answered, merged by id', () => {
    const result = listItemsOrCachedMatches({ data: pages, isError: false, error: null }, 'x', saved)
    expect(result).toEqual({ items: [{ _id: 'a' }, { _id: 'b' }], isSearchingCache: false })
  })

  it('answers an offline search from what the device saved', () => {
    const offline = { data: undefined, isError: true, error: new ApiError('network', undefined, 'offline') }
    expect(listItemsOrCachedMatches(offline, 'x', saved)).toEqual({ items: [{ _id: 'saved' }], isSearchingCache: true })
    // No search, or a server error: the list says it could not load instead.
    expect(listItemsOrCachedMatches(offline, undefined, saved).isSearchingCache).toBe(false)
    const serverError = { data: undefined, isError: true, error: new ApiError('internal_error', 500, 'boom') }
    expect(listItemsOrCachedMatches(serverError, 'x', saved).isSearchingCache).toBe(false)
  })
})
