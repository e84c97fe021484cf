import { Trans } from '@lingui/react/macro'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Button, ButtonLink } from '../../components/ui/button'
import { useConsoleErrorMessage } from '../lib/use-console-error-message'

/** While a console page loads its data. */
export function ConsolePending() {
  return (
    <p role="status" className="p-8 text-ink-muted">
      <Trans>กำลังโหลด…</Trans>
    </p>
  )
}

/** A page whose data could not be loaded: what went wrong, and a way to try again. */
export function ConsoleErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter()
  const errorMessage = useConsoleErrorMessage()
  return (
    <div role="alert" className="m-8 max-w-lg space-y-4 rounded-card bg-surface p-6 shadow-card">
      <p className="font-semibold">{errorMessage(error)}</p>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        <Trans>ลองอีกครั้ง</Trans>
      </Button>
    </div>
  )
}

/** A console address that names no screen (an old bookmark, a typo). */
export function ConsoleNotFound() {
  return (
    <div role="alert" className="m-8 max-w-lg space-y-4 rounded-card bg-surface p-6 shadow-card">
      <p className="font-semibold">
        <Trans>ไม่มีหน้านี้ในคอนโซล</Trans>
      </p>
      <ButtonLink to="/" variant="secondary">
        <Trans>ไปหน้าวันนี้</Trans>
      </ButtonLink>
    </div>
  )
}
