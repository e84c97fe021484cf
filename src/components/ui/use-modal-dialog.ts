import { useEffect, useRef } from 'react'

/**
 * Keeps a native `<dialog>` open as a modal while `open` is true (focus moves into it and stays,
 * the page behind is inert) and closed otherwise. Give the returned ref to the `<dialog>`.
 */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return dialogRef
}
