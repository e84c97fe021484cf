import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, Hourglass, ListChecks, LoaderCircle, PiggyBank, Save, ShieldAlert } from 'lucide-react'
import { useState, type SubmitEvent } from 'react'
import * as v from 'valibot'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { PayoutAccount } from '#domain/contracts/payout-account'
import {
  isSavedAccountRequest,
  payoutAccountDetailsSchema,
  payoutAccountFieldErrors,
  type PayoutTarget,
  type Withdrawal,
  type WithdrawalDestination,
  type WithdrawalFieldErrors,
  type WithdrawalRequest,
} from '#domain/contracts/withdrawal'
import { formatDate, formatDateTime } from '#domain/dates'
import { formatThb, parseBahtInput } from '#domain/money'
import { formatBasisPoints } from '#domain/rates'
import { isPayoutAccountUsable } from '#domain/wallet/payout-account-rules'
import { toPayoutDetails, toWithdrawalDestination } from '#domain/wallet/payout-details'
import { computeWithdrawalFee, findLargestWithdrawalAmount } from '#domain/wallet/withdrawal-rules'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { isApiError } from '../../../lib/api-client'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { FindAShopLink } from '../../catalogue/components/find-a-shop-link'
import { SpecialCashbackWithdrawalWarning } from '../../promotions/components/special-cashback-withdrawal-warning'
import { useSpecialCashbackWithdrawalWarning } from '../../promotions/use-withdrawal-warning'
import { payoutAccountListQueryOptions, useSavePayoutAccount } from '../api/payout-accounts'
import { useIdempotentIntent } from '../../../lib/idempotent-intent'
import { useSendWithdrawal, type WithdrawalProblem } from '../use-send-withdrawal'
import { useWithdrawalContext } from '../use-withdrawal-context'
import { AmountSummary } from './amount-summary'
import {
  emptyPayoutAccountDraft,
  PayoutAccountFields,
  payoutAccountInputOf,
  type PayoutAccountDraft,
} from './payout-account-fields'
import { PayoutPromise, usePayoutPromise } from './payout-promise'
import { SavedPayoutAccount } from './saved-payout-account'
import { WithdrawalFacts, type WithdrawalSummary } from './withdrawal-facts'
import { useWithdrawalFieldMessages, useWithdrawalRefusalMessage } from './withdrawal-messages'

export type PayoutMethod = PayoutTarget

/** The form as typed: the account's fields and the amount in baht. */
type Draft = PayoutAccountDraft & { amount: string }

const emptyDraft: Draft = { ...emptyPayoutAccountDraft, amount: '' }

