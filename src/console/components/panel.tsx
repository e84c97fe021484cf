import { useId, type ReactNode } from 'react'

/** A titled card on a record's page, a region named by its title. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-card bg-surface p-5 shadow-card">
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
