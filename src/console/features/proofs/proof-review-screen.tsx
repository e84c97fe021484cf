import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { proofRejectionReasonCodes, type ProofRejectionReasonCode } from '#domain/cashback/proof-rejection-reasons'
import { AuditEntryList } from '../../components/audit-entry-list'
import { Fact, FactList, PurchaseFigures } from '../../components/facts'
import { Panel } from '../../components/panel'
import { ReasonActions } from '../../components/reason-actions'
import { ReasonCodeSelect } from '../../components/reason-code-select'
import { useConsoleFormat } from '../../lib/console-format'
import {
  useCashbackStatusLabel,
  useProofRejectionReasonLabel,
  useProofStatusLabel,
  useRejectionReasonLabel,
} from '../../lib/console-labels'
import { useConsoleAction } from '../../lib/use-console-action'
import { proofKeys, proofReviewQueryOptions, reviewProofs } from './proofs-api'

/**
 * The review of a purchase's proofs: the pictures side by side at their full size (the row
 * scrolls sideways when they do not fit), and the purchase with the decision beside them.
 */
export function ProofReviewScreen({ transactionId }: { transactionId: string }) {
  const { t } = useLingui()
  const format = useConsoleFormat()
  const statusLabel = useCashbackStatusLabel()
  const proofStatusLabel = useProofStatusLabel()
  const reasonLabel = useRejectionReasonLabel()
  const proofReasonLabel = useProofRejectionReasonLabel()
  const action = useConsoleAction({ refreshes: proofKeys.all })
  const [reasonCode, setReasonCode] = useState<ProofRejectionReasonCode | ''>('')
  const [isReasonCodeMissing, setIsReasonCodeMissing] = useState(false)
  const { data } = useSuspenseQuery(proofReviewQueryOptions(transactionId))
  const { transaction } = data
  const merchantName = transaction.merchant.nameTh
  const pictures = data.proofs.flatMap((proof) =>
    proof.imageUrl === null ? [] : [{ ...proof, imageUrl: proof.imageUrl }],
  )
  const hasWaiting = data.proofs.some((proof) => proof.status === 'pending' && proof.deletedAt === null)

  function onAction(decision: 'approve' | 'reject', reason: string) {
    // The note is optional either way: operators keep it, the shopper never sees it.
    const note = reason === '' ? {} : { reason }
    if (decision === 'approve') {
      setIsReasonCodeMissing(false)
      return action.run(async (actionKey) => {
        await reviewProofs(transactionId, { decision, ...note }, actionKey)
      })
    }
    // A refusal tells the shopper why, out of the closed set.
    if (reasonCode === '') {
      setIsReasonCodeMissing(true)
      return Promise.resolve(false)
    }
    setIsReasonCodeMissing(false)
    return action.run(async (actionKey) => {
      await reviewProofs(transactionId, { decision, reasonCode, ...note }, actionKey)
      setReasonCode('')
    })
  }

  return (
    <article aria-labelledby="proof-review-title" className="space-y-5">
      <h1 id="proof-review-title" className="text-2xl font-bold">
        <Trans>ตรวจหลักฐาน · {merchantName}</Trans>
      </h1>
      <div className="grid gap-5 xl:grid-cols-[1fr_22rem]">
        <section aria-label={t`ภาพหลักฐาน`} className="overflow-x-auto rounded-card bg-surface p-4 shadow-card">
          <ul className="flex items-start gap-4">
            {pictures.map((proof, index) => {
              const position = index + 1
              return (
                <li key={proof.id} className="shrink-0 space-y-1">
                  <img
                    src={proof.imageUrl}
                    width={proof.width}
                    height={proof.height}
                    alt={t`หลักฐานภาพที่ ${position}`}
                    className="max-w-none border border-line"
                  />
                  <p className="text-sm text-ink-muted">
                    {proofStatusLabel(proof.status, false)} · {format.time(proof.createdAt)} · {proof.width}×
                    {proof.height}
                    {proof.rejectionReasonCode === null ? null : ` · ${proofReasonLabel(proof.rejectionReasonCode)}`}
                    {proof.rejectionReason === null ? null : ` · ${proof.rejectionReason}`}
                  </p>
                </li>
              )
            })}
          </ul>
          {pictures.length === 0 ? (
            <p>
              <Trans>ไม่มีภาพ</Trans>
            </p>
          ) : null}
        </section>
        <div className="space-y-5">
          <Panel title={t`การซื้อ`}>
            <FactList>
              <Fact label={t`คำสั่งซื้อ`}>
                <Link to="/transactions/$transactionId" params={{ transactionId }} className="text-brand-700 underline">
                  {transaction.orderId}
                </Link>
              </Fact>
              <PurchaseFigures transaction={transaction} />
              <Fact label={t`สถานะ`}>
                {statusLabel(transaction.status)}
                {transaction.reasonCode === null ? null : ` · ${reasonLabel(transaction.reasonCode)}`}
                {transaction.rejectionReason === null ? null : ` · ${transaction.rejectionReason}`}
              </Fact>
              <Fact label={t`รหัสผู้ซื้อ`}>
                <Link
                  to="/buyers/$buyerId"
                  params={{ buyerId: transaction.buyerId }}
                  className="text-brand-700 underline"
                >
                  {transaction.buyerId}
                </Link>
              </Fact>
            </FactList>
          </Panel>
          {hasWaiting ? (
            <ReasonActions<'approve' | 'reject'>
              title={t`ตัดสินหลักฐาน`}
              reasonHint={t`บันทึกสำหรับทีมงาน ผู้ซื้อไม่เห็นข้อความนี้ ผู้ซื้อเห็นเหตุผลที่เลือกด้านบนในภาษาของตน`}
              actions={[
                { name: 'approve', label: t`อนุมัติ`, variant: 'primary', isReasonOptional: true },
                { name: 'reject', label: t`ไม่ผ่าน`, variant: 'danger', isReasonOptional: true },
              ]}
              error={action.error}
              isBusy={action.isBusy}
              onAction={onAction}
            >
              <ReasonCodeSelect
                label={<Trans>เหตุผลที่ผู้ซื้อเห็น (ไม่ผ่าน)</Trans>}
                codes={proofRejectionReasonCodes}
                labelOf={proofReasonLabel}
                value={reasonCode}
                onChange={setReasonCode}
                missingMessage={isReasonCodeMissing ? t`เลือกเหตุผลที่ผู้ซื้อเห็นก่อนกดไม่ผ่าน` : undefined}
              />
            </ReasonActions>
          ) : (
            <p role="status" className="rounded-card bg-surface p-5 shadow-card">
              <Trans>ไม่มีหลักฐานรอตรวจในรายการนี้</Trans>
            </p>
          )}
          <Panel title={t`บันทึกการทำงานของผู้ดูแล`}>
            <AuditEntryList entries={data.audit} />
          </Panel>
        </div>
      </div>
    </article>
  )
}
