import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'

/**
 * The closed set of reasons a shopper is shown, picked before a refusal (a purchase's or a proof's):
 * `''` until one is chosen; `missingMessage` shows, and the select is marked invalid, when the
 * refusal was asked for without one.
 */
export function ReasonCodeSelect<Code extends string>({
  label,
  codes,
  labelOf,
  value,
  onChange,
  missingMessage,
}: {
  label: ReactNode
  codes: readonly Code[]
  labelOf: (code: Code) => string
  value: Code | ''
  onChange: (code: Code | '') => void
  /** Set while a refusal waits for a reason. */
  missingMessage: string | undefined
}) {
  const { t } = useLingui()
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-invalid={missingMessage === undefined ? undefined : true}
        onChange={(event) => onChange(codes.find((code) => code === event.target.value) ?? '')}
        className="w-full rounded-xl border border-line bg-surface p-3 text-base focus:border-brand-500 focus:outline-none"
      >
        <option value="">{t`เลือกเหตุผล`}</option>
        {codes.map((code) => (
          <option key={code} value={code}>
            {labelOf(code)}
          </option>
        ))}
      </select>
      {missingMessage === undefined ? null : <p className="mt-1 text-sm text-danger-700">{missingMessage}</p>}
    </div>
  )
}
