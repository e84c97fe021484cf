import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Coins } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { withdrawalFieldErrors, withdrawalRequestSchema } from '#domain/contracts/withdrawal'
import { pathInLocale } from '#domain/locale'
import { formatThb, parseBahtInput } from '#domain/money'
import { findWithdrawalRefusal } from '#domain/wallet/withdrawal-rules'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { getAppOutbox } from '../../../lib/outbox'
import { useLocale } from '../../../lib/locale'
import { submitWithdrawal } from '../api/withdrawal-outbox'
import { useWithdrawalContext } from '../use-withdrawal-context'
import { AmountSummary } from './amount-summary'
import { useWithdrawalFieldMessages, useWithdrawalRefusalMessage } from './withdrawal-messages'

/** Cashback exchanged for points (THB 1 = `pointsPerBaht` points), through the same outbox as withdrawals. */
export function PointsExchange({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  const { wallet, rates } = useWithdrawalContext(buyerId)
  const fieldMessages = useWithdrawalFieldMessages()
  const refusalMessage = useWithdrawalRefusalMessage(rates)
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string>()
  const [isSending, setIsSending] = useState(false)
  const amount = parseBahtInput(typed)
  const minimum = formatThb(rates.minPointsExchange, locale)
  const pointsPerBaht = rates.pointsPerBaht

  async function submit(event: FormEvent) {
    event.preventDefault()
    const input = { target: 'points', amount: amount ?? Number.NaN }
    const fieldCode = withdrawalFieldErrors(input).amount
    if (fieldCode !== undefined) {
      setProblem(fieldMessages[fieldCode])
      return
    }
    const request = v.parse(withdrawalRequestSchema, input)
    const broken = wallet === undefined ? undefined : findWithdrawalRefusal(request, wallet, rates)
    if (broken !== undefined) {
      setProblem(refusalMessage(broken))
      return
    }
    setIsSending(true)
    try {
      const outcome = await submitWithdrawal(buyerId, request)
      if (outcome.status === 'refused') {
        const item = getAppOutbox()
          .items()
          .find((candidate) => candidate.id === outcome.key)
        await getAppOutbox().discard(outcome.key)
        setProblem(refusalMessage(item?.refusal?.code ?? '', item?.refusal?.numbers))
        return
      }
      const search = outcome.status === 'sent' ? `id=${outcome.withdrawal._id}` : `queued=${outcome.key}`
      await navigate({ href: `${pathInLocale('/withdraw-success', locale)}?${search}` })
    } finally {
      setIsSending(false)
    }
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
        {t`แลกเงินคืนเป็นคะแนน`}
      </h2>
      <p className="text-sm text-ink-muted">{t`1 บาท = ${pointsPerBaht} คะแนน · ขั้นต่ำ ${minimum} · ไม่มีค่าธรรมเนียม`}</p>
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
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" variant="secondary" className="w-full" disabled={isSending}>
        {t`แลกคะแนน`}
      </Button>
    </form>
  )
}
