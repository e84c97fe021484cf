import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ShieldCheck } from 'lucide-react'
import { useState, type SubmitEvent } from 'react'
import type { OperatorSecondFactorStep } from '#domain/ops/operator'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { QrCode } from '../../../components/ui/qr-code'
import { TextField } from '../../../components/ui/text-field'
import { useConsoleErrorMessage } from '../../lib/use-console-error-message'
import { requestOperatorCode, sessionKeys, submitSecondFactor, verifyOperatorCode } from './session-api'

type Stage = { name: 'email' } | { name: 'code' } | { name: 'second-factor'; step: OperatorSecondFactorStep }

/**
 * Console sign-in in three steps: the operator's email, the code emailed to it, then the
 * authenticator app's code (on the first sign-in, after scanning the QR code to enrol it).
 */
export function SignInScreen() {
  const { t } = useLingui()
  const errorMessage = useConsoleErrorMessage()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [stage, setStage] = useState<Stage>({ name: 'email' })
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [authenticatorCode, setAuthenticatorCode] = useState('')
  const [error, setError] = useState<string>()
  const [isBusy, setIsBusy] = useState(false)

  async function run(action: () => Promise<void>) {
    setError(undefined)
    setIsBusy(true)
    try {
      await action()
    } catch (caught) {
      setError(errorMessage(caught))
      // The second step is gone (expired or out of tries): the operator starts again.
      if (caught instanceof Error && 'code' in caught && caught.code === 'second_factor_expired') {
        setStage({ name: 'email' })
      }
    } finally {
      setIsBusy(false)
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (stage.name === 'email') {
      void run(async () => {
        await requestOperatorCode(email)
        setStage({ name: 'code' })
      })
    } else if (stage.name === 'code') {
      void run(async () => {
        const step = await verifyOperatorCode(email, code)
        setStage({ name: 'second-factor', step })
      })
    } else {
      void run(async () => {
        const operator = await submitSecondFactor(authenticatorCode)
        queryClient.setQueryData(sessionKeys.me, operator)
        await navigate({ to: '/' })
      })
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas p-6">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="sign-in-title"
        className="w-full max-w-md space-y-5 rounded-card bg-surface p-8 shadow-card"
      >
        <div className="flex items-center gap-3">
          <ShieldCheck aria-hidden="true" className="size-8 text-brand-600" />
          <div>
            <h1 id="sign-in-title" className="text-xl font-bold">
              <Trans>เข้าสู่คอนโซลผู้ดูแล</Trans>
            </h1>
            <p className="text-sm text-ink-muted">
              <Trans>สำหรับทีมงานแอปเงินคืนเท่านั้น</Trans>
            </p>
          </div>
        </div>

        {stage.name === 'email' ? (
          <TextField
            label={t`อีเมลผู้ดูแล`}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        ) : null}

        {stage.name === 'code' ? (
          <>
            <p className="text-sm text-ink-muted">
              <Trans>ถ้า {email} เป็นบัญชีผู้ดูแล เราส่งรหัส 6 หลักไปแล้ว (ใช้ได้ 10 นาที)</Trans>
            </p>
            <TextField
              label={t`รหัสจากอีเมล`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </>
        ) : null}

        {stage.name === 'second-factor' && stage.step.step === 'enrol' ? (
          <div className="space-y-3">
            <p className="text-sm">
              <Trans>
                ครั้งแรกที่เข้าใช้: สแกนคิวอาร์โค้ดด้วยแอปยืนยันตัวตน (เช่น Google Authenticator หรือ Microsoft Authenticator)
                แล้วกรอกรหัส 6 หลักที่แอปแสดง
              </Trans>
            </p>
            <div className="flex justify-center">
              <QrCode value={stage.step.otpauthUri} label={t`คิวอาร์โค้ดสำหรับแอปยืนยันตัวตน`} />
            </div>
            <p className="text-sm text-ink-muted">
              <Trans>สแกนไม่ได้? ใส่คีย์นี้ในแอปแทน:</Trans>{' '}
              <code className="font-mono break-all text-ink" aria-label={t`คีย์ลับสำหรับแอปยืนยันตัวตน`}>
                {stage.step.secret}
              </code>
            </p>
          </div>
        ) : null}

        {stage.name === 'second-factor' ? (
          <TextField
            label={t`รหัสจากแอปยืนยันตัวตน`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={authenticatorCode}
            onChange={(event) => setAuthenticatorCode(event.target.value.replace(/\D/g, ''))}
          />
        ) : null}

        {error ? <FormAlert>{error}</FormAlert> : null}

        <Button type="submit" className="w-full" disabled={isBusy}>
          {stage.name === 'email' ? <Trans>ส่งรหัสทางอีเมล</Trans> : <Trans>ยืนยัน</Trans>}
        </Button>
        {stage.name !== 'email' ? (
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setStage({ name: 'email' })
              setCode('')
              setAuthenticatorCode('')
              setError(undefined)
            }}
          >
            <Trans>เริ่มใหม่</Trans>
          </Button>
        ) : null}
      </form>
    </main>
  )
}
