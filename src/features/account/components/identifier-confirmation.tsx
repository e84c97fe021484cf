import { useLingui } from '@lingui/react/macro'
import { useState, type SubmitEvent } from 'react'
import { signInCodeLength } from '#domain/contracts/auth'
import type { Buyer } from '#domain/contracts/buyer'
import type { PendingIdentifier } from '#domain/contracts/profile'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { cancelIdentifierChange, confirmIdentifierChange, requestIdentifierChange } from '../api/profile'
import { useAccountErrorMessage } from '../use-account-error-message'

/**
 * The code step of a new email or phone: until the code sent there comes back, the buyer keeps
 * signing in with the old one (domain/contracts/profile.ts).
 */
export function IdentifierConfirmation({
  buyerId,
  pending,
  onConfirmed,
  onResent,
  onCancelled,
}: {
  buyerId: string
  pending: PendingIdentifier
  onConfirmed: (buyer: Buyer) => void | Promise<void>
  onResent: (pending: PendingIdentifier) => void
  onCancelled: () => void
}) {
  const { t } = useLingui()
  const describeError = useAccountErrorMessage()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [requestError, setRequestError] = useState<string>()
  const [isBusy, setIsBusy] = useState(false)
  const [wasResent, setWasResent] = useState(false)
  const identifier = pending.identifier
  const title = pending.kind === 'email' ? t`ยืนยันอีเมลใหม่` : t`ยืนยันเบอร์มือถือใหม่`

  async function run(action: () => Promise<void>) {
    setRequestError(undefined)
    setIsBusy(true)
    try {
      await action()
    } catch (error) {
      // The typed code stays, so a slip can be fixed instead of typed again.
      setRequestError(describeError(error))
    } finally {
      setIsBusy(false)
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const digits = code.replace(/\s/g, '')
    if (!new RegExp(`^\\d{${signInCodeLength}}$`).test(digits)) {
      setCodeError(t`กรุณากรอกรหัส 6 หลักที่ได้รับ`)
      return
    }
    setCodeError(undefined)
    void run(async () => onConfirmed(await confirmIdentifierChange(buyerId, { identifier, code: digits })))
  }

  return (
    <form noValidate aria-label={title} onSubmit={submit} className="space-y-3 rounded-card bg-surface p-5 shadow-card">
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="text-sm text-ink-muted">
        {t`เราส่งรหัส 6 หลักไปที่ ${identifier} แล้ว กรอกรหัสเพื่อยืนยัน ระหว่างนี้คุณยังเข้าสู่ระบบด้วยข้อมูลเดิม`}
      </p>
      {wasResent ? <p className="text-sm text-ink-muted" role="status">{t`ส่งรหัสใหม่แล้ว`}</p> : null}
      <TextField
        label={t`รหัสยืนยัน 6 หลัก`}
        name={`${pending.kind}-code`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={signInCodeLength + 2}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
      />
      {requestError ? <FormAlert>{requestError}</FormAlert> : null}
      <Button type="submit" className="w-full" disabled={isBusy} aria-busy={isBusy}>
        {t`ยืนยัน`}
      </Button>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          className="px-2 text-sm"
          disabled={isBusy}
          onClick={() =>
            void run(async () => {
              const answer = await requestIdentifierChange(buyerId, identifier)
              setWasResent(true)
              onResent({ kind: answer.kind, identifier: answer.identifier, expiresAt: answer.expiresAt })
            })
          }
        >
          {t`ส่งรหัสอีกครั้ง`}
        </Button>
        <Button
          variant="ghost"
          className="px-2 text-sm"
          disabled={isBusy}
          onClick={() =>
            void run(async () => {
              await cancelIdentifierChange(buyerId, pending.kind)
              onCancelled()
            })
          }
        >
          {t`ยกเลิกการเปลี่ยน`}
        </Button>
      </div>
    </form>
  )
}
