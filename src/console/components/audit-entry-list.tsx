import { Trans } from '@lingui/react/macro'
import type { AuditEntryView } from '#domain/ops/audit'
import { useConsoleFormat } from '../lib/console-format'

function describeValue(value: unknown): string {
  return value === null || value === undefined ? '–' : JSON.stringify(value)
}

/** Audit entries, newest first: who, what, on what, when, why, before and after. */
export function AuditEntryList({ entries }: { entries: readonly AuditEntryView[] }) {
  const format = useConsoleFormat()
  if (entries.length === 0) {
    return (
      <p className="text-sm text-ink-muted">
        <Trans>ยังไม่มีบันทึก</Trans>
      </p>
    )
  }
  return (
    <ol className="divide-y divide-line rounded-card bg-surface shadow-card">
      {entries.map((entry) => {
        const cliUser = entry.actor.id
        const reason = entry.reason
        return (
          <li key={entry.id} className="space-y-1 p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-mono font-semibold">{entry.action}</span>
              <span className="text-ink-muted">
                {entry.subjectType} {entry.subjectId}
              </span>
              <time className="ml-auto text-ink-muted" dateTime={entry.createdAt}>
                {format.time(entry.createdAt)}
              </time>
            </p>
            <p>
              {entry.actor.kind === 'cli' ? (
                <Trans>คำสั่ง ops โดย {cliUser}</Trans>
              ) : (
                `${entry.actor.name ?? entry.actor.id} · ${entry.actor.email ?? ''}`
              )}
            </p>
            {reason === null ? null : (
              <p>
                <Trans>เหตุผล: {reason}</Trans>
              </p>
            )}
            {entry.before === null && entry.after === null ? null : (
              <p className="font-mono text-xs break-all text-ink-muted">
                <Trans>ก่อน</Trans> {describeValue(entry.before)} → <Trans>หลัง</Trans> {describeValue(entry.after)}
              </p>
            )}
          </li>
        )
      })}
    </ol>
  )
}