/** A refused queued request put back into the form, so the shopper edits what they typed. */
export function draftOf(request: WithdrawalRequest): Draft {
  const amount = (request.amount / 100).toFixed(2)
  if (isSavedAccountRequest(request)) return { ...emptyDraft, amount }
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

/**
 * The withdrawal form of /withdraw-bank-promptpay and /withdraw-truemoney. A returning shopper's
 * saved account is offered (masked), so they type only the amount; a new one is typed in full.
 * The form checks the fields and the rules with the same domain code the API runs, shows the fee
 * and the net amount, and hands the confirmed request to the outbox (sent now when online, later
 * when not). A shopper who already has an account and adds or changes one saves it first: it can
 * be used 72 hours later (docs/decisions/024), and the form says from when.
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
  const { balance, rates, wallet, openWithdrawal, isCurrent } = useWithdrawalContext(buyerId)
  const { check, sendChecked, isSending } = useSendWithdrawal(buyerId, editing?.key)
  const refusalMessage = useWithdrawalRefusalMessage(rates)
  const accounts = useQuery(payoutAccountListQueryOptions(buyerId)).data?.data
  const saveAccount = useSavePayoutAccount(buyerId)
  const saveIntent = useIdempotentIntent()
  const savedAccount = accounts?.find((account) => account.target === method)
  // A refused queued request that carried its account comes back with what was typed.
  const [isEnteringAccount, setIsEnteringAccount] = useState(
    () => editing !== undefined && !isSavedAccountRequest(editing.request),
  )
  const [reviewing, setReviewing] = useState<WithdrawalRequest>()
  const [draft, setDraft] = useState<Draft>(() => (editing ? draftOf(editing.request) : emptyDraft))
  const [errors, setErrors] = useState<WithdrawalFieldErrors>({})
  const [refusal, setRefusal] = useState<string>()
  const [savedNotice, setSavedNotice] = useState<string>()
  const amount = parseBahtInput(draft.amount)
  const endWarning = useSpecialCashbackWithdrawalWarning(buyerId, amount)
  const [isEndAccepted, setIsEndAccepted] = useState(false)
  const [endWarningError, setEndWarningError] = useState<string>()

  const usesSavedAccount = savedAccount !== undefined && !isEnteringAccount
  // Only a buyer's very first account is usable at once; until the list is known (offline, no
  // saved copy) the details go with the withdrawal and the server decides.
  const mustNewAccountWait = !usesSavedAccount && accounts !== undefined && accounts.length > 0
  const largestAmount = wallet === undefined ? undefined : findLargestWithdrawalAmount(method, wallet, rates)
  const fieldMessages = useWithdrawalFieldMessages()

  function update(field: keyof Draft, value: string) {
    setDraft((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
    setRefusal(undefined)
  }

  function enterAccount(isEntering: boolean) {
    setIsEnteringAccount(isEntering)
    setErrors({})
    setRefusal(undefined)
    setSavedNotice(undefined)
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    setSavedNotice(undefined)
    if (mustNewAccountWait) {
      await saveNewAccount()
      return
    }
    // Ending Special Cashback cannot be undone: the shopper says so before anything is sent.
    if (endWarning.isEnding && !isEndAccepted) {
      setEndWarningError(t`กรุณาติ๊กยืนยันก่อน รายการนี้จะทำให้ Special Cashback สิ้นสุด`)
      return
    }
    const parsedAmount = parseBahtInput(draft.amount) ?? Number.NaN
    if (usesSavedAccount) {
      const usableFrom = new Date(savedAccount.usableFrom)
      if (!isPayoutAccountUsable(usableFrom, new Date())) {
        showProblem({
          fields: {},
          message: refusalMessage('payout_account_waiting', { usableFrom: usableFrom.getTime() }),
        })
        return
      }
    }
    const input = usesSavedAccount
      ? { target: method, amount: parsedAmount, payoutAccountId: savedAccount._id }
      : { ...payoutAccountInputOf(method, draft), amount: parsedAmount }
    const checked = await check(input)
    if ('problem' in checked) showProblem(checked.problem)
    else setReviewing(checked.request)
  }

  /** A later account is saved on its own: it cannot be withdrawn to for 72 hours anyway. */
  async function saveNewAccount() {
    const input = payoutAccountInputOf(method, draft)
    const fields = payoutAccountFieldErrors(input)
    if (Object.keys(fields).length > 0) {
      showProblem({ fields })
      return
    }
    const details = v.parse(payoutAccountDetailsSchema, input)
    try {
      const account = await saveAccount.mutateAsync({
        details,
        idempotencyKey: saveIntent.keyFor(JSON.stringify(details)),
      })
      saveIntent.settle(undefined)
      setIsEnteringAccount(false)
      setDraft((current) => ({ ...emptyDraft, amount: current.amount }))
      const usableFrom = new Date(account.usableFrom)
      const usableFromText = formatDateTime(usableFrom, locale)
      setSavedNotice(
        isPayoutAccountUsable(usableFrom, new Date())
          ? t`บันทึกบัญชีรับเงินแล้ว`
          : t`บันทึกบัญชีรับเงินแล้ว ใช้ถอนได้ตั้งแต่ ${usableFromText}`,
      )
    } catch (error) {
      saveIntent.settle(error)
      const fields = isApiError(error) ? (error.details.fields as WithdrawalFieldErrors | undefined) : undefined
      showProblem({
        fields: fields ?? {},
        message:
          isApiError(error) && error.status === undefined
            ? t`บันทึกบัญชีไม่สำเร็จ กรุณาเชื่อมต่ออินเทอร์เน็ตแล้วลองอีกครั้ง`
            : refusalMessage(isApiError(error) ? error.code : 'internal_error'),
      })
    }
  }

  async function confirm(request: WithdrawalRequest) {
    setReviewing(undefined)
    const problem = await sendChecked(request)
    if (problem !== undefined) showProblem(problem)
  }

  function showProblem(problem: WithdrawalProblem) {
    setErrors(problem.fields)
    setRefusal(problem.message)
  }

  // What stops any withdrawal is said before anything is typed (a correction is still allowed),
  // judged on the server's answers of this visit: a saved copy may block a shopper who no longer
  // is. Offline the form stays open; confirming checks again, and the server has the last word.
  if (editing === undefined && wallet !== undefined && isCurrent && !isSending) {
    if (openWithdrawal !== undefined) return <BlockedByOpenWithdrawal withdrawal={openWithdrawal} />
    if (wallet.accumulatedCashback <= rates.minWithdrawal) return <BlockedByTooLittleCashback rates={rates} />
  }

  const balanceText = balance === undefined ? '…' : formatThb(balance, locale, { alwaysShowSatang: true })
  const minimumText = formatThb(rates.minWithdrawal, locale)
  const isBusy = isSending || saveAccount.isPending
  const amountError = errors.amount === undefined ? undefined : fieldMessages[errors.amount]

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {savedNotice ? (
        <p role="status" className="flex gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {savedNotice}
        </p>
      ) : null}
      {usesSavedAccount ? (
        <SavedPayoutAccount account={savedAccount} onChange={() => enterAccount(true)} />
      ) : (
        <>
          {mustNewAccountWait ? (
            <p className="flex gap-2 rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <ThaiText>{t`เพื่อความปลอดภัย บัญชีรับเงินใหม่ใช้ถอนได้หลังบันทึก 72 ชั่วโมง เราจะแจ้งเตือนคุณเมื่อมีการเปลี่ยนบัญชี`}</ThaiText>
            </p>
          ) : null}
          <PayoutAccountFields method={method} draft={draft} errors={errors} onChange={update} />
          {savedAccount !== undefined ? (
            <Button variant="ghost" className="w-full" onClick={() => enterAccount(false)}>
              {t`ใช้บัญชีที่บันทึกไว้`}
            </Button>
          ) : null}
        </>
      )}

      {mustNewAccountWait ? null : (
        <>
          <div className="space-y-2">
            <TextField
              label={t`จำนวนเงินที่ต้องการถอน (บาท)`}
              hint={t`ยอดคงเหลือ ${balanceText} · ขั้นต่ำ ${minimumText}`}
              placeholder={t`เช่น 500`}
              inputMode="decimal"
              value={draft.amount}
              onChange={(event) => update('amount', event.target.value)}
              error={amountError}
            />
            <Button
              variant="secondary"
              className="w-full"
              disabled={largestAmount === undefined}
              onClick={() => {
                if (largestAmount !== undefined) update('amount', String(largestAmount / 100))
              }}
            >
              {t`ถอนทั้งหมด`}
            </Button>
          </div>
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
        </>
      )}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <Button type="submit" className="w-full" disabled={isBusy}>
        {isBusy ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : mustNewAccountWait ? (
          <Save aria-hidden="true" className="size-5" />
        ) : (
          <ListChecks aria-hidden="true" className="size-5" />
        )}
        {mustNewAccountWait ? t`บันทึกบัญชีรับเงิน` : t`ตรวจสอบรายการถอน`}
      </Button>
      <WithdrawalReview
        buyerId={buyerId}
        method={method}
        request={reviewing}
        savedAccount={savedAccount}
        confirmLabel={editing ? t`ส่งอีกครั้ง` : t`ยืนยันการถอนเงิน`}
        rates={rates}
        onConfirm={(request) => void confirm(request)}
        onCancel={() => setReviewing(undefined)}
      />
    </form>
  )
}

