// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LinkedText } from './linked-text'

describe('LinkedText', () => {
  afterEach(cleanup)

  it('draws markup as the characters it is, and web addresses as links that leave the app', () => {
    const text = '<img src=x onerror="alert(1)"> <a href="javascript:alert(2)">x</a> ดูที่ https://a.test/faqนะคะ'
    const { container } = render(
      <p>
        <LinkedText text={text} linkClassName="text-brand-700" />
      </p>,
    )
    expect(container.querySelector('img')).toBeNull()
    expect(container.textContent).toBe(text)
    const links = [...container.querySelectorAll('a')]
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['https://a.test/faq', 'https://a.test/faq'],
    ])
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(links[0]?.getAttribute('target')).toBe('_blank')
  })
})
