import { useId, type ReactNode } from 'react'
import { Button } from './button'
import { ThaiText } from './thai-text'
import { useModalDialog } from './use-modal-dialog'

/**
 * Asks before something that cannot be undone (deleting a proof, paying for premium). A native modal `<dialog>`:
 * focus moves into it and stays there, Escape cancels, and the page behind is inert.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'danger',
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel: string
  /** `primary` when confirming is the shopper's own choice (a join), not a loss (a deletion). */
  confirmVariant?: 'danger' | 'primary'
  onConfirm: () => void
  onCancel: () => void
}) {
  const dialogRef = useModalDialog(open)
  const titleId = useId()

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
      className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-card bg-surface p-5 text-ink shadow-card backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="text-lg font-bold">
        <ThaiText>{title}</ThaiText>
      </h2>
      <div className="mt-2 text-sm text-ink-muted">{children}</div>
      <div className="mt-5 flex justify-end gap-2">
        {/* A modal asking to confirm something that cannot be undone starts on the safe choice
            (WAI-ARIA dialog pattern); showModal() honours autofocus. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-autofocus */}
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  )
}