/** Where a request's money goes, masked as the receipt will show it. */
function destinationOf(request: WithdrawalRequest, savedAccount: PayoutAccount | undefined): WithdrawalDestination {
  if (isSavedAccountRequest(request)) {
    return savedAccount?.destination ?? { bank: null, maskedAccount: null, accountName: null }
  }
  if (request.target === 'points') return { bank: null, maskedAccount: null, accountName: null }
  return toWithdrawalDestination(toPayoutDetails(request))
}

/**
 * The last look before money leaves (issue 20), as a banking app shows it: where it goes (the
 * account masked as every later screen shows it), the amount, the fee and what it is, what
 * arrives and by when.
 */
function WithdrawalReview({
  buyerId,
  method,
  request,
  savedAccount,
  confirmLabel,
  rates,
  onConfirm,
  onCancel,
}: {
  buyerId: string
  method: PayoutMethod
  request: WithdrawalRequest | undefined
  /** The account a request that names one goes to. */
  savedAccount: PayoutAccount | undefined
  confirmLabel: string
  rates: FixedRates
  onConfirm: (request: WithdrawalRequest) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const { promisedDate } = usePayoutPromise(buyerId, method)
  const feeRate = formatBasisPoints(rates.withdrawalFee, locale)
  const summary: WithdrawalSummary | undefined =
    request === undefined
      ? undefined
      : (() => {
          const fee = computeWithdrawalFee(request.target, request.amount, rates)
          return {
            target: request.target,
            destination: destinationOf(request, savedAccount),
            amount: request.amount,
            fee,
            netAmount: request.amount - fee,
            points: null,
            expectedBy: promisedDate,
          }
        })()
  return (
    <ConfirmDialog
      open={request !== undefined}
      title={t`ตรวจสอบก่อนถอนเงิน`}
      confirmLabel={confirmLabel}
      cancelLabel={t`แก้ไข`}
      confirmVariant="primary"
      onConfirm={() => {
        if (request !== undefined) onConfirm(request)
      }}
      onCancel={onCancel}
    >
      {summary === undefined ? null : (
        <div className="space-y-3">
          <WithdrawalFacts summary={summary} className="rounded-xl bg-canvas p-3 text-ink" />
          <p>
            <ThaiText>{t`ค่าธรรมเนียมระบบ ${feeRate} หักจากยอดที่ถอน ไม่มีค่าใช้จ่ายอื่น`}</ThaiText>
          </p>
          <p>{t`โปรดตรวจเลขบัญชีและชื่อบัญชีให้ตรงกับบัญชีของคุณ เงินที่โอนเข้าบัญชีผิดอาจเรียกคืนไม่ได้`}</p>
        </div>
      )}
    </ConfirmDialog>
  )
}

/** Another withdrawal is still being paid: one at a time, and this is when it should be done. */
function BlockedByOpenWithdrawal({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useLingui()
  const locale = useLocale()
  const expectedBy = withdrawal.expectedBy === null ? undefined : formatDate(new Date(withdrawal.expectedBy), locale)
  return (
    <EmptyState icon={Hourglass} title={t`มีรายการที่รอดำเนินการอยู่`}>
      <p>
        {expectedBy === undefined
          ? t`ถอนเงินได้ครั้งละหนึ่งรายการ ถอนอีกครั้งได้เมื่อรายการก่อนหน้าโอนเสร็จ`
          : t`ถอนเงินได้ครั้งละหนึ่งรายการ ถอนอีกครั้งได้เมื่อรายการก่อนหน้าโอนเสร็จ ภายใน ${expectedBy}`}
      </p>
      <ButtonLink
        to="/{-$locale}/withdrawal"
        params={{ locale: toLocaleParam(locale) }}
        variant="secondary"
        className="mt-4"
      >
        {t`ดูประวัติการถอน`}
      </ButtonLink>
    </EmptyState>
  )
}

/** The spec's minimum of accumulated cashback is not reached yet: say so, and where cashback comes from. */
function BlockedByTooLittleCashback({ rates }: { rates: FixedRates }) {
  const { t } = useLingui()
  const locale = useLocale()
  const minimum = formatThb(rates.minWithdrawal, locale)
  return (
    <EmptyState icon={PiggyBank} title={t`คุณต้องมีเงินคืนสะสมมากกว่า ${minimum}`}>
      <p>
        <ThaiText>{t`เงินคืนที่ได้รับเข้ากระเป๋าแล้วรวมกันเกิน ${minimum} จึงถอนได้ ช้อปผ่านร้านค้าพาร์ทเนอร์เพื่อสะสมเงินคืน`}</ThaiText>
      </p>
      <FindAShopLink className="mt-4" />
    </EmptyState>
  )
}
