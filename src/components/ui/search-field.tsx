import { useLingui } from '@lingui/react/macro'
import { Search, X } from 'lucide-react'
import { useId, type InputHTMLAttributes } from 'react'
import { ThaiText } from './thai-text'

/** A search box with a visible label for screen readers, a clear button and the phone's search key. */
export function SearchField({
  label,
  value,
  onValueChange,
  ...props
}: { label: string; value: string; onValueChange: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
>) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        <ThaiText>{label}</ThaiText>
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-muted"
      />
      <input
        id={id}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="h-12 w-full rounded-full border border-line bg-surface pr-12 pl-11 text-base text-ink placeholder:text-ink-muted focus:border-brand-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        {...props}
      />
      {value ? (
        <button
          type="button"
          onClick={() => onValueChange('')}
          aria-label={t`ล้างคำค้นหา`}
          className="absolute top-1/2 right-1 inline-flex size-touch -translate-y-1/2 items-center justify-center rounded-full text-ink-muted hover:bg-canvas"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </div>
  )
}
