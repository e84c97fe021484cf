import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { KeyRound } from 'lucide-react'
import { useEffect, useState, type SubmitEvent } from 'react'
import { parseSignInIdentifier, signInCodeLength } from '#domain/contracts/auth'
import { pathInLocale } from '#domain/locale'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { TermsList } from '../../help/components/terms-list'
import { isApiError } from '../../../lib/api-client'
import { useLocale } from '../../../lib/locale'
import { accountKeys } from '../api/account-keys'
import { requestSignInCode, signIn } from '../api/session'
import { identifierProblem, safeRedirectPath, type IdentifierProblem } from '../identifier-problem'
import { isOpenToSuspendedBuyer } from '../suspended-access'
import { useAccountErrorMessage } from '../use-account-error-message'

type Step = { kind: 'identifier' } | { kind: 'code'; identifier: string; resendAt: number }

/** Sign in (and, the first time, register) with an email or Thai mobile number and a 6-digit code. */
export function SignInScreen({ redirect }: { redirect: string | undefined }) {
  const { t } = useLingui()
  const [step, setStep] = useState<Step>({ kind: 'identifier' })
  const [identifier, setIdentifier] = useState('')

  return (
    <div className="px-4 pt-6 pb-10">
      <div className="mb-6 flex flex-col items-center text-center">
        <span className="mb-3 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <KeyRound aria-hidden="true" className="size-8" />
        </span>
        <h1 className="text-2xl font-bold">{t`เข้าสู่ระบบหรือสมัครสมาชิก`}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t`ใช้อีเมลหรือเบอร์มือถือ เราจะส่งรหัส 6 หลักให้คุณ`}</p>
      </div>
      <div className="rounded-card bg-surface p-5 shadow-card">
        {step.kind === 'identifier' ? (
          <IdentifierStep
            identifier={identifier}
            onIdentifierChange={setIdentifier}
            onCodeSent={(resendAfterSeconds) =>
              setStep({ kind: 'code', identifier, resendAt: Date.now() + resendAfterSeconds * 1000 })
            }
          />
        ) : (
          <CodeStep
            identifier={step.identifier}
            resendAt={step.resendAt}
            redirect={redirect}
            onChangeIdentifier={() => setStep({ kind: 'identifier' })}
            onResent={(resendAfterSeconds) => setStep({ ...step, resendAt: Date.now() + resendAfterSeconds * 1000 })}
          />
        )}
      </div>
    </div>
  )
}

function useIdentifierMessages(): Record<IdentifierProblem, string> {
  const { t } = useLingui()
  return {
    required: t` * กรุณากรอกข้อมูลในช่องนี้`,
    invalid_email: t` * อีเมลไม่ถูกต้อง`,
    invalid_phone: t` * กรุณากรอกเบอร์โทรศัพท์ที่ถูกต้อง`,
    invalid_identifier: t`อีเมลหรือเบอร์โทรศัพท์ของคุณไม่ถูกต้อง กรุณาลองอีกครั้ง`,
  }
}

function IdentifierStep({
  identifier,
  onIdentifierChange,
  onCodeSent,
}: {
  identifier: string
  onIdentifierChange: (value: string) => void
  onCodeSent: (resendAfterSeconds: number) => void
}) {
  const { t } = useLingui()
  const messages = useIdentifierMessages()
  const describeError = useAccountErrorMessage()
  const [problem, setProblem] = useState<IdentifierProblem>()
  const [requestError, setRequestError] = useState<string>()
  const [isSending, setIsSending] = useState(false)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = identifierProblem(identifier)
    setProblem(found)
    setRequestError(undefined)
    if (found) return
    setIsSending(true)
    try {
      const response = await requestSignInCode(identifier)
      onCodeSent(response.resendAfterSeconds)
    } catch (error) {
      if (isApiError(error, 'invalid_identifier')) setProblem('invalid_identifier')
      else setRequestError(describeError(error))
    } finally {
      setIsSending(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <TextField
        label={t`อีเมลหรือเบอร์มือถือ`}
        name="identifier"
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t`เช่น somchai@email.com หรือ 0812345678`}
        value={identifier}
        onChange={(event) => onIdentifierChange(event.target.value)}
        error={problem ? messages[problem] : undefined}
      />
      {requestError ? <FormAlert>{requestError}</FormAlert> : null}
      <Button type="submit" className="w-full" disabled={isSending} aria-busy={isSending}>
        {t`รับรหัสเข้าสู่ระบบ`}
      </Button>
    </form>
  )
}

function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

