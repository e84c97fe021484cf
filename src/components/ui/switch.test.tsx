// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Switch } from './switch'

function switchNamed(name: string): HTMLInputElement {
  return screen.getByRole<HTMLInputElement>('switch', { name })
}

describe('Switch', () => {
  afterEach(cleanup)

  it('is a switch named by its label alone and described by its description', () => {
    render(<Switch label="Promotions" description="Deals" checked={false} onCheckedChange={() => undefined} />)
    const control = switchNamed('Promotions')
    expect(control.checked).toBe(false)
    const description = document.getElementById(control.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe('Deals')
  })

  it('reports the new state, from the control or from a tap anywhere on its row', () => {
    const onCheckedChange = vi.fn()
    render(<Switch label="Promotions" description="Deals" checked={false} onCheckedChange={onCheckedChange} />)
    fireEvent.click(switchNamed('Promotions'))
    fireEvent.click(screen.getByText('Deals'))
    expect(onCheckedChange.mock.calls).toEqual([[true], [true]])
  })

  it('ignores taps while busy, staying focusable and as it was', () => {
    const onCheckedChange = vi.fn()
    render(<Switch label="Promotions" checked isBusy onCheckedChange={onCheckedChange} />)
    const control = switchNamed('Promotions')
    fireEvent.click(control)
    expect(onCheckedChange).not.toHaveBeenCalled()
    expect(control.checked).toBe(true)
    expect(control.disabled).toBe(false)
    expect(control.getAttribute('aria-busy')).toBe('true')
  })
})
