import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ThaiText } from './thai-text'

/** What an empty list says, in the list's place. */
export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-center px-6 py-12 text-center">
      <span className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      <p className="font-semibold text-ink">
        <ThaiText>{title}</ThaiText>
      </p>
      {children ? <div className="mt-1 text-sm text-ink-muted">{children}</div> : null}
    </div>
  )
}
