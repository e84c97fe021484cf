import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import { withdrawalStatuses, type WithdrawalStatus } from '#domain/contracts/withdrawal'
import { buttonClassName } from '../../../components/ui/button'
import { useConsoleFormat } from '../../lib/console-format'
import { useWithdrawalStatusLabel, useWithdrawalTargetLabel } from './withdrawal-labels'
import { withdrawalExportHref, withdrawalListQueryOptions } from './withdrawals-api'

/** Finance's queue: withdrawals of one status, the batch file of those still to pay. */
export function WithdrawalsScreen({ status }: { status: WithdrawalStatus }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useWithdrawalStatusLabel()
  const targetLabel = useWithdrawalTargetLabel()
  const { data } = useSuspenseQuery(withdrawalListQueryOptions(status))
  return (
    <section aria-labelledby="withdrawals-title" className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="withdrawals-title" className="mr-auto text-2xl font-bold">
          <Trans>คำขอถอนเงิน</Trans>
        </h1>
        {status === 'requested' || status === 'processing' ? (
          <a href={withdrawalExportHref(status)} download className={buttonClassName('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            <Trans>ส่งออกไฟล์โอนเงิน (CSV)</Trans>
          </a>
        ) : null}
      </div>
      <nav aria-label={t`สถานะ`} className="flex flex-wrap gap-2">
        {withdrawalStatuses.map((option) => (
          <Link
            key={option}
            to="/withdrawals"
            search={{ status: option }}
            aria-current={option === status ? 'page' : undefined}
            className={buttonClassName(option === status ? 'primary' : 'secondary')}
          >
            {statusLabel(option)}
          </Link>
        ))}
      </nav>
      {data.data.length === 0 ? (
        <p className="text-ink-muted">
          <Trans>ไม่มีคำขอในสถานะนี้</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-card bg-surface shadow-card">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-ink-muted">
              <tr>
                <th className="p-3">
                  <Trans>ขอเมื่อ</Trans>
                </th>
                <th className="p-3">
                  <Trans>ผู้ซื้อ</Trans>
                </th>
                <th className="p-3">
                  <Trans>ช่องทาง</Trans>
                </th>
                <th className="p-3">
                  <Trans>ปลายทาง</Trans>
                </th>
                <th className="p-3 text-right">
                  <Trans>ยอดถอน</Trans>
                </th>
                <th className="p-3 text-right">
                  <Trans>ค่าธรรมเนียม</Trans>
                </th>
                <th className="p-3 text-right">
                  <Trans>ยอดโอน</Trans>
                </th>
                <th className="p-3">
                  <Trans>กำหนดถึง</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.data.map((withdrawal) => (
                <tr key={withdrawal.id}>
                  <td className="p-3">
                    <Link
                      to="/withdrawals/$id"
                      params={{ id: withdrawal.id }}
                      className="font-medium text-brand-700 underline"
                    >
                      {format.date(withdrawal.requestedAt)}
                    </Link>
                  </td>
                  <td className="p-3">{withdrawal.buyer.email ?? withdrawal.buyer.phone ?? withdrawal.buyer.id}</td>
                  <td className="p-3">{targetLabel(withdrawal.target)}</td>
                  <td className="p-3">
                    {[
                      withdrawal.destination.bank,
                      withdrawal.destination.maskedAccount,
                      withdrawal.destination.accountName,
                    ]
                      .filter((part) => part !== null)
                      .join(' · ')}
                  </td>
                  <td className="p-3 text-right tabular-nums">{format.money(withdrawal.amount)}</td>
                  <td className="p-3 text-right tabular-nums">{format.money(withdrawal.fee)}</td>
                  <td className="p-3 text-right font-semibold tabular-nums">{format.money(withdrawal.netAmount)}</td>
                  <td className="p-3">{format.date(withdrawal.expectedBy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.nextCursor === null ? null : (
        <p className="text-sm text-ink-muted">
          {status === 'requested' || status === 'processing' ? (
            <Trans>แสดง 200 รายการแรก ทำรายการเหล่านี้ให้เสร็จแล้วรายการถัดไปจะแสดง ไฟล์โอนเงินมีครบทุกรายการ</Trans>
          ) : (
            <Trans>แสดง 200 รายการล่าสุด</Trans>
          )}
        </p>
      )}
    </section>
  )
}
