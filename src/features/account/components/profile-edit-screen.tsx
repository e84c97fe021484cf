import { useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type SubmitEvent } from 'react'
import { identifierKinds, parseSignInIdentifier, type SignInIdentifier } from '#domain/contracts/auth'
import type { Buyer } from '#domain/contracts/buyer'
import {
  ageOn,
  bangkokToday,
  genders,
  profileFieldErrorCodes,
  profileFieldErrors,
  profileFields,
  type Gender,
  type ProfileField,
  type ProfileFieldErrorCode,
  type PendingIdentifier,
  type ProfileFieldErrors,
  type StoredProfile,
} from '#domain/contracts/profile'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { ApiError, isApiError } from '../../../lib/api-client'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { accountKeys } from '../api/account-keys'
import { cancelIdentifierChange, profileQueryOptions, requestIdentifierChange, saveProfile } from '../api/profile'
import { rememberBuyer } from '../api/remember-buyer'
import { useAccountErrorMessage } from '../use-account-error-message'
import { BirthDateField, isWholeBirthDate } from './birth-date-field'
import { IdentifierConfirmation } from './identifier-confirmation'
import { useProfileFieldMessages } from './profile-field-messages'

type FormValues = Record<ProfileField, string>

function toFormValues(profile: StoredProfile): FormValues {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    // A stored age grows old; with a birth date the age is always today's (the field is read-only then).
    age:
      profile.birthDate !== null
        ? String(ageOn(profile.birthDate, bangkokToday()))
        : profile.age === null
          ? ''
          : String(profile.age),
    gender: profile.gender ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    birthDate: profile.birthDate ?? '',
    phoneOrIdNumber: profile.phoneOrIdNumber ?? '',
  }
}

function isFieldErrorCode(value: string): value is ProfileFieldErrorCode {
  return (profileFieldErrorCodes as readonly string[]).includes(value)
}

/** The server's per-field reasons of a rejected save, kept to the fields and codes we know. */
function fieldErrorsOf(error: ApiError): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {}
  for (const field of profileFields) {
    const code = error.details.fields?.[field]
    if (code !== undefined && isFieldErrorCode(code)) errors[field] = code
  }
  return errors
}

/** The email and phone typed that are not the buyer's sign-in identifiers yet. */
function newIdentifiersOf(values: FormValues, buyer: Buyer): SignInIdentifier[] {
  return identifierKinds.flatMap((kind) => {
    const typed = parseSignInIdentifier(values[kind])
    const current = kind === 'email' ? buyer.email : buyer.phone
    return typed === undefined || typed.kind !== kind || typed.value === current ? [] : [typed]
  })
}

