import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import * as v from 'valibot'
import {
  withdrawalFieldErrors,
  withdrawalRequestSchema,
  type WithdrawalFieldErrors,
  type WithdrawalRequest,
} from '#domain/contracts/withdrawal'
import { pathInLocale } from '#domain/locale'
import { findWithdrawalRefusal } from '#domain/wallet/withdrawal-rules'
import { getAppOutbox } from '../../lib/outbox'
import { useLocale } from '../../lib/locale'
import { submitWithdrawal } from './api/withdrawal-outbox'
import { useWithdrawalRefusalMessage } from './components/withdrawal-messages'
import { useWithdrawalContext } from './use-withdrawal-context'

/** What stops a request: per-field codes, and a message for the rule or the server's refusal. */
export type WithdrawalProblem = { fields: WithdrawalFieldErrors; message?: string }

/**
 * The one way a form sends money out (withdrawals and points exchanges): the fields and the rules
 * are checked on the phone with the API's own domain code (`check`), then the request goes through
 * the outbox (`sendChecked`); the withdrawal form shows its review sheet between the two, and
 * `send` does both for a points exchange. Sent or queued, the shopper goes to /withdraw-success;
 * a refusal met while they are still on the form comes back as a problem to show there (and
 * leaves the outbox). `editingKey` resends a refused queued request with its correction instead.
 */
export function useSendWithdrawal(buyerId: string, editingKey?: string) {
  const navigate = useNavigate()
  const locale = useLocale()
  const { rates, readCurrentWallet } = useWithdrawalContext(buyerId)
  const refusalMessage = useWithdrawalRefusalMessage(rates)
  const [isSending, setIsSending] = useState(false)

  async function check(input: unknown): Promise<{ request: WithdrawalRequest } | { problem: WithdrawalProblem }> {
    const fields = withdrawalFieldErrors(input)
    if (Object.keys(fields).length > 0) return { problem: { fields } }
    const request = v.parse(withdrawalRequestSchema, input)
    setIsSending(true)
    try {
      const wallet = await readCurrentWallet()
      const broken = wallet === undefined ? undefined : findWithdrawalRefusal(request, wallet, rates)
      if (broken !== undefined) return { problem: { fields: {}, message: refusalMessage(broken) } }
      return { request }
    } finally {
      setIsSending(false)
    }
  }

  async function sendChecked(request: WithdrawalRequest): Promise<WithdrawalProblem | undefined> {
    setIsSending(true)
    try {
      if (editingKey !== undefined) {
        await getAppOutbox().retry(editingKey, request)
        await navigate({ href: pathInLocale('/withdrawal', locale) })
        return undefined
      }
      const outcome = await submitWithdrawal(buyerId, request)
      if (outcome.status === 'refused') {
        const { refusal } = outcome
        return {
          fields: (refusal.fields ?? {}) as WithdrawalFieldErrors,
          message: refusalMessage(refusal.code, refusal.numbers),
        }
      }
      const search = outcome.status === 'sent' ? `id=${outcome.withdrawal._id}` : `queued=${outcome.key}`
      await navigate({ href: `${pathInLocale('/withdraw-success', locale)}?${search}` })
      return undefined
    } finally {
      setIsSending(false)
    }
  }

  async function send(input: unknown): Promise<WithdrawalProblem | undefined> {
    const checked = await check(input)
    return 'problem' in checked ? checked.problem : sendChecked(checked.request)
  }

  return { check, sendChecked, send, isSending }
}
