import { Trans } from '@lingui/react/macro'
import type { ConsoleAuditEntry } from '#domain/ops/console-records'
import { useConsoleFormat } from '../lib/console-format'

/** What operators did to a record, newest first: who, what, why, and the before and after. */
export function AuditList({ entries }: { entries: readonly ConsoleAuditEntry[] }) {
  const format = useConsoleFormat()
  if (entries.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        <Trans>ยังไม่มีผู้ดูแลทำรายการนี้</Trans>
      </p>
    )
  }
  return (
    <ol className="space-y-2 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-line p-3">
          <p>
            <span className="font-mono font-semibold">{entry.action}</span> · {entry.actor} ·{' '}
            {format.time(entry.createdAt)}
          </p>
          {entry.reason === null ? null : <p className="text-ink-muted">{entry.reason}</p>}
          <details className="mt-1">
            <summary className="cursor-pointer text-ink-muted">
              <Trans>ก่อนและหลัง</Trans>
            </summary>
            <pre className="mt-1 overflow-x-auto text-xs">
              {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  )
}