export function ProfileEditScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const locale = useLocale()
  const messages = useProfileFieldMessages()
  const { data: storedProfile } = useSuspenseQuery(profileQueryOptions(buyerId))
  const [values, setValues] = useState<FormValues>(() => toFormValues(storedProfile))
  const [errors, setErrors] = useState<ProfileFieldErrors>({})
  const [saveError, setSaveError] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)
  const [pending, setPending] = useState<PendingIdentifier[]>(storedProfile.pendingIdentifiers)
  const [confirmedNotice, setConfirmedNotice] = useState<string>()
  const describeError = useAccountErrorMessage()

  const errorOf = (field: ProfileField) => {
    const code = errors[field]
    return code === undefined ? undefined : messages[code]
  }
  const fieldProps = (field: ProfileField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
    error: errorOf(field),
  })

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaveError(undefined)
    const found = profileFieldErrors(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setIsSaving(true)
    setConfirmedNotice(undefined)
    try {
      const buyer = await saveProfile(buyerId, values)
      rememberBuyer(buyer)
      queryClient.setQueryData(accountKeys.buyer(buyerId), buyer)
      const mustStay = await startIdentifierChanges(buyer)
      await queryClient.invalidateQueries({ queryKey: accountKeys.all })
      if (!mustStay) await goToProfile()
    } catch (error) {
      // What the shopper typed stays in the form whatever went wrong.
      if (error instanceof ApiError && error.details.fields) setErrors(fieldErrorsOf(error))
      else if (error instanceof ApiError && error.code === 'network')
        setSaveError(t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ข้อมูลที่กรอกยังอยู่ กรุณาบันทึกอีกครั้งเมื่อออนไลน์`)
      else setSaveError(t`บันทึกไม่สำเร็จ กรุณาลองอีกครั้ง`)
    } finally {
      setIsSaving(false)
    }
  }

  function goToProfile() {
    return navigate({ to: '/{-$locale}/profile', params: { locale: toLocaleParam(locale) } })
  }

  /**
   * A new email or phone is not saved with the profile: a code goes to it first. `true` when the
   * form must stay open: a code to type, or a refusal shown on its field or above Save.
   */
  async function startIdentifierChanges(buyer: Buyer): Promise<boolean> {
    const wanted = newIdentifiersOf(values, buyer)
    let next = pending.filter((entry) => wanted.some((identifier) => identifier.kind === entry.kind))
    // Typed back to the current one: the change waiting for a code is dropped.
    for (const entry of pending.filter((entry) => !next.includes(entry))) {
      await cancelIdentifierChange(buyerId, entry.kind)
    }
    const fieldErrors: ProfileFieldErrors = {}
    let hasRequestError = false
    for (const identifier of wanted) {
      if (next.some((entry) => entry.kind === identifier.kind && entry.identifier === identifier.value)) continue
      try {
        const answer = await requestIdentifierChange(buyerId, identifier.value)
        next = [
          ...next.filter((entry) => entry.kind !== answer.kind),
          { kind: answer.kind, identifier: answer.identifier, expiresAt: answer.expiresAt },
        ]
      } catch (error) {
        if (isApiError(error, 'identifier_taken')) {
          fieldErrors[identifier.kind] = 'taken'
        } else if (!isApiError(error, 'identifier_unchanged')) {
          hasRequestError = true
          setSaveError(describeError(error))
        }
      }
    }
    setPending(next)
    setErrors(fieldErrors)
    return next.length > 0 || hasRequestError || Object.keys(fieldErrors).length > 0
  }

  async function onConfirmed(buyer: Buyer, kind: PendingIdentifier['kind']) {
    rememberBuyer(buyer)
    queryClient.setQueryData(accountKeys.buyer(buyerId), buyer)
    queryClient.setQueryData(accountKeys.session(), buyer)
    await queryClient.invalidateQueries({ queryKey: accountKeys.all })
    const rest = pending.filter((entry) => entry.kind !== kind)
    setPending(rest)
    if (rest.length === 0) await goToProfile()
    else setConfirmedNotice(t`ยืนยันแล้ว อุปกรณ์อื่นของคุณออกจากระบบแล้ว`)
  }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="text-2xl font-bold">{t`แก้ไขข้อมูลส่วนตัว`}</h1>
      {confirmedNotice ? (
        <p role="status" className="rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
          {confirmedNotice}
        </p>
      ) : null}
      {pending.map((entry) => (
        <IdentifierConfirmation
          key={`${entry.kind}:${entry.identifier}`}
          buyerId={buyerId}
          pending={entry}
          onConfirmed={(buyer) => onConfirmed(buyer, entry.kind)}
          onResent={(resent) => setPending(pending.map((other) => (other.kind === resent.kind ? resent : other)))}
          onCancelled={() => setPending(pending.filter((other) => other.kind !== entry.kind))}
        />
      ))}
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-card bg-surface p-5 shadow-card"
      >
        <TextField label={t`ชื่อ`} autoComplete="given-name" {...fieldProps('firstName')} />
        <TextField label={t`นามสกุล`} autoComplete="family-name" {...fieldProps('lastName')} />
        <BirthDateField
          value={values.birthDate}
          error={errorOf('birthDate')}
          // Where the birth date is given, the age follows from it instead of being typed beside it.
          onChange={(birthDate) =>
            setValues({
              ...values,
              birthDate,
              ...(isWholeBirthDate(birthDate) ? { age: String(ageOn(birthDate, bangkokToday())) } : {}),
            })
          }
        />
        <TextField
          label={t`อายุ`}
          inputMode="numeric"
          readOnly={isWholeBirthDate(values.birthDate)}
          hint={isWholeBirthDate(values.birthDate) ? t`คำนวณจากวันเกิด` : undefined}
          {...fieldProps('age')}
        />
        <GenderField
          value={values.gender}
          error={errorOf('gender')}
          onChange={(gender) => setValues({ ...values, gender })}
        />
        <TextField label={t`อีเมล`} type="email" autoComplete="email" {...fieldProps('email')} />
        <TextField
          label={t`เบอร์มือถือ`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          {...fieldProps('phone')}
        />
        <TextField
          label={t`เบอร์มือถือหรือเลขบัตรประชาชน`}
          inputMode="numeric"
          hint={t`ใช้ยืนยันตัวตนเมื่อถอนเงิน`}
          {...fieldProps('phoneOrIdNumber')}
        />
        {saveError ? <FormAlert>{saveError}</FormAlert> : null}
        <Button type="submit" className="w-full" disabled={isSaving} aria-busy={isSaving}>
          {t`บันทึก`}
        </Button>
      </form>
    </div>
  )
}

function GenderField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (gender: Gender) => void
}) {
  const { t } = useLingui()
  const errorId = useId()
  const labels: Record<Gender, string> = {
    male: t`ชาย`,
    female: t`หญิง`,
    others: t`อื่นๆ`,
    unspecified: t`ไม่ระบุ`,
  }
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t`เพศ`}</legend>
      <div className="grid grid-cols-2 gap-2">
        {genders.map((gender) => (
          <label
            key={gender}
            className={`flex min-h-touch items-center gap-2 rounded-xl border px-3 text-sm ${
              value === gender ? 'border-brand-600 bg-brand-50' : 'border-line'
            }`}
          >
            <input
              type="radio"
              name="gender"
              value={gender}
              checked={value === gender}
              onChange={() => onChange(gender)}
              className="size-4 accent-brand-600"
            />
            {labels[gender]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
