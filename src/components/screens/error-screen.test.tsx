// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ErrorPageBoundary } from './error-screen'

function BrokenErrorPage(): never {
  throw new Error('the error page itself failed')
}

describe('ErrorPageBoundary', () => {
  beforeAll(() => {
    // No catalog: the macros fall back to the Thai source text, which is what Thai readers see.
    i18n.loadAndActivate({ locale: 'th', messages: {} })
  })
  afterEach(cleanup)

  it('says the error page failed and links home when rendering it throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <I18nProvider i18n={i18n}>
        <ErrorPageBoundary>
          <BrokenErrorPage />
        </ErrorPageBoundary>
      </I18nProvider>,
    )
    expect(screen.getByRole('alert').textContent).toContain('เกิดข้อผิดพลาดขณะแสดงหน้าแจ้งข้อผิดพลาด')
    expect(screen.getByRole('link', { name: 'กลับหน้าแรก' }).getAttribute('href')).toBe('/')
  })

  it('renders the error page when it works', () => {
    render(
      <I18nProvider i18n={i18n}>
        <ErrorPageBoundary>
          <p>fine</p>
        </ErrorPageBoundary>
      </I18nProvider>,
    )
    expect(screen.getByText('fine')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
