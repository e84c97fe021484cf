import { describe, expect, it } from 'vitest'
import { findXmlProblem } from './well-formed-xml.ts'

describe('findXmlProblem', () => {
  it('accepts a small well-formed document', () => {
    expect(findXmlProblem('<svg a="1"><title>A &amp; B</title><g><path d="M0 0"/></g></svg>')).toBeUndefined()
  })

  it.each([
    ['an unclosed element', '<svg><g></svg>'],
    ['a bare ampersand', '<svg><title>A & B</title></svg>'],
    ['a bare less-than in an attribute', '<svg a="<"></svg>'],
    ['an unquoted attribute', '<svg a=1></svg>'],
    ['two roots', '<svg></svg><svg></svg>'],
    ['text outside the root', 'hello<svg></svg>'],
  ])('rejects %s', (_, xml) => {
    expect(findXmlProblem(xml)).toBeDefined()
  })
})
