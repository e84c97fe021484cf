import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  isSavedAccountRequest,
  payoutAccountFieldErrors,
  withdrawalFieldErrors,
  withdrawalRequestSchema,
} from './withdrawal.ts'

describe('a withdrawal to a saved payout account (docs/decisions/024)', () => {
  const saved = { target: 'truemoney', amount: 15_000, payoutAccountId: '0123456789abcdef01234567' }

  it('names the account by id and carries no details', () => {
    const request = v.parse(withdrawalRequestSchema, { ...saved, mobileNumber: '0812345678' })
    expect(request).toEqual(saved)
    expect(isSavedAccountRequest(request)).toBe(true)
    expect(isSavedAccountRequest(v.parse(withdrawalRequestSchema, { target: 'points', amount: 15_000 }))).toBe(false)
  })

  it('names its own wrong fields, not those of a request with details', () => {
    expect(withdrawalFieldErrors({ ...saved, amount: 0, payoutAccountId: 'x' })).toEqual({
      amount: 'invalid_amount',
      payoutAccountId: 'invalid_payout_account',
    })
    expect(withdrawalFieldErrors({ ...saved, target: 'points' })).toEqual({ target: 'required' })
    expect(withdrawalFieldErrors(saved)).toEqual({})
  })

  it('checks an account saved on its own with the fields of a withdrawal, without the amount', () => {
    expect(payoutAccountFieldErrors({ target: 'promptpay', promptPayId: '12', accountName: '' })).toEqual({
      promptPayId: 'invalid_promptpay_id',
      accountName: 'required',
    })
    expect(payoutAccountFieldErrors({ target: 'truemoney', mobileNumber: '0812345678', accountName: 'A' })).toEqual({})
  })
})

describe('withdrawal request', () => {
  it('reads a bank withdrawal into canonical digits', () => {
    expect(
      v.parse(withdrawalRequestSchema, {
        target: 'bank',
        amount: 20_000,
        bank: 'KBANK',
        accountNumber: '123-4-56789-0',
        accountName: ' Somchai Jaidee ',
        branchName: 'Siam Square',
        phoneOrIdNumber: '081 234 5678',
      }),
    ).toEqual({
      target: 'bank',
      amount: 20_000,
      bank: 'KBANK',
      accountNumber: '1234567890',
      accountName: 'Somchai Jaidee',
      branchName: 'Siam Square',
      phoneOrIdNumber: '0812345678',
    })
  })

  it('names each field that is wrong, with the code the form shows', () => {
    expect(
      withdrawalFieldErrors({
        target: 'bank',
        amount: 0,
        bank: 'KTB',
        accountNumber: '12345',
        accountName: '',
        branchName: 'x'.repeat(101),
        phoneOrIdNumber: '1101700203558',
      }),
    ).toEqual({
      amount: 'invalid_amount',
      bank: 'invalid_bank',
      accountNumber: 'invalid_account_number',
      accountName: 'required',
      branchName: 'too_long',
      phoneOrIdNumber: 'invalid_phone_or_id',
    })
    expect(withdrawalFieldErrors({ target: 'promptpay', amount: 10_000, promptPayId: '12', accountName: 'A' })).toEqual(
      { promptPayId: 'invalid_promptpay_id' },
    )
    expect(
      withdrawalFieldErrors({ target: 'truemoney', amount: 10_000, mobileNumber: '021234567', accountName: 'A' }),
    ).toEqual({ mobileNumber: 'invalid_phone' })
    expect(withdrawalFieldErrors({ target: 'points', amount: 15_050 })).toEqual({ amount: 'whole_baht_required' })
    expect(withdrawalFieldErrors({ target: 'cash', amount: 1 })).toEqual({ target: 'required' })
  })
})
