import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { ThaiText } from './thai-text'

/** A form-level problem (not tied to one field), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="flex gap-2 rounded-xl bg-danger-50 px-3 py-2 text-sm text-danger-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{typeof children === 'string' ? <ThaiText>{children}</ThaiText> : children}</span>
    </p>
  )
}
