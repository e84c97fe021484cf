import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { findJsonTextProblem, invalidTextReason, isSafeText, maxJsonDepth, safeText, textSchema } from './text.ts'

function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value }
  return value
}

describe('isSafeText', () => {
  it('takes any text of whole characters', () => {
    for (const value of ['', 'สมชาย ใจดี', 'Tom & "Jerry"', '😀👍🏽', '\u202E\uFEFF', '\t\r\n', '%00', '\\u0000']) {
      expect(isSafeText(value)).toBe(true)
    }
  })

  it('refuses U+0000 and unpaired surrogates anywhere', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'a\uDC00b',
      '\uDBFF\uDBFF',
      '\uDFFF\uD800',
      '😀\uD83D',
      '\uDE00😀',
    ]) {
      expect(isSafeText(value)).toBe(false)
    }
  })

  it('agrees with String.prototype.isWellFormed on surrogates', () => {
    const codeUnitString = fc.string({ unit: fc.nat(0xffff).map((code) => String.fromCharCode(code)), maxLength: 8 })
    fc.assert(
      fc.property(codeUnitString, (value) => {
        const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed
        if (isWellFormed === undefined) return
        expect(isSafeText(value)).toBe(isWellFormed.call(value) && !value.includes('\u0000'))
      }),
      { seed: 4, numRuns: 2_000 },
    )
  })
})

describe('textSchema and safeText', () => {
  it('refuse unsafe text with the invalid_text reason, before any later check', () => {
    const schema = v.pipe(textSchema('required'), v.trim(), v.nonEmpty('required'), v.maxLength(3, 'too_long'))
    const result = v.safeParse(schema, '\u0000 long text')
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe(invalidTextReason)
    expect(v.safeParse(schema, ' ab ')).toMatchObject({ success: true, output: 'ab' })
    expect(v.safeParse(schema, 5).issues?.[0]?.message).toBe('required')
  })

  it('takes its own message', () => {
    expect(v.safeParse(v.pipe(v.string(), safeText('Expected text')), '\uD800').issues?.[0]?.message).toBe(
      'Expected text',
    )
  })
})

describe('findJsonTextProblem', () => {
  it('finds unsafe text in values and keys at any depth it walks', () => {
    expect(findJsonTextProblem({ a: [1, null, true, { b: 'fine' }] })).toBeUndefined()
    expect(findJsonTextProblem({ a: [1, { b: 'x\u0000' }] })).toBe('invalid_text')
    expect(findJsonTextProblem({ a: { '\uD800': 1 } })).toBe('invalid_text')
    expect(findJsonTextProblem(['\uDC00'])).toBe('invalid_text')
    expect(findJsonTextProblem('\u0000')).toBe('invalid_text')
  })

  it('refuses nesting beyond the limit without recursion', () => {
    expect(findJsonTextProblem(nested(maxJsonDepth))).toBeUndefined()
    expect(findJsonTextProblem(nested(maxJsonDepth + 1))).toBe('too_deep')
    // Far deeper than the call stack would allow a recursive walk.
    expect(findJsonTextProblem(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)))).toBe('too_deep')
    expect(findJsonTextProblem(nested(4), 3)).toBe('too_deep')
  })
})
