import { Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState, type SubmitEvent } from 'react'
import { auditSubjectTypes, type AuditSubjectType } from '#domain/ops/audit'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { AuditEntryList } from '../../components/audit-entry-list'
import { useConsoleErrorMessage } from '../../lib/use-console-error-message'
import { auditQueryOptions, type AuditFilters } from './audit-api'

const emptyFilters: AuditFilters = { search: '', subjectType: '', actor: '' }

/** Every operator action, newest first, searchable. */
export function AuditScreen() {
  const { t } = useLingui()
  const errorMessage = useConsoleErrorMessage()
  const [draft, setDraft] = useState(emptyFilters)
  const [filters, setFilters] = useState(emptyFilters)
  const query = useInfiniteQuery(auditQueryOptions(filters))
  const entries = query.data?.pages.flatMap((page) => page.data) ?? []
  const subjectOptions: { value: AuditSubjectType | ''; label: string }[] = [
    { value: '', label: t`ทั้งหมด` },
    ...auditSubjectTypes.map((type) => ({ value: type, label: type })),
  ]

  function onSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setFilters(draft)
  }

  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <h1 id="audit-title" className="text-2xl font-bold">
        <Trans>บันทึกการทำงานของผู้ดูแล</Trans>
      </h1>
      <form onSubmit={onSearch} noValidate className="flex flex-wrap items-end gap-3">
        <TextField
          label={t`ค้นหา (การกระทำ รหัส หรือเหตุผล)`}
          type="search"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <TextField
          label={t`ผู้ทำ (อีเมลหรือรหัส)`}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <SelectField
          label={t`ประเภท`}
          value={draft.subjectType}
          options={subjectOptions}
          onValueChange={(subjectType) => setDraft({ ...draft, subjectType })}
        />
        <Button type="submit">
          <Trans>ค้นหา</Trans>
        </Button>
      </form>
      {query.error === null ? null : <FormAlert>{errorMessage(query.error)}</FormAlert>}
      {query.isPending ? (
        <p role="status" className="text-ink-muted">
          <Trans>กำลังโหลด…</Trans>
        </p>
      ) : (
        <AuditEntryList entries={entries} />
      )}
      {query.hasNextPage ? (
        <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          <Trans>ดูรายการที่เก่ากว่า</Trans>
        </Button>
      ) : null}
    </section>
  )
}
