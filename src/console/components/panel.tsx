import type { ReactNode } from 'react'

/** A titled card on a record's page. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-card bg-surface p-5 shadow-card">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}
