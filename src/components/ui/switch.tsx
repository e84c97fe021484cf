import { useId, type ReactNode } from 'react'
import { ThaiText } from './thai-text'

/**
 * An on/off setting that applies at once: a native checkbox with the switch role (keyboard,
 * forms and `getByRole('switch')` for free), named by `label` and described by `description`.
 * The whole row toggles it; the control alone is a full touch target.
 */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled = false,
  isBusy = false,
}: {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
  /**
   * Waiting on what the last change started: announced and dimmed, and taps are ignored. Not
   * `disabled`, which would throw the keyboard's focus out of the switch.
   */
  isBusy?: boolean
}) {
  const id = useId()
  const labelId = `${id}-label`
  const descriptionId = `${id}-description`
  return (
    <label
      htmlFor={id}
      className={`flex min-h-touch items-center gap-3 py-1 ${disabled ? 'cursor-not-allowed' : isBusy ? 'cursor-wait' : 'cursor-pointer'}`}
    >
      <span className="min-w-0 flex-1">
        <span id={labelId} className="block font-medium text-ink">
          {typeof label === 'string' ? <ThaiText>{label}</ThaiText> : label}
        </span>
        {description ? (
          <span id={descriptionId} className="block text-sm text-ink-muted">
            {typeof description === 'string' ? <ThaiText>{description}</ThaiText> : description}
          </span>
        ) : null}
      </span>
      <span className="relative inline-flex h-touch w-14 shrink-0 items-center justify-center">
        {/* The real control lies over the drawn one: taps, focus and tests reach the input itself. */}
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-busy={isBusy || undefined}
          // The label row holds the description too; the name is the label alone.
          aria-labelledby={labelId}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => {
            // Controlled: ignoring the change leaves the switch as it was.
            if (!isBusy) onCheckedChange(event.target.checked)
          }}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-[inherit] appearance-none rounded-full opacity-0"
        />
        <span
          aria-hidden="true"
          className="h-7 w-12 rounded-full bg-ink-muted/75 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-60 peer-aria-busy:opacity-60 motion-reduce:transition-none"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 size-6 -translate-x-[1.375rem] -translate-y-1/2 rounded-full bg-white shadow-card transition-transform peer-checked:-translate-x-0.5 motion-reduce:transition-none"
        />
      </span>
    </label>
  )
}