function CodeStep({
  identifier,
  resendAt,
  redirect,
  onChangeIdentifier,
  onResent,
}: {
  identifier: string
  resendAt: number
  redirect: string | undefined
  onChangeIdentifier: () => void
  onResent: (resendAfterSeconds: number) => void
}) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const locale = useLocale()
  const describeError = useAccountErrorMessage()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string>()
  const [requestError, setRequestError] = useState<string>()
  const [acceptsTerms, setAcceptsTerms] = useState(false)
  const [termsError, setTermsError] = useState<string>()
  const [isSigningIn, setIsSigningIn] = useState(false)
  const secondsUntilResend = useSecondsUntil(resendAt)
  const displayIdentifier = parseSignInIdentifier(identifier)?.value ?? identifier

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setRequestError(undefined)
    setTermsError(undefined)
    const digits = code.replace(/\s/g, '')
    if (!new RegExp(`^\\d{${signInCodeLength}}$`).test(digits)) {
      setCodeError(t`กรุณากรอกรหัส 6 หลักที่ได้รับ`)
      return
    }
    setCodeError(undefined)
    setIsSigningIn(true)
    try {
      // Only a new member's first sign-in needs it; the server ignores it for everyone else.
      const { buyer } = await signIn({ identifier, code: digits, acceptTerms: acceptsTerms ? true : undefined })
      queryClient.setQueryData(accountKeys.session(), buyer)
      queryClient.setQueryData(accountKeys.buyer(buyer.buyerId), buyer)
      await queryClient.invalidateQueries({ queryKey: accountKeys.all })
      const redirectPath = safeRedirectPath(redirect)
      // A suspended shopper signing in on the way to the chat goes there; anywhere else is /ban.
      const target =
        buyer.status === 'suspended'
          ? redirectPath !== undefined && isOpenToSuspendedBuyer(redirectPath)
            ? redirectPath
            : pathInLocale('/ban', locale)
          : (redirectPath ?? pathInLocale('/home', locale))
      await router.navigate({ href: target, replace: true })
    } catch (error) {
      if (isApiError(error, 'terms_not_accepted')) {
        setTermsError(t`บัญชีใหม่: กรุณาติ๊กยืนยันเงื่อนไขเพื่อสมัครสมาชิก`)
      } else {
        setRequestError(describeError(error))
      }
    } finally {
      setIsSigningIn(false)
    }
  }

  async function resend() {
    setRequestError(undefined)
    try {
      const response = await requestSignInCode(identifier)
      onResent(response.resendAfterSeconds)
    } catch (error) {
      setRequestError(describeError(error))
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-ink-muted">{t`เราส่งรหัส 6 หลักไปที่ ${displayIdentifier} แล้ว รหัสใช้ได้ 10 นาที`}</p>
      <TextField
        label={t`รหัสยืนยัน 6 หลัก`}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={signInCodeLength + 2}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={codeError}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.4em]"
      />
      {/* There from the start: whether the identifier is new is not said before the code proves it. */}
      <fieldset className="rounded-xl border border-line px-3 pt-2 pb-1">
        <legend className="px-1 text-sm font-semibold">{t`สมาชิกใหม่`}</legend>
        <p id="terms-hint" className="text-sm text-ink-muted">
          {t`ติ๊กยืนยันเพื่อสมัครสมาชิก ถ้าเคยใช้งานแล้วไม่ต้องติ๊ก`}
        </p>
        <label className="flex min-h-touch items-start gap-3 pt-2 text-sm">
          <input
            type="checkbox"
            checked={acceptsTerms}
            onChange={(event) => setAcceptsTerms(event.target.checked)}
            aria-invalid={termsError === undefined ? undefined : true}
            aria-describedby={termsError === undefined ? 'terms-hint' : 'terms-hint terms-error'}
            className="mt-1 size-5 shrink-0 accent-brand-600"
          />
          <ThaiText>{t`ฉันอายุ 18 ปีขึ้นไป อาศัยอยู่ในประเทศไทย และยอมรับเงื่อนไขการใช้งานของแอปเงินคืน`}</ThaiText>
        </label>
        {termsError ? (
          <p id="terms-error" className="mt-1 text-sm text-danger-700">
            {termsError}
          </p>
        ) : null}
        {/* The terms themselves, here rather than a link away: leaving would lose the code typed in. */}
        <details className="mt-1">
          <summary className="flex min-h-touch cursor-pointer items-center text-sm font-semibold text-brand-700">
            {t`อ่านเงื่อนไขการใช้งาน`}
          </summary>
          <div className="pb-3">
            <TermsList headingLevel="h2" />
          </div>
        </details>
      </fieldset>
      {requestError ? <FormAlert>{requestError}</FormAlert> : null}
      <Button type="submit" className="w-full" disabled={isSigningIn} aria-busy={isSigningIn}>
        {t`เข้าสู่ระบบ`}
      </Button>
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" className="px-2 text-sm" onClick={onChangeIdentifier}>
          {t`เปลี่ยนอีเมลหรือเบอร์`}
        </Button>
        <Button
          variant="ghost"
          className="px-2 text-sm"
          onClick={() => void resend()}
          disabled={secondsUntilResend > 0}
        >
          {secondsUntilResend > 0 ? t`ส่งรหัสอีกครั้งใน ${secondsUntilResend} วินาที` : t`ส่งรหัสอีกครั้ง`}
        </Button>
      </div>
    </form>
  )
}
