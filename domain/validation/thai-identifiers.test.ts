import { describe, expect, it } from 'vitest'
import {
  isEmailAddress,
  isThaiMobileNumber,
  isThaiNationalId,
  normalizeEmailAddress,
  normalizeThaiMobileNumber,
  normalizeBankAccountNumber,
  normalizePhoneOrNationalId,
  normalizePromptPayId,
  normalizeThaiNationalId,
} from './thai-identifiers.ts'

describe('Thai mobile numbers', () => {
  it.each([
    ['0812345678', '0812345678'],
    ['0612345678', '0612345678'],
    ['0998765432', '0998765432'],
    ['081-234-5678', '0812345678'],
    ['081 234 5678', '0812345678'],
    ['+66812345678', '0812345678'],
    ['+66 81 234 5678', '0812345678'],
    ['+66-81-234-5678', '0812345678'],
    ['66812345678', '0812345678'],
    ['(081) 234-5678', '0812345678'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(isThaiMobileNumber(input)).toBe(true)
    expect(normalizeThaiMobileNumber(input)).toBe(normalized)
  })

  it.each([
    '',
    '021234567', // Bangkok landline: 9 digits, area code 02
    '0212345678', // landline prefix with 10 digits
    '0712345678', // 07 is not a mobile prefix
    '081234567', // too short
    '08123456789', // too long
    '+660812345678', // the 0 must go with +66
    '+1 812 345 6789',
    '08l2345678', // letter l
    '๐๘๑๒๓๔๕๖๗๘', // Thai digits are not accepted: keyboards type Arabic digits
    'demo@ngernkhuen.test',
  ])('refuses %j', (input) => {
    expect(isThaiMobileNumber(input)).toBe(false)
    expect(normalizeThaiMobileNumber(input)).toBeUndefined()
  })
})

describe('Thai national ID', () => {
  it.each([
    ['1101700203557', '1101700203557'],
    ['3100601234565', '3100601234565'],
    ['1234567890121', '1234567890121'],
    ['3-7004-01234-51-5', '3700401234515'],
    ['1 1017 00203 55 7', '1101700203557'],
  ])('accepts %s', (input, normalized) => {
    expect(isThaiNationalId(input)).toBe(true)
    expect(normalizeThaiNationalId(input)).toBe(normalized)
  })

  it.each([
    '1101700203558', // wrong check digit
    '1234567890123', // wrong check digit
    '110170020355', // 12 digits
    '11017002035571', // 14 digits
    '110170020355x',
    '',
  ])('refuses %j', (input) => {
    expect(isThaiNationalId(input)).toBe(false)
  })

  it('uses (11 − Σ mod 11) mod 10: a remainder of 1 gives 0, a remainder of 0 gives 1', () => {
    expect(isThaiNationalId('1308860915240')).toBe(true)
    expect(isThaiNationalId('1464848506951')).toBe(true)
  })
})

describe('email addresses', () => {
  it.each([
    'demo@ngernkhuen.test',
    'somchai.jaidee@gmail.com',
    'somchai+shopping@hotmail.co.th',
    'a_b-c@sub.example.ac.th',
    'ผู้ใช้@ตัวอย่าง.ไทย',
  ])('accepts %s', (input) => {
    expect(isEmailAddress(input)).toBe(true)
  })

  it.each([
    '',
    'somchai',
    'somchai@',
    '@gmail.com',
    'somchai@gmail',
    'somchai@@gmail.com',
    'som chai@gmail.com',
    'somchai@gmail..com',
    '.somchai@gmail.com',
    'som..chai@gmail.com',
    'somchai@-gmail.com',
    'somchai@gmail.c',
    `${'a'.repeat(65)}@gmail.com`,
    `a@${'b'.repeat(250)}.com`,
  ])('refuses %j', (input) => {
    expect(isEmailAddress(input)).toBe(false)
  })

  it('normalizes to lowercase without surrounding spaces', () => {
    expect(normalizeEmailAddress('  Demo@NgernKhuen.Test ')).toBe('demo@ngernkhuen.test')
    expect(normalizeEmailAddress('nope')).toBeUndefined()
  })
})

describe('bank account numbers', () => {
  it('reads 10 digits in the written forms', () => {
    expect(normalizeBankAccountNumber('123-4-56789-0')).toBe('1234567890')
    expect(normalizeBankAccountNumber('1234567890')).toBe('1234567890')
  })

  it.each(['123456789', '12345678901', '12345a7890', ''])('refuses %j', (value) => {
    expect(normalizeBankAccountNumber(value)).toBeUndefined()
  })
})

describe('PromptPay ids', () => {
  it('tells a mobile number, a national ID and an e-wallet id apart', () => {
    expect(normalizePromptPayId('081-234-5678')).toEqual({ kind: 'mobile', id: '0812345678' })
    expect(normalizePromptPayId('1-1017-00203-55-7')).toEqual({ kind: 'national_id', id: '1101700203557' })
    expect(normalizePromptPayId('123456789012345')).toEqual({ kind: 'e_wallet', id: '123456789012345' })
  })

  it.each(['1101700203558', '0212345678', '12345678901234', 'promptpay'])('refuses %j', (value) => {
    expect(normalizePromptPayId(value)).toBeUndefined()
  })
})

describe('phone or national ID', () => {
  it('accepts either, canonical', () => {
    expect(normalizePhoneOrNationalId('+66 81 234 5678')).toBe('0812345678')
    expect(normalizePhoneOrNationalId('1101700203557')).toBe('1101700203557')
    expect(normalizePhoneOrNationalId('1101700203558')).toBeUndefined()
  })
})
