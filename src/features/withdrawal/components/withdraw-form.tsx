import { useLingui } from '@lingui/react/macro'
import { LoaderCircle, Send } from 'lucide-react'
import { useId, useState, type SubmitEvent } from 'react'
import { type WithdrawalFieldErrors, type WithdrawalRequest } from '#domain/contracts/withdrawal'
import { formatThb, parseBahtInput } from '#domain/money'
import { thaiBankIds, type ThaiBank } from '#domain/validation/thai-identifiers'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { useLocale } from '../../../lib/locale'
import { SpecialCashbackWithdrawalWarning } from '../../promotions/components/special-cashback-withdrawal-warning'
import { useSpecialCashbackWithdrawalWarning } from '../../promotions/use-withdrawal-warning'
import { useSendWithdrawal } from '../use-send-withdrawal'
import { useWithdrawalContext } from '../use-withdrawal-context'
import { AmountSummary } from './amount-summary'
import { PayoutPromise } from './payout-promise'
import { useBankLabels, useWithdrawalFieldMessages } from './withdrawal-messages'

export type PayoutMethod = 'bank' | 'promptpay' | 'truemoney'

type Draft = {
  amount: string
  bank: ThaiBank | ''
  accountNumber: string
  accountName: string
  branchName: string
  phoneOrIdNumber: string
  promptPayId: string
  mobileNumber: string
}

const emptyDraft: Draft = {
  amount: '',
  bank: '',
  accountNumber: '',
  accountName: '',
  branchName: '',
  phoneOrIdNumber: '',
  promptPayId: '',
  mobileNumber: '',
}

/** A refused queued request put back into the form, so the shopper edits what they typed. */
export function draftOf(request: WithdrawalRequest): Draft {
  const amount = (request.amount / 100).toFixed(2)
  switch (request.target) {
    case 'bank':
      return { ...emptyDraft, ...request, amount }
    case 'promptpay':
      return { ...emptyDraft, promptPayId: request.promptPayId, accountName: request.accountName, amount }
    case 'truemoney':
      return { ...emptyDraft, mobileNumber: request.mobileNumber, accountName: request.accountName, amount }
    case 'points':
      return { ...emptyDraft, amount }
  }
}

function requestOf(method: PayoutMethod, draft: Draft): unknown {
  const amount = parseBahtInput(draft.amount) ?? Number.NaN
  switch (method) {
    case 'bank':
      return {
        target: 'bank',
        amount,
        bank: draft.bank,
        accountNumber: draft.accountNumber,
        accountName: draft.accountName,
        branchName: draft.branchName,
        phoneOrIdNumber: draft.phoneOrIdNumber,
      }
    case 'promptpay':
      return { target: 'promptpay', amount, promptPayId: draft.promptPayId, accountName: draft.accountName }
    case 'truemoney':
      return { target: 'truemoney', amount, mobileNumber: draft.mobileNumber, accountName: draft.accountName }
  }
}

/**
 * The withdrawal form of /withdraw-bank-promptpay and /withdraw-truemoney. It checks the fields and
 * the rules with the same domain code the API runs, shows the fee and the net amount, and hands
 * the confirmed request to the outbox (sent now when online, later when not).
 */
