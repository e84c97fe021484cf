import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode, type SubmitEvent } from 'react'
import { Button } from '../../components/ui/button'
import { FormAlert } from '../../components/ui/form-alert'

export type ReasonAction<TName extends string> = {
  name: TName
  label: string
  variant?: 'primary' | 'secondary' | 'danger'
  /** Whether this action may go without a reason (an approval's is optional). */
  isReasonOptional?: boolean
}

/**
 * An operator's decision on a record: a reason (kept in the audit log, and shown to the shopper
 * where the action says so) and one button per possible action. The second of two operators
 * gets the server's conflict as the error.
 */
export function ReasonActions<TName extends string>({
  title,
  reasonHint,
  actions,
  error,
  isBusy,
  onAction,
  children,
}: {
  title: string
  reasonHint?: string
  actions: readonly ReasonAction<TName>[]
  error: string | undefined
  isBusy: boolean
  /** Resolves `true` when the action went through: the reason is cleared for the next one. */
  onAction: (name: TName, reason: string) => Promise<boolean>
  children?: ReactNode
}) {
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState('')
  const [isReasonMissing, setIsReasonMissing] = useState(false)

  function submit(action: ReasonAction<TName>) {
    const trimmed = reason.trim()
    if (trimmed === '' && action.isReasonOptional !== true) {
      setIsReasonMissing(true)
      return
    }
    setIsReasonMissing(false)
    void onAction(action.name, trimmed).then((isDone) => {
      if (isDone) setReason('')
    })
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => event.preventDefault()}
      className="space-y-3 rounded-card bg-surface p-5 shadow-card"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
          <Trans>เหตุผล</Trans>
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          rows={3}
          aria-invalid={isReasonMissing ? true : undefined}
          aria-describedby={reasonHint === undefined ? undefined : `${id}-hint`}
          onChange={(event) => setReason(event.target.value)}
          className="w-full rounded-xl border border-line bg-surface p-3 text-base focus:border-brand-500 focus:outline-none"
        />
        {reasonHint === undefined ? null : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
            {reasonHint}
          </p>
        )}
        {isReasonMissing ? <p className="mt-1 text-sm text-danger-700">{t`กรอกเหตุผลก่อน`}</p> : null}
      </div>
      {error === undefined ? null : <FormAlert>{error}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action.name}
            variant={action.variant ?? 'secondary'}
            disabled={isBusy}
            onClick={() => submit(action)}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </form>
  )
}
