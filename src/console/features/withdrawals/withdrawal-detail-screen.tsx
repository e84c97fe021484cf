import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type SubmitEvent } from 'react'
import type { WithdrawalStatusUpdate } from '#domain/ops/withdrawals'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField } from '../../../components/ui/text-field'
import { AuditEntryList } from '../../components/audit-entry-list'
import { FactTile } from '../../components/facts'
import { useConsoleFormat } from '../../lib/console-format'
import { useConsoleAction } from '../../lib/use-console-action'
import { useWithdrawalStatusLabel, useWithdrawalTargetLabel } from './withdrawal-labels'
import { markWithdrawalStatus, withdrawalDetailQueryOptions, withdrawalKeys } from './withdrawals-api'

/** One withdrawal in full: where to send the money, and the moves finance records. */
export function WithdrawalDetailScreen({ id }: { id: string }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useWithdrawalStatusLabel()
  const targetLabel = useWithdrawalTargetLabel()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(withdrawalDetailQueryOptions(id))
  const [reason, setReason] = useState('')
  const action = useConsoleAction()
  const { error, isBusy } = action
  const { withdrawal, payoutDetails } = data

  async function mark(update: WithdrawalStatusUpdate) {
    await action.run(async (actionKey) => {
      try {
        const detail = await markWithdrawalStatus(id, update, actionKey)
        queryClient.setQueryData(withdrawalKeys.detail(id), detail)
        setReason('')
      } catch (caught) {
        // Another operator may have moved it: show what it is now.
        await queryClient.invalidateQueries({ queryKey: withdrawalKeys.detail(id) })
        throw caught
      } finally {
        await queryClient.invalidateQueries({ queryKey: [...withdrawalKeys.all, 'list'] })
      }
    })
  }

  function onFail(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (reason.trim() === '') {
      action.showError(t`ใส่เหตุผลที่โอนไม่สำเร็จ ผู้ซื้อจะเห็นข้อความนี้`)
      return
    }
    void mark({ status: 'failed', reason: reason.trim() })
  }

  const netAmount = format.money(withdrawal.netAmount)
  const status = statusLabel(withdrawal.status)
  const optionalReason = reason.trim() === '' ? {} : { reason: reason.trim() }
  const isOpen = withdrawal.status === 'requested' || withdrawal.status === 'processing'

  return (
    <section aria-labelledby="withdrawal-title" className="space-y-6">
      <h1 id="withdrawal-title" className="text-2xl font-bold">
        <Trans>
          ถอนเงิน {netAmount} · {status}
        </Trans>
      </h1>
      <dl className="grid gap-4 rounded-card bg-surface p-5 shadow-card sm:grid-cols-3">
        <FactTile label={t`รหัสคำขอ`} value={withdrawal.id} />
        <FactTile label={t`ผู้ซื้อ`} value={withdrawal.buyer.email ?? withdrawal.buyer.phone ?? withdrawal.buyer.id} />
        <FactTile label={t`ช่องทาง`} value={targetLabel(withdrawal.target)} />
        <FactTile label={t`ยอดถอน`} value={format.money(withdrawal.amount)} />
        <FactTile label={t`ค่าธรรมเนียม`} value={format.money(withdrawal.fee)} />
        <FactTile label={t`ยอดโอน`} value={format.money(withdrawal.netAmount)} />
        <FactTile label={t`ขอเมื่อ`} value={format.time(withdrawal.requestedAt)} />
        <FactTile label={t`กำหนดถึง`} value={format.time(withdrawal.expectedBy)} />
        {withdrawal.failureReason === null ? null : (
          <FactTile label={t`เหตุผลที่ไม่สำเร็จ`} value={withdrawal.failureReason} />
        )}
      </dl>

      {payoutDetails === null ? null : (
        <div className="space-y-2">
          <h2 className="text-lg font-semibold">
            <Trans>โอนไปที่</Trans>
          </h2>
          <dl className="grid gap-4 rounded-card bg-surface p-5 shadow-card sm:grid-cols-3">
            {payoutDetails.target === 'bank' ? (
              <>
                <FactTile label={t`ธนาคาร`} value={`${payoutDetails.bank} (${payoutDetails.bankCode})`} />
                <FactTile label={t`เลขที่บัญชี`} value={payoutDetails.accountNumber} />
                <FactTile label={t`สาขา`} value={payoutDetails.branchName} />
                <FactTile label={t`เบอร์โทรหรือเลขบัตรประชาชน`} value={payoutDetails.phoneOrIdNumber} />
              </>
            ) : null}
            {payoutDetails.target === 'promptpay' ? (
              <FactTile label={t`พร้อมเพย์`} value={`${payoutDetails.promptPayId} (${payoutDetails.promptPayIdKind})`} />
            ) : null}
            {payoutDetails.target === 'truemoney' ? (
              <FactTile label={t`เบอร์ทรูมันนี่`} value={payoutDetails.mobileNumber} />
            ) : null}
            <FactTile label={t`ชื่อบัญชี`} value={payoutDetails.accountName} />
          </dl>
        </div>
      )}

      {isOpen ? (
        <form onSubmit={onFail} noValidate className="space-y-3 rounded-card bg-surface p-5 shadow-card">
          <h2 className="text-lg font-semibold">
            <Trans>บันทึกผลการโอน</Trans>
          </h2>
          <TextField
            label={t`เหตุผลหรือเลขอ้างอิงการโอน`}
            hint={t`จำเป็นเมื่อโอนไม่สำเร็จ ผู้ซื้อจะเห็นเหตุผลนี้`}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          {error === undefined ? null : <FormAlert>{error}</FormAlert>}
          <div className="flex flex-wrap gap-2">
            {withdrawal.status === 'requested' ? (
              <Button disabled={isBusy} onClick={() => void mark({ status: 'processing', ...optionalReason })}>
                <Trans>เริ่มโอน</Trans>
              </Button>
            ) : (
              <Button disabled={isBusy} onClick={() => void mark({ status: 'paid', ...optionalReason })}>
                <Trans>โอนแล้ว</Trans>
              </Button>
            )}
            <Button type="submit" variant="danger" disabled={isBusy}>
              <Trans>โอนไม่สำเร็จ คืนเงินเข้ากระเป๋า</Trans>
            </Button>
          </div>
        </form>
      ) : null}

      <div className="space-y-2">
        <h2 className="text-lg font-semibold">
          <Trans>ประวัติสถานะ</Trans>
        </h2>
        <ol className="divide-y divide-line rounded-card bg-surface text-sm shadow-card">
          {data.history.map((event) => (
            <li key={`${event.createdAt}-${event.status}`} className="flex flex-wrap gap-x-3 p-3">
              <span className="font-semibold">{statusLabel(event.status)}</span>
              <span className="text-ink-muted">{event.actor}</span>
              {event.reason === null ? null : <span>{event.reason}</span>}
              <time className="ml-auto text-ink-muted" dateTime={event.createdAt}>
                {format.time(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </div>

      <div className="space-y-2">
        <h2 className="text-lg font-semibold">
          <Trans>รายการในกระเป๋าเงิน</Trans>
        </h2>
        <ul className="divide-y divide-line rounded-card bg-surface text-sm shadow-card">
          {data.ledgerEntries.map((entry) => (
            <li key={entry.id} className="flex gap-3 p-3">
              <span className="font-mono">{entry.kind}</span>
              <span className="ml-auto tabular-nums">{format.money(entry.amount)}</span>
            </li>
          ))}
        </ul>
      </div>

      <div className="space-y-2">
        <h2 className="text-lg font-semibold">
          <Trans>บันทึกการทำงานของผู้ดูแล</Trans>
        </h2>
        <AuditEntryList entries={data.auditEntries} />
      </div>
    </section>
  )
}
