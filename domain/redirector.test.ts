import { describe, expect, it } from 'vitest'
import { pageRedirectTarget } from './redirector.ts'

describe('?page= redirector (spec section 2)', () => {
  it.each([
    ['Merchants', undefined, '/merchants'],
    ['Merchants', '9', '/merchants'],
    ['MerchantDetail', '42', '/merchants/42'],
    ['MerchantDetail', undefined, '/merchants'],
    ['Promotions', undefined, '/promotions'],
    ['Profiles', undefined, '/profile'],
    ['Cashbacks', undefined, '/cashback'],
    ['CashbackDetail', 'tx-7', '/cashback/tx-7'],
    ['CashbackDetail', undefined, '/cashback'],
    ['Wallet', undefined, '/wallet'],
    ['Withdrawal', undefined, '/withdrawal'],
  ])('page=%s sub_page_id=%s goes to %s', (page, subPageId, target) => {
    expect(pageRedirectTarget(page, subPageId)).toBe(target)
  })

  it('ignores values outside the table, including inherited object keys', () => {
    expect(pageRedirectTarget('Unknown')).toBeUndefined()
    expect(pageRedirectTarget('merchants')).toBeUndefined()
    expect(pageRedirectTarget('toString')).toBeUndefined()
  })

  it('treats a blank sub id as none and cannot be steered off the path', () => {
    expect(pageRedirectTarget('MerchantDetail', '  ')).toBe('/merchants')
    expect(pageRedirectTarget('MerchantDetail', '../auth')).toBe('/merchants/..%2Fauth')
  })
})
