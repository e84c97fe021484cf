import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { ThaiText } from './thai-text'

/**
 * A labelled input with its hint and error. The error is tied to the input (`aria-describedby`,
 * `aria-invalid`), so screen readers and tests find it by the field.
 */
export function TextField({
  label,
  hint,
  error,
  className = '',
  ...inputProps
}: { label: ReactNode; hint?: ReactNode; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {typeof label === 'string' ? <ThaiText>{label}</ThaiText> : label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`h-12 w-full rounded-xl border bg-surface px-4 text-base text-ink placeholder:text-ink-muted read-only:bg-canvas focus:outline-none ${
          error ? 'border-danger-600 focus:border-danger-700' : 'border-line focus:border-brand-500'
        }`}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {typeof hint === 'string' ? <ThaiText>{hint}</ThaiText> : hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
