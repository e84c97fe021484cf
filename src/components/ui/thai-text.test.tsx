// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ThaiText } from './thai-text'

describe('ThaiText', () => {
  afterEach(cleanup)

  it('keeps each listed word on one line, in one span the text is still read as', () => {
    const text = 'ถอนเข้าพร้อมเพย์หรือทรูมันนี่'
    const { container } = render(
      <p className="flex gap-2">
        <ThaiText>{text}</ThaiText>
      </p>,
    )
    expect(container.textContent).toBe(text)
    // One child: in a flex container, loose parts would each be an item of their own.
    expect(container.firstElementChild?.children).toHaveLength(1)
    const whole = [...container.querySelectorAll('.whitespace-nowrap')].map((span) => span.textContent)
    expect(whole).toEqual(['พร้อมเพย์', 'ทรูมันนี่'])
  })

  it('leaves text with no listed word as it is', () => {
    const { container } = render(
      <p>
        <ThaiText>{'Withdraw to a bank'}</ThaiText>
      </p>,
    )
    expect(container.firstElementChild?.innerHTML).toBe('Withdraw to a bank')
  })
})
