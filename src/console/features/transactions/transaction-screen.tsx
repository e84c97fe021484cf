import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { rejectionReasonCodes, type RejectionReasonCode } from '#domain/cashback/rejection-reasons'
import { AuditEntryList } from '../../components/audit-entry-list'
import { Fact, FactList, PurchaseFigures } from '../../components/facts'
import { Panel } from '../../components/panel'
import { ReasonActions } from '../../components/reason-actions'
import { ReasonCodeSelect } from '../../components/reason-code-select'
import { useConsoleFormat } from '../../lib/console-format'
import {
  useCashbackStatusLabel,
  useLedgerKindLabel,
  useProofRejectionReasonLabel,
  useProofStatusLabel,
  useRejectionReasonLabel,
} from '../../lib/console-labels'
import { useConsoleAction } from '../../lib/use-console-action'
import { decideTransaction, transactionKeys, transactionQueryOptions } from './transactions-api'

type Decision = 'approve' | 'reject' | 'cancel'

/** One purchase: its figures and timeline, the networks' conversions, proofs, ledger, and the decisions. */
export function TransactionScreen({ transactionId }: { transactionId: string }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useCashbackStatusLabel()
  const ledgerKindLabel = useLedgerKindLabel()
  const proofStatusLabel = useProofStatusLabel()
  const proofReasonLabel = useProofRejectionReasonLabel()
  const reasonLabel = useRejectionReasonLabel()
  const action = useConsoleAction({ refreshes: transactionKeys.all })
  const [isFlagged, setIsFlagged] = useState(false)
  const [isByMerchant, setIsByMerchant] = useState(false)
  const [reasonCode, setReasonCode] = useState<RejectionReasonCode | ''>('')
  const [isReasonCodeMissing, setIsReasonCodeMissing] = useState(false)
  const { data } = useSuspenseQuery(transactionQueryOptions(transactionId))
  const { transaction } = data
  const { orderId, buyerId } = transaction
  const merchantName = transaction.merchant.nameTh

  function onAction(decision: Decision, reason: string) {
    // The status on screen: if another operator moved it meanwhile, the server says so.
    const expectedStatus = transaction.status
    if (decision === 'approve') {
      setIsReasonCodeMissing(false)
      return action.run(async (actionKey) => {
        await decideTransaction(transactionId, { decision, reason, expectedStatus }, actionKey)
      })
    }
    // A rejection or cancellation tells the shopper why, out of the closed set.
    if (reasonCode === '') {
      setIsReasonCodeMissing(true)
      return Promise.resolve(false)
    }
    setIsReasonCodeMissing(false)
    return action.run(async (actionKey) => {
      await decideTransaction(
        transactionId,
        decision === 'reject'
          ? { decision, reasonCode, reason, flagged: isFlagged, expectedStatus }
          : { decision, reasonCode, reason, byMerchant: isByMerchant, expectedStatus },
        actionKey,
      )
    })
  }

  return (
    <article aria-labelledby="transaction-title" className="space-y-5">
      <header className="space-y-1">
        <h1 id="transaction-title" className="text-2xl font-bold">
          <Trans>
            คำสั่งซื้อ {orderId} · {merchantName}
          </Trans>
        </h1>
        <p className="text-sm text-ink-muted">
          {transaction.id} ·{' '}
          <Link to="/buyers/$buyerId" params={{ buyerId: transaction.buyerId }} className="text-brand-700 underline">
            <Trans>ผู้ซื้อ {buyerId}</Trans>
          </Link>
        </p>
        <p className="text-lg font-semibold">
          {statusLabel(transaction.status)}
          {transaction.reasonCode === null ? null : ` · ${reasonLabel(transaction.reasonCode)}`}
          {transaction.rejectionReason === null ? null : (
            <span className="font-normal text-ink-muted"> · {transaction.rejectionReason}</span>
          )}
        </p>
      </header>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t`รายละเอียด`}>
          <FactList>
            <PurchaseFigures transaction={transaction} />
            <Fact label={t`กดรับแล้ว`}>{transaction.accepted ? t`ใช่` : t`ยัง`}</Fact>
            <Fact label={t`ผลต่อคะแนน`}>{transaction.ratingOutcome ?? '–'}</Fact>
            <Fact label={t`คาดว่าจะถึงขั้นต่อไป`}>{format.time(transaction.expectedAt)}</Fact>
            <Fact label={t`คลิก`}>{transaction.clickId ?? '–'}</Fact>
          </FactList>
        </Panel>
        <ReasonActions<Decision>
          title={t`ตัดสินรายการนี้`}
          reasonHint={t`บันทึกสำหรับทีมงาน ผู้ซื้อไม่เห็นข้อความนี้ ผู้ซื้อเห็นเหตุผลที่เลือกด้านบนในภาษาของตน`}
          actions={[
            { name: 'approve', label: t`อนุมัติ`, variant: 'primary' },
            { name: 'reject', label: t`ปฏิเสธ`, variant: 'danger' },
            { name: 'cancel', label: t`ยกเลิก`, variant: 'secondary' },
          ]}
          error={action.error}
          isBusy={action.isBusy}
          onAction={onAction}
        >
          <ReasonCodeSelect
            label={<Trans>เหตุผลที่ผู้ซื้อเห็น (ปฏิเสธหรือยกเลิก)</Trans>}
            codes={rejectionReasonCodes}
            labelOf={reasonLabel}
            value={reasonCode}
            onChange={setReasonCode}
            missingMessage={isReasonCodeMissing ? t`เลือกเหตุผลที่ผู้ซื้อเห็นก่อนปฏิเสธหรือยกเลิก` : undefined}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={isFlagged} onChange={(event) => setIsFlagged(event.target.checked)} />
            <Trans>ปฏิเสธเพราะพฤติกรรมผิดปกติ (ลดคะแนน)</Trans>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={isByMerchant} onChange={(event) => setIsByMerchant(event.target.checked)} />
            <Trans>ร้านค้าเป็นผู้ยกเลิก (ลดคะแนน)</Trans>
          </label>
        </ReasonActions>
      </div>

      <Panel title={t`ลำดับเหตุการณ์`}>
        <ol className="space-y-1 text-sm">
          {data.history.map((event, index) => (
            <li key={`${event.createdAt}-${index}`}>
              {format.time(event.createdAt)} · <span className="font-semibold">{event.kind}</span> · {event.actor}
              {event.reasonCode === null ? null : ` · ${reasonLabel(event.reasonCode)}`}
              {event.rejectionReason === null ? null : ` · ${event.rejectionReason}`}
              {event.note === null ? null : <span className="text-ink-muted"> · {event.note}</span>}
            </li>
          ))}
        </ol>
      </Panel>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title={t`คอนเวอร์ชันจากเครือข่าย`}>
          <ul className="space-y-1 text-sm">
            {data.conversions.map((conversion) => (
              <li key={conversion.id}>
                {conversion.network} · {conversion.conversionId} · {conversion.networkStatus} ·{' '}
                {format.money(conversion.saleAmount)}
                {conversion.ignoredReason === null ? null : ` · ${conversion.ignoredReason}`}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t`บัญชีกระเป๋าเงิน`}>
          <ul className="space-y-1 text-sm">
            {data.ledger.map((entry) => (
              <li key={entry.id}>
                {format.time(entry.createdAt)} · {ledgerKindLabel(entry.kind)} · {format.money(entry.amount)}
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t`หลักฐาน`}>
          {data.proofs.length === 0 ? null : (
            <Link to="/proofs/$transactionId" params={{ transactionId }} className="text-brand-700 underline">
              <Trans>เปิดหน้าตรวจหลักฐาน</Trans>
            </Link>
          )}
          <ul className="space-y-1 text-sm">
            {data.proofs.map((proof) => (
              <li key={proof.id}>
                {format.time(proof.createdAt)} · {proofStatusLabel(proof.status, proof.deletedAt !== null)}
                {proof.rejectionReasonCode === null ? null : ` · ${proofReasonLabel(proof.rejectionReasonCode)}`}
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
