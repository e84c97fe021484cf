import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import { ThaiText } from './thai-text'

/** A native select (the phone's own picker) with a visible label. */
export function SelectField<TValue extends string>({
  label,
  value,
  options,
  onValueChange,
}: {
  label: string
  value: TValue
  options: readonly { value: TValue; label: string }[]
  onValueChange: (value: TValue) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const next = options.find((option) => option.value === event.target.value)
            if (next) onValueChange(next.value)
          }}
          className="h-touch appearance-none rounded-full border border-line bg-surface pr-9 pl-4 text-sm font-medium text-ink focus:border-brand-500 focus:outline-none"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </div>
  )
}