export function WithdrawForm({
  buyerId,
  method,
  editing,
}: {
  buyerId: string
  method: PayoutMethod
  /** A refused queued request being corrected: its key and what was sent. */
  editing?: { key: string; request: WithdrawalRequest }
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const { balance, rates } = useWithdrawalContext(buyerId)
  const { send, isSending } = useSendWithdrawal(buyerId, editing?.key)
  const fieldMessages = useWithdrawalFieldMessages()
  const bankLabels = useBankLabels()
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing.request) : emptyDraft))
  const [errors, setErrors] = useState<WithdrawalFieldErrors>({})
  const [refusal, setRefusal] = useState<string>()
  const bankGroupId = useId()
  const amount = parseBahtInput(draft.amount)
  const endWarning = useSpecialCashbackWithdrawalWarning(buyerId, amount)
  const [isEndAccepted, setIsEndAccepted] = useState(false)
  const [endWarningError, setEndWarningError] = useState<string>()

  function update(field: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setRefusal(undefined)
  }

  function fieldError(field: keyof Draft): string | undefined {
    const code = errors[field]
    return code === undefined ? undefined : fieldMessages[code]
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // Ending Special Cashback cannot be undone: the shopper says so before anything is sent.
    if (endWarning.isEnding && !isEndAccepted) {
      setEndWarningError(t`กรุณาติ๊กยืนยันก่อน รายการนี้จะทำให้ Special Cashback สิ้นสุด`)
      return
    }
    const problem = await send(requestOf(method, draft))
    if (problem === undefined) return
    setErrors(problem.fields)
    setRefusal(problem.message)
  }

  const amountLabel = t`จำนวนเงินที่ต้องการถอน (บาท)`
  const balanceText = balance === undefined ? '…' : formatThb(balance, locale, { alwaysShowSatang: true })
  const minimumText = formatThb(rates.minWithdrawal, locale)

  // Every payout method names the account holder.
  const accountNameField = (
    <TextField
      label={t`ชื่อบัญชี`}
      autoComplete="name"
      value={draft.accountName}
      onChange={(event) => update('accountName', event.target.value)}
      error={fieldError('accountName')}
    />
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {method === 'bank' ? (
        <fieldset aria-describedby={errors.bank ? `${bankGroupId}-error` : undefined} className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t`ธนาคาร`}</legend>
          <div className="grid grid-cols-2 gap-2">
            {thaiBankIds.map((bank) => (
              <label
                key={bank}
                className={`flex min-h-touch cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm ${
                  draft.bank === bank ? 'border-brand-600 bg-brand-50 font-semibold' : 'border-line bg-surface'
                }`}
              >
                <input
                  type="radio"
                  name="bank"
                  value={bank}
                  checked={draft.bank === bank}
                  onChange={() => update('bank', bank)}
                  className="size-4 accent-brand-600"
                />
                {bankLabels[bank]}
              </label>
            ))}
          </div>
          {errors.bank ? (
            <p id={`${bankGroupId}-error`} className="text-sm text-danger-700">
              {fieldError('bank')}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {method === 'bank' ? (
        <>
          <TextField
            label={t`เลขที่บัญชี`}
            hint={t`10 หลัก`}
            inputMode="numeric"
            autoComplete="off"
            value={draft.accountNumber}
            onChange={(event) => update('accountNumber', event.target.value)}
            error={fieldError('accountNumber')}
          />
          {accountNameField}
          <TextField
            label={t`ชื่อสาขา`}
            value={draft.branchName}
            onChange={(event) => update('branchName', event.target.value)}
            error={fieldError('branchName')}
          />
          <TextField
            label={t`เบอร์มือถือหรือเลขบัตรประชาชน`}
            inputMode="numeric"
            value={draft.phoneOrIdNumber}
            onChange={(event) => update('phoneOrIdNumber', event.target.value)}
            error={fieldError('phoneOrIdNumber')}
          />
        </>
      ) : null}

      {method === 'promptpay' ? (
        <>
          <TextField
            label={t`พร้อมเพย์`}
            hint={t`เบอร์มือถือ เลขบัตรประชาชน 13 หลัก หรือเลขอีวอลเล็ท 15 หลัก`}
            inputMode="numeric"
            value={draft.promptPayId}
            onChange={(event) => update('promptPayId', event.target.value)}
            error={fieldError('promptPayId')}
          />
          {accountNameField}
        </>
      ) : null}

      {method === 'truemoney' ? (
        <>
          <TextField
            label={t`เบอร์มือถือทรูมันนี่ วอลเล็ท`}
            inputMode="tel"
            autoComplete="tel-national"
            value={draft.mobileNumber}
            onChange={(event) => update('mobileNumber', event.target.value)}
            error={fieldError('mobileNumber')}
          />
          {accountNameField}
        </>
      ) : null}

      <TextField
        label={amountLabel}
        hint={t`ยอดคงเหลือ ${balanceText} · ขั้นต่ำ ${minimumText}`}
        inputMode="decimal"
        value={draft.amount}
        onChange={(event) => update('amount', event.target.value)}
        error={fieldError('amount')}
      />
      <AmountSummary target={method} amount={amount} rates={rates} />
      <PayoutPromise buyerId={buyerId} method={method} />
      <SpecialCashbackWithdrawalWarning
        warning={endWarning}
        rates={rates}
        isAccepted={isEndAccepted}
        onAcceptedChange={(isAccepted) => {
          setIsEndAccepted(isAccepted)
          setEndWarningError(undefined)
        }}
        error={endWarningError}
      />
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <Button type="submit" className="w-full" disabled={isSending}>
        {isSending ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <Send aria-hidden="true" className="size-5" />
        )}
        {editing ? t`ส่งอีกครั้ง` : t`ยืนยันการถอนเงิน`}
      </Button>
    </form>
  )
}
