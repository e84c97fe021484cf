// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntryView } from '#domain/ops/audit'
import { AuditEntryList } from './audit-entry-list'

const rejected: AuditEntryView = {
  id: 2,
  actor: { id: 'op_1', kind: 'operator', email: 'somchai@ngernkhuen.test', name: 'Somchai' },
  action: 'transaction.rejected',
  subjectType: 'transaction',
  subjectId: '0123456789abcdef01234567',
  reason: 'The order was returned',
  before: { status: 'PENDING' },
  after: { status: 'REJECTED' },
  createdAt: '2026-11-16T03:00:00.000Z',
}

const fromTheCli: AuditEntryView = {
  id: 1,
  actor: { id: 'cli:somchai', kind: 'cli', email: null, name: null },
  action: 'buyer.suspended',
  subjectType: 'buyer',
  subjectId: 'abcdefabcdefabcdefabcdef',
  reason: null,
  before: null,
  after: null,
  createdAt: '2026-11-15T03:00:00.000Z',
}

describe('AuditEntryList', () => {
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'th', messages: {} })
  })
  afterEach(cleanup)

  it('names the operator by name and email, or the CLI user, with the reason and the change', () => {
    render(
      <I18nProvider i18n={i18n}>
        <AuditEntryList entries={[rejected, fromTheCli]} />
      </I18nProvider>,
    )
    const [operatorEntry, cliEntry] = screen.getAllByRole('listitem')
    expect(operatorEntry?.textContent).toContain('Somchai · somchai@ngernkhuen.test')
    expect(operatorEntry?.textContent).toContain('เหตุผล: The order was returned')
    expect(operatorEntry?.textContent).toContain('{"status":"PENDING"}')
    expect(cliEntry?.textContent).toContain('คำสั่ง ops โดย cli:somchai')
    expect(cliEntry?.textContent).not.toContain('เหตุผล')
  })

  it('says so when nobody did anything yet', () => {
    render(
      <I18nProvider i18n={i18n}>
        <AuditEntryList entries={[]} />
      </I18nProvider>,
    )
    expect(screen.getByText('ยังไม่มีบันทึก')).toBeTruthy()
  })
})
