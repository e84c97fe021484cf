import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { AuditEntryList } from '../../components/audit-entry-list'
import { ProofList, WithdrawalList } from '../../components/buyer-record-lists'
import { FactTile } from '../../components/facts'
import { Panel } from '../../components/panel'
import { ReasonActions } from '../../components/reason-actions'
import { useConsoleFormat } from '../../lib/console-format'
import { useBuyerStatusLabel, useCashbackStatusLabel, useLedgerKindLabel } from '../../lib/console-labels'
import { useConsoleAction } from '../../lib/use-console-action'
import { buyerKeys, buyerQueryOptions, changeBuyerStatus } from './buyers-api'

/** One buyer: who they are, their wallet and every ledger entry, purchases, withdrawals, proofs, history. */
export function BuyerScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useBuyerStatusLabel()
  const cashbackStatusLabel = useCashbackStatusLabel()
  const ledgerKindLabel = useLedgerKindLabel()
  const action = useConsoleAction({ refreshes: buyerKeys.all })
  const { data } = useSuspenseQuery(buyerQueryOptions(buyerId))
  const { buyer, wallet } = data
  const name = [buyer.firstName, buyer.lastName].filter((part) => part !== null).join(' ')
  const isSuspended = buyer.status === 'suspended'
  const shownId = buyer.id
  const joinedAt = format.time(buyer.createdAt)

  function onAction(name: 'suspend' | 'reinstate', reason: string) {
    return action.run(async (actionKey) => {
      await changeBuyerStatus(buyerId, name, reason, actionKey)
    })
  }

  return (
    <article aria-labelledby="buyer-title" className="space-y-5">
      <header className="space-y-1">
        <h1 id="buyer-title" className="text-2xl font-bold">
          {name === '' ? t`ผู้ซื้อ ${shownId}` : name}
        </h1>
        <p className="text-sm text-ink-muted">
          {buyer.id} · {buyer.email ?? '–'} · {buyer.phone ?? '–'} · <Trans>สมัครเมื่อ {joinedAt}</Trans>
        </p>
        <p className={isSuspended ? 'font-semibold text-danger-700' : 'text-ink'}>
          {statusLabel(buyer.status)}
          {buyer.suspendedReason === null ? null : ` · ${buyer.suspendedReason}`}
        </p>
      </header>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t`กระเป๋าเงิน`}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <FactTile label={t`ยอดคงเหลือ`} value={format.money(wallet.balance)} />
            <FactTile label={t`เงินคืนสุทธิ`} value={format.money(wallet.cashback)} />
            <FactTile label={t`โบนัส`} value={format.money(wallet.bonus)} />
            <FactTile label={t`ถอนแล้ว`} value={format.money(wallet.withdrawn)} />
            <FactTile label={t`รอกดรับ`} value={format.money(wallet.awaitingAcceptance)} />
            <FactTile label={t`กำลังจะได้`} value={format.money(wallet.upcoming)} />
            <FactTile label={t`คะแนนผู้ซื้อ`} value={`${buyer.rating}%`} />
          </dl>
        </Panel>
        <ReasonActions
          title={isSuspended ? t`คืนสิทธิ์ผู้ซื้อ` : t`ระงับผู้ซื้อ`}
          reasonHint={isSuspended ? undefined : t`ผู้ซื้อจะเห็นเหตุผลนี้`}
          actions={
            isSuspended
              ? [{ name: 'reinstate', label: t`คืนสิทธิ์`, variant: 'primary' }]
              : [{ name: 'suspend', label: t`ระงับ`, variant: 'danger' }]
          }
          error={action.error}
          isBusy={action.isBusy}
          onAction={onAction}
        />
      </div>

      <Panel title={t`บัญชีกระเป๋าเงิน (ทุกรายการ)`}>
        <table className="w-full text-left text-sm">
          <thead className="text-ink-muted">
            <tr>
              <th className="p-2">
                <Trans>เวลา</Trans>
              </th>
              <th className="p-2">
                <Trans>รายการ</Trans>
              </th>
              <th className="p-2 text-right">
                <Trans>จำนวน</Trans>
              </th>
              <th className="p-2 text-right">
                <Trans>คงเหลือ</Trans>
              </th>
              <th className="p-2">
                <Trans>ที่มา</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.ledger.map((entry) => (
              <tr key={entry.id} className="border-t border-line">
                <td className="p-2">{format.time(entry.createdAt)}</td>
                <td className="p-2">{ledgerKindLabel(entry.kind)}</td>
                <td className="p-2 text-right tabular-nums">{format.money(entry.amount)}</td>
                <td className="p-2 text-right tabular-nums">{format.money(entry.balanceAfter)}</td>
                <td className="p-2">
                  {entry.transactionId !== null ? (
                    <Link
                      to="/transactions/$transactionId"
                      params={{ transactionId: entry.transactionId }}
                      className="text-brand-700 underline"
                    >
                      {t`การซื้อ`} {entry.transactionId}
                    </Link>
                  ) : entry.withdrawalId !== null ? (
                    `${t`การถอน`} ${entry.withdrawalId}`
                  ) : entry.awardId !== null ? (
                    `${t`รางวัล`} ${entry.awardId}`
                  ) : entry.membershipId !== null ? (
                    `${t`สมาชิก`} ${entry.membershipId}`
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>

      <Panel title={t`รายการซื้อ`}>
        <ul className="divide-y divide-line text-sm">
          {data.transactions.map((transaction) => (
            <li key={transaction.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link
                to="/transactions/$transactionId"
                params={{ transactionId: transaction.id }}
                className="text-brand-700 underline"
              >
                {transaction.merchant.nameTh} · {transaction.orderId}
              </Link>
              <span className="tabular-nums">
                {format.money(transaction.cashbackAmount)} · {cashbackStatusLabel(transaction.status)}
              </span>
            </li>
          ))}
        </ul>
      </Panel>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t`การถอนเงิน`}>
          <WithdrawalList withdrawals={data.withdrawals} />
        </Panel>
        <Panel title={t`หลักฐาน`}>
          <ProofList proofs={data.proofs} />
        </Panel>
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t`ประวัติสถานะ`}>
          <ul className="space-y-1 text-sm">
            {data.statusHistory.map((event) => (
              <li key={`${event.createdAt}-${event.status}`}>
                {format.time(event.createdAt)} · {statusLabel(event.status)} · {event.actor} · {event.reason}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t`บันทึกการทำงานของผู้ดูแล`}>
          <AuditEntryList entries={data.audit} />
        </Panel>
      </div>
    </article>
  )
}
