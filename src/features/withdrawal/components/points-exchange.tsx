import { useLingui } from '@lingui/react/macro'
import { Coins } from 'lucide-react'
import { useState, type SubmitEvent } from 'react'
import { formatThb, parseBahtInput } from '#domain/money'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { SpecialCashbackWithdrawalWarning } from '../../promotions/components/special-cashback-withdrawal-warning'
import { useSpecialCashbackWithdrawalWarning } from '../../promotions/use-withdrawal-warning'
import { useSendWithdrawal } from '../use-send-withdrawal'
import { useWithdrawalContext } from '../use-withdrawal-context'
import { AmountSummary } from './amount-summary'
import { useWithdrawalFieldMessages } from './withdrawal-messages'

/** Cashback exchanged for points (THB 1 = `pointsPerBaht` points), through the same outbox as withdrawals. */
export function PointsExchange({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { rates } = useWithdrawalContext(buyerId)
  const { send, isSending } = useSendWithdrawal(buyerId)
  const fieldMessages = useWithdrawalFieldMessages()
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string>()
  const amount = parseBahtInput(typed)
  const endWarning = useSpecialCashbackWithdrawalWarning(buyerId, amount)
  const [isEndAccepted, setIsEndAccepted] = useState(false)
  const [endWarningError, setEndWarningError] = useState<string>()
  const minimum = formatThb(rates.minPointsExchange, locale)
  const pointsPerBaht = rates.pointsPerBaht

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // An exchange is a debit too: ending Special Cashback needs the shopper's own yes first.
    if (endWarning.isEnding && !isEndAccepted) {
      setEndWarningError(t`กรุณาติ๊กยืนยันก่อน รายการนี้จะทำให้ Special Cashback สิ้นสุด`)
      return
    }
    const problem = await send({ target: 'points', amount: amount ?? Number.NaN })
    if (problem === undefined) return
    const fieldCode = problem.fields.amount
    setProblem(fieldCode === undefined ? problem.message : fieldMessages[fieldCode])
  }

  return (
    <form
      noValidate
      aria-labelledby="points-exchange"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-card bg-surface p-4 shadow-card"
    >
      <h2 id="points-exchange" className="flex items-center gap-2 font-bold">
        <Coins aria-hidden="true" className="size-5 text-brand-700" />
        <ThaiText>{t`แลกเงินคืนเป็นคะแนน`}</ThaiText>
      </h2>
      <p className="text-sm text-ink-muted">
        <ThaiText>{t`1 บาท = ${pointsPerBaht} คะแนน · ขั้นต่ำ ${minimum} · ไม่มีค่าธรรมเนียม`}</ThaiText>
      </p>
      <TextField
        label={t`จำนวนเงินที่ต้องการแลก (บาท)`}
        inputMode="numeric"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value)
          setProblem(undefined)
        }}
      />
      <AmountSummary target="points" amount={amount} rates={rates} />
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
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={isSending}>
        {t`แลกคะแนน`}
      </Button>
    </form>
  )
}
