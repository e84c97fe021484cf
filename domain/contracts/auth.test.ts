import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { parseSignInIdentifier, signInCodeRequestSchema, signInRequestSchema } from './auth.ts'

function firstMessage(schema: v.GenericSchema, input: unknown): string | undefined {
  const result = v.safeParse(schema, input)
  return result.success ? undefined : result.issues[0].message
}

describe('sign-in identifiers', () => {
  it('recognizes email addresses and Thai mobile numbers in their canonical form', () => {
    expect(parseSignInIdentifier(' Demo@NgernKhuen.test ')).toEqual({ kind: 'email', value: 'demo@ngernkhuen.test' })
    expect(parseSignInIdentifier('+66 81 234 5678')).toEqual({ kind: 'phone', value: '0812345678' })
    expect(parseSignInIdentifier('081-234-5678')).toEqual({ kind: 'phone', value: '0812345678' })
    expect(parseSignInIdentifier('somchai')).toBeUndefined()
    expect(parseSignInIdentifier('somchai@')).toBeUndefined()
    expect(parseSignInIdentifier('021234567')).toBeUndefined()
  })

  it('says required when empty and invalid_identifier when malformed', () => {
    expect(firstMessage(signInCodeRequestSchema, { identifier: '' })).toBe('required')
    expect(firstMessage(signInCodeRequestSchema, { identifier: '   ' })).toBe('required')
    expect(firstMessage(signInCodeRequestSchema, { identifier: 'nope' })).toBe('invalid_identifier')
    expect(firstMessage(signInCodeRequestSchema, { identifier: '0812345678' })).toBeUndefined()
  })

  it('wants a 6-digit code', () => {
    expect(v.parse(signInRequestSchema, { identifier: 'a@b.co', code: '123 456' }).code).toBe('123456')
    expect(firstMessage(signInRequestSchema, { identifier: 'a@b.co', code: '12345' })).toBe('invalid_code')
    expect(firstMessage(signInRequestSchema, { identifier: 'a@b.co', code: '' })).toBe('required')
  })
})
