import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import type { ConsoleConversion } from '#domain/ops/transactions'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { useConsoleFormat } from '../../lib/console-format'
import { useConsoleAction } from '../../lib/use-console-action'
import { conversionKeys, dismissConversion, matchConversion, unmatchedConversionsQueryOptions } from './conversions-api'

type Target = 'click' | 'buyer'

/** One unmatched conversion: what the network said, and the operator's match or dismissal. */
function ConversionCard({ conversion }: { conversion: ConsoleConversion }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const action = useConsoleAction({ refreshes: conversionKeys.all })
  const [target, setTarget] = useState<Target>('click')
  const [clickId, setClickId] = useState('')
  const [buyerId, setBuyerId] = useState('')
  const [merchantId, setMerchantId] = useState('')
  const [reason, setReason] = useState('')
  const [matchedTransactionId, setMatchedTransactionId] = useState<string>()
  const { clickId: clickSent, orderId, conversionId } = conversion
  const orderedAt = format.time(conversion.orderTime)
  const receivedAt = format.time(conversion.receivedAt)

  function onMatch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void action.run(async (actionKey) => {
      const request =
        target === 'click' ? { clickId: clickId.trim() } : { buyerId: buyerId.trim(), merchantId: merchantId.trim() }
      const matched = await matchConversion(conversion.id, request, actionKey)
      setMatchedTransactionId(matched.transaction.id)
    })
  }

  function onDismiss() {
    if (reason.trim() === '') return
    void action.run(async (actionKey) => {
      await dismissConversion(conversion.id, reason.trim(), actionKey)
    })
  }

  return (
    <li className="space-y-3 rounded-card bg-surface p-5 shadow-card">
      <p className="font-semibold">
        {conversion.network} · {conversion.conversionId} · {format.money(conversion.saleAmount)} ·{' '}
        {conversion.networkStatus}
      </p>
      <p className="text-sm text-ink-muted">
        <Trans>
          คลิกที่เครือข่ายส่งมา {clickSent} · คำสั่งซื้อ {orderId} · สั่งเมื่อ {orderedAt} · ได้รับเมื่อ {receivedAt}
        </Trans>
      </p>
      {matchedTransactionId === undefined ? null : (
        <p role="status">
          <Link
            to="/transactions/$transactionId"
            params={{ transactionId: matchedTransactionId }}
            className="text-brand-700 underline"
          >
            <Trans>จับคู่แล้ว เปิดรายการซื้อ</Trans>
          </Link>
        </p>
      )}
      <form onSubmit={onMatch} aria-label={t`จับคู่คอนเวอร์ชัน ${conversionId}`} className="space-y-2">
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">
            <Trans>จับคู่กับ</Trans>
          </legend>
          <label className="flex items-center gap-1">
            <input type="radio" checked={target === 'click'} onChange={() => setTarget('click')} />
            <Trans>คลิก</Trans>
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" checked={target === 'buyer'} onChange={() => setTarget('buyer')} />
            <Trans>ผู้ซื้อและร้านค้า</Trans>
          </label>
        </fieldset>
        <div className="flex flex-wrap items-end gap-2">
          {target === 'click' ? (
            <TextField label={t`รหัสคลิก`} value={clickId} onChange={(event) => setClickId(event.target.value)} />
          ) : (
            <>
              <TextField label={t`รหัสผู้ซื้อ`} value={buyerId} onChange={(event) => setBuyerId(event.target.value)} />
              <TextField
                label={t`รหัสร้านค้า`}
                value={merchantId}
                onChange={(event) => setMerchantId(event.target.value)}
              />
            </>
          )}
          <Button type="submit" disabled={action.isBusy}>
            <Trans>จับคู่</Trans>
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t`เหตุผลที่ไม่จับคู่`}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button variant="danger" disabled={action.isBusy || reason.trim() === ''} onClick={onDismiss}>
          <Trans>ไม่จับคู่</Trans>
        </Button>
      </div>
      {action.error === undefined ? null : <FormAlert>{action.error}</FormAlert>}
    </li>
  )
}

/** Conversions whose click matched nobody, the longest waiting first. */
export function ConversionsScreen() {
  const { data } = useSuspenseQuery(unmatchedConversionsQueryOptions(0))
  const total = data.total
  return (
    <section aria-labelledby="conversions-title" className="space-y-5">
      <h1 id="conversions-title" className="text-2xl font-bold">
        <Trans>คอนเวอร์ชันที่จับคู่ไม่ได้</Trans>
      </h1>
      <p className="text-sm text-ink-muted">
        <Trans>รอ {total} รายการ</Trans>
      </p>
      {data.data.length === 0 ? (
        <p>
          <Trans>ไม่มีคอนเวอร์ชันรอจับคู่</Trans>
        </p>
      ) : (
        <ul className="space-y-4">
          {data.data.map((conversion) => (
            <ConversionCard key={conversion.id} conversion={conversion} />
          ))}
        </ul>
      )}
    </section>
  )
}
