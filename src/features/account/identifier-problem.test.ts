import { describe, expect, it } from 'vitest'
import { identifierProblem, safeRedirectPath } from './identifier-problem'

describe('identifierProblem', () => {
  it('accepts email addresses and Thai mobile numbers in their usual forms', () => {
    expect(identifierProblem('somchai@example.co.th')).toBeUndefined()
    expect(identifierProblem(' 081-234-5678 ')).toBeUndefined()
    expect(identifierProblem('+66812345678')).toBeUndefined()
  })

  it('names the problem the way the spec words it', () => {
    expect(identifierProblem('   ')).toBe('required')
    expect(identifierProblem('somchai@')).toBe('invalid_email')
    expect(identifierProblem('0212345678')).toBe('invalid_phone')
    expect(identifierProblem('12345')).toBe('invalid_phone')
    expect(identifierProblem('somchai')).toBe('invalid_identifier')
  })
})

describe('safeRedirectPath', () => {
  it('keeps in-app paths and drops anything that could leave the app', () => {
    expect(safeRedirectPath('/en/profile?tab=1')).toBe('/en/profile?tab=1')
    expect(safeRedirectPath('//evil.example')).toBeUndefined()
    expect(safeRedirectPath('https://evil.example')).toBeUndefined()
    expect(safeRedirectPath('/\\evil.example')).toBeUndefined()
    expect(safeRedirectPath(undefined)).toBeUndefined()
  })
})
