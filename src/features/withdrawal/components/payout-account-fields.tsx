import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { PayoutTarget, WithdrawalFieldErrors } from '#domain/contracts/withdrawal'
import { thaiBankIds, type ThaiBank } from '#domain/validation/thai-identifiers'
import { TextField } from '../../../components/ui/text-field'
import { useBankLabels, useWithdrawalFieldMessages } from './withdrawal-messages'

/** What the shopper types of a payout account, as typed (the contract normalizes it). */
export type PayoutAccountDraft = {
  bank: ThaiBank | ''
  accountNumber: string
  accountName: string
  branchName: string
  phoneOrIdNumber: string
  promptPayId: string
  mobileNumber: string
}

export const emptyPayoutAccountDraft: PayoutAccountDraft = {
  bank: '',
  accountNumber: '',
  accountName: '',
  branchName: '',
  phoneOrIdNumber: '',
  promptPayId: '',
  mobileNumber: '',
}

/** The draft as the contract's `PayoutAccountDetails` input, for the method on screen. */
export function payoutAccountInputOf(method: PayoutTarget, draft: PayoutAccountDraft) {
  switch (method) {
    case 'bank':
      return {
        target: method,
        bank: draft.bank,
        accountNumber: draft.accountNumber,
        accountName: draft.accountName,
        branchName: draft.branchName,
        phoneOrIdNumber: draft.phoneOrIdNumber,
      }
    case 'promptpay':
      return { target: method, promptPayId: draft.promptPayId, accountName: draft.accountName }
    case 'truemoney':
      return { target: method, mobileNumber: draft.mobileNumber, accountName: draft.accountName }
  }
}

/**
 * The fields of a payout account for one method. Each says why it is asked (product notes,
 * complaint 6: payouts bounce on wrong details) and shows an example; the messages of a wrong
 * field are the spec's.
 */
export function PayoutAccountFields({
  method,
  draft,
  errors,
  onChange,
}: {
  method: PayoutTarget
  draft: PayoutAccountDraft
  errors: WithdrawalFieldErrors
  onChange: (field: keyof PayoutAccountDraft, value: string) => void
}) {
  const { t } = useLingui()
  const fieldMessages = useWithdrawalFieldMessages()
  const bankLabels = useBankLabels()
  const bankGroupId = useId()

  function fieldError(field: keyof PayoutAccountDraft): string | undefined {
    const code = errors[field]
    return code === undefined ? undefined : fieldMessages[code]
  }

  const accountNameHints: Record<PayoutTarget, string> = {
    bank: t`ต้องตรงกับชื่อบัญชีธนาคาร ไม่เช่นนั้นธนาคารจะตีกลับการโอน`,
    promptpay: t`ต้องตรงกับชื่อเจ้าของพร้อมเพย์ ไม่เช่นนั้นธนาคารจะตีกลับการโอน`,
    truemoney: t`ต้องตรงกับชื่อเจ้าของวอลเล็ท ไม่เช่นนั้นการโอนจะถูกตีกลับ`,
  }
  // Every payout method names the account holder.
  const accountNameField = (
    <TextField
      label={t`ชื่อบัญชี`}
      hint={accountNameHints[method]}
      placeholder={t`เช่น สมชาย ใจดี`}
      autoComplete="name"
      value={draft.accountName}
      onChange={(event) => onChange('accountName', event.target.value)}
      error={fieldError('accountName')}
    />
  )

  switch (method) {
    case 'bank':
      return (
        <>
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
                    onChange={() => onChange('bank', bank)}
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
          <TextField
            label={t`เลขที่บัญชี`}
            hint={t`10 หลัก ตามหน้าสมุดบัญชีหรือในแอปธนาคาร`}
            placeholder={t`เช่น 123-4-56789-0`}
            inputMode="numeric"
            autoComplete="off"
            value={draft.accountNumber}
            onChange={(event) => onChange('accountNumber', event.target.value)}
            error={fieldError('accountNumber')}
          />
          {accountNameField}
          <TextField
            label={t`ชื่อสาขา`}
            hint={t`สาขาที่เปิดบัญชี ฝ่ายการเงินใช้ตรวจบัญชีปลายทางก่อนโอน`}
            placeholder={t`เช่น สยามพารากอน`}
            value={draft.branchName}
            onChange={(event) => onChange('branchName', event.target.value)}
            error={fieldError('branchName')}
          />
          <TextField
            label={t`เบอร์มือถือหรือเลขบัตรประชาชน`}
            hint={t`ธนาคารใช้ยืนยันตัวผู้รับเงิน`}
            placeholder={t`เช่น 0812345678`}
            inputMode="numeric"
            value={draft.phoneOrIdNumber}
            onChange={(event) => onChange('phoneOrIdNumber', event.target.value)}
            error={fieldError('phoneOrIdNumber')}
          />
        </>
      )
    case 'promptpay':
      return (
        <>
          <TextField
            label={t`พร้อมเพย์`}
            hint={t`เบอร์มือถือ เลขบัตรประชาชน 13 หลัก หรือเลขอีวอลเล็ท 15 หลัก`}
            placeholder={t`เช่น 0812345678`}
            inputMode="numeric"
            value={draft.promptPayId}
            onChange={(event) => onChange('promptPayId', event.target.value)}
            error={fieldError('promptPayId')}
          />
          {accountNameField}
        </>
      )
    case 'truemoney':
      return (
        <>
          <TextField
            label={t`เบอร์มือถือทรูมันนี่ วอลเล็ท`}
            hint={t`เบอร์ที่ผูกกับวอลเล็ท เงินจะเข้าวอลเล็ทของเบอร์นี้`}
            placeholder={t`เช่น 081-234-5678`}
            inputMode="tel"
            autoComplete="tel-national"
            value={draft.mobileNumber}
            onChange={(event) => onChange('mobileNumber', event.target.value)}
            error={fieldError('mobileNumber')}
          />
          {accountNameField}
        </>
      )
  }
}
