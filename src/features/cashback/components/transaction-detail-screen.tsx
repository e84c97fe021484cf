import { useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { CircleAlert, CircleSlash, FileCheck, ReceiptText, Zap } from 'lucide-react'
import type { CashbackComponent } from '#domain/cashback/cashback-amount'
import type { CashbackTransactionDetail } from '#domain/contracts/cashback'
import { appealReviewBusinessDays } from '#domain/cashback/rejection-reasons'
import { formatDate, formatDateTime } from '#domain/dates'
import { formatThb } from '#domain/money'
import { addBusinessDays } from '#domain/wallet/withdrawal-rules'
import { ButtonLink } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { ProofSection } from '../../proofs/components/proof-section'
import { transactionQueryOptions } from '../api/get-transactions'
import { CashbackAmount } from './cashback-amount'
import { useHistoryLabels, useRejectionReasonLabels } from './cashback-labels'
import { RejectionReasonDetails } from './rejection-reason'
import { TransactionActions } from './transaction-actions'
import { StatusPill, useExpectedStepText, useTransactionRateText } from './transaction-facts'

export function TransactionDetailScreen({
  buyerId,
  transactionId,
  takesSharedPictures = false,
}: {
  buyerId: string
  transactionId: string
  /** Opened from /share-target: the proof picker starts with the shared pictures. */
  takesSharedPictures?: boolean
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const { data: transaction } = useSuspenseQuery(transactionQueryOptions(buyerId, transactionId))
  const merchantName = locale === 'th' ? transaction.merchant.nameTh : transaction.merchant.nameEn
  const rateText = useTransactionRateText(transaction)
  const orderDate = formatDateTime(new Date(transaction.orderDate), locale)
  const orderId = transaction.orderId

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <section className="rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-center gap-3">
          <img
            src={transaction.merchant.logoUrl}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-xl border border-line"
          />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-lg font-bold">{merchantName}</h1>
            <p className="text-xs text-ink-muted">
              <ThaiText>{t`คำสั่งซื้อ ${orderId}`}</ThaiText>
            </p>
          </div>
          <StatusPill transaction={transaction} />
        </div>
        <CashbackAmount transaction={transaction} size="hero" />
        <dl className="mt-3 space-y-1 text-sm">
          <Fact label={t`วันที่สั่งซื้อ`} value={orderDate} />
          <Fact label={t`ยอดซื้อ`} value={formatThb(transaction.purchaseAmount, locale)} />
          <Fact label={t`อัตราเงินคืน`} value={rateText} />
        </dl>
        <CashbackBreakdown
          components={transaction.cashbackComponents}
          forfeitedComponents={transaction.forfeitedComponents}
        />
      </section>

      {transaction.status === 'REJECTED' ? (
        <section role="alert" className="rounded-card bg-danger-50 p-4 text-danger-700">
          <p className="flex items-center gap-2 font-bold">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            <ThaiText>{t`ขออภัย รายการเงินคืนของคุณถูกปฏิเสธ`}</ThaiText>
          </p>
          <RejectionReasonDetails transaction={transaction} />
        </section>
      ) : null}

      {transaction.status === 'CANCELLED' && transaction.cancellationReasonCode !== null ? (
        <section role="alert" className="rounded-card bg-danger-50 p-4 text-danger-700">
          <p className="flex items-center gap-2 font-bold">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            <ThaiText>{t`รายการเงินคืนนี้ถูกยกเลิก`}</ThaiText>
          </p>
          <RejectionReasonDetails transaction={transaction} />
        </section>
      ) : null}

      <ProofSection buyerId={buyerId} transaction={transaction} takesSharedPictures={takesSharedPictures} />
      <TransactionActions buyerId={buyerId} transaction={transaction} />
      <Timeline transaction={transaction} />
    </div>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </dt>
      <dd className="text-right font-medium">{value}</dd>
    </div>
  )
}

function useComponentLabels(): Record<CashbackComponent['kind'], string> {
  const { t } = useLingui()
  return {
    base: t`เงินคืนจากร้านค้า`,
    new_user_bonus: t`โบนัสสมาชิกใหม่ x2`,
    premium_bonus: t`โบนัสสมาชิกพรีเมียม`,
    special_bonus: t`โบนัส Special Cashback`,
  }
}

/**
 * Why the amount is what it is: the merchant's base and each bonus (product notes, complaint 5),
 * and a bonus recorded at the click but not paid (Special Cashback that ended before the
 * approval, docs/decisions/013), struck through with the reason.
 */
function CashbackBreakdown({
  components,
  forfeitedComponents,
}: {
  components: CashbackComponent[]
  forfeitedComponents: CashbackComponent[]
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const labels = useComponentLabels()
  if (components.length < 2 && forfeitedComponents.length === 0) return null
  return (
    <>
      <dl className="mt-3 space-y-1 rounded-xl bg-canvas p-3 text-sm">
        {components.map((component) => (
          <Fact key={component.kind} label={labels[component.kind]} value={formatThb(component.amount, locale)} />
        ))}
      </dl>
      {forfeitedComponents.length > 0 ? (
        <section
          aria-labelledby="forfeited-bonus"
          className="mt-3 space-y-1 rounded-xl border border-dashed border-line p-3 text-sm"
        >
          <h2 id="forfeited-bonus" className="flex items-center gap-1.5 font-semibold">
            <CircleSlash aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            {t`โบนัสที่ไม่ได้รับ`}
          </h2>
          <dl className="space-y-1">
            {forfeitedComponents.map((component) => {
              const amount = formatThb(component.amount, locale)
              return (
                <div key={component.kind} className="flex justify-between gap-3">
                  <dt className="text-ink-muted">
                    <ThaiText>{labels[component.kind]}</ThaiText>
                  </dt>
                  <dd className="text-right font-medium text-ink-muted">
                    <del aria-label={t`ไม่ได้รับ ${amount}`}>{amount}</del>
                  </dd>
                </div>
              )
            })}
          </dl>
          <p className="text-xs text-ink-muted">
            <ThaiText>{t`Special Cashback ของคุณสิ้นสุดก่อนร้านค้ายืนยันรายการนี้ โบนัสส่วนนี้จึงไม่ได้รับ เพราะจ่ายเฉพาะเงินคืนที่อนุมัติระหว่างที่ยังเข้าร่วมอยู่`}</ThaiText>
          </p>
        </section>
      ) : null}
    </>
  )
}

/**
 * The appeal waiting for review, as a step of its own (issue 20): when the shopper's first proof
 * still waiting went in, and the day the team answers by (`appealReviewBusinessDays` business days).
 */
function proofUnderReview(transaction: CashbackTransactionDetail): { sentAt: Date; answerBy: Date } | undefined {
  if (transaction.status !== 'REJECTED' || transaction.appeal.status !== 'pending') return undefined
  const firstWaiting = transaction.proofs.find((proof) => proof.status === 'pending')
  if (firstWaiting === undefined) return undefined
  const sentAt = new Date(firstWaiting.createdAt)
  return { sentAt, answerBy: addBusinessDays(sentAt, appealReviewBusinessDays) }
}

function Timeline({ transaction }: { transaction: CashbackTransactionDetail }) {
  const { t } = useLingui()
  const locale = useLocale()
  const labels = useHistoryLabels()
  const reasonLabels = useRejectionReasonLabels()
  const nextStep = useExpectedStepText(transaction)
  const proofReview = proofUnderReview(transaction)
  const answerBy = proofReview === undefined ? '' : formatDate(proofReview.answerBy, locale)
  return (
    <section aria-labelledby="transaction-timeline" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="transaction-timeline" className="mb-3 font-bold">
        {t`ความคืบหน้า`}
      </h2>
      <ol className="space-y-0">
        {transaction.history.map((entry, index) => {
          const reasonCode = entry.kind === 'REJECTED' ? entry.rejectionReasonCode : entry.cancellationReasonCode
          const entryReason = reasonCode === null ? undefined : reasonLabels[reasonCode]
          return (
            <li key={`${entry.kind}-${entry.at}-${index}`} className="relative flex gap-3 pb-4 last:pb-0">
              <span aria-hidden="true" className="relative flex w-4 justify-center">
                <span
                  className={`mt-1.5 size-3 rounded-full ${
                    entry.kind === 'REJECTED'
                      ? 'bg-danger-600'
                      : entry.kind === 'CANCELLED'
                        ? 'bg-ink-muted'
                        : 'bg-brand-600'
                  }`}
                />
                {index < transaction.history.length - 1 || nextStep || proofReview ? (
                  <span className="absolute top-5 bottom-[-0.25rem] w-0.5 bg-brand-200" />
                ) : null}
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  <ThaiText>{labels[entry.kind]}</ThaiText>
                </p>
                <p className="text-xs text-ink-muted">{formatDateTime(new Date(entry.at), locale)}</p>
                {entry.isAppealApproval ? (
                  <p className="mt-1 flex items-center gap-1 text-xs text-brand-700">
                    <FileCheck aria-hidden="true" className="size-3.5" />
                    <ThaiText>{t`อนุมัติจากหลักฐานที่คุณส่ง`}</ThaiText>
                  </p>
                ) : null}
                {entry.isEarlyRelease ? (
                  <p className="mt-1 flex items-center gap-1 text-xs text-brand-700">
                    <Zap aria-hidden="true" className="size-3.5" />
                    <ThaiText>
                      {transaction.releasePath === 'one_day_with_proof'
                        ? t`อนุมัติภายใน 1 วันจากเรตติ้งและหลักฐานของคุณ`
                        : t`อนุมัติภายใน 1 วันจากเรตติ้งของคุณ`}
                    </ThaiText>
                  </p>
                ) : null}
                {entryReason ? (
                  <p className="mt-1 text-sm text-danger-700">
                    <ThaiText>{t`เหตุผล: ${entryReason}`}</ThaiText>
                  </p>
                ) : null}
              </div>
            </li>
          )
        })}
        {proofReview ? (
          <li className="relative flex gap-3 pt-4">
            <span aria-hidden="true" className="relative flex w-4 justify-center">
              <span className="mt-1.5 size-3 rounded-full bg-cashback-600" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{t`ส่งหลักฐานแล้ว รอทีมงานตรวจสอบ`}</p>
              <p className="text-xs text-ink-muted">{formatDateTime(proofReview.sentAt, locale)}</p>
              <p className="mt-1 text-sm">{t`ทีมงานจะแจ้งผลภายใน ${answerBy}`}</p>
            </div>
          </li>
        ) : null}
        {nextStep ? (
          <li className="flex gap-3 pt-4">
            <span aria-hidden="true" className="flex w-4 justify-center">
              <span className="mt-1.5 size-3 rounded-full border-2 border-dashed border-brand-600" />
            </span>
            <div>
              <p className="font-medium text-ink-muted">{t`ขั้นตอนถัดไป`}</p>
              <p className="text-sm">
                <ThaiText>{nextStep}</ThaiText>
              </p>
            </div>
          </li>
        ) : null}
      </ol>
    </section>
  )
}

export function TransactionNotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={ReceiptText}
      title={t`ไม่พบรายการเงินคืนนี้`}
      actions={
        <ButtonLink to="/{-$locale}/cashback" params={{ locale: toLocaleParam(locale) }}>
          <ThaiText>{t`ดูรายการเงินคืนทั้งหมด`}</ThaiText>
        </ButtonLink>
      }
    >
      <p>{t`รายการนี้อาจไม่มีอยู่ หรือเป็นของบัญชีอื่น`}</p>
    </StatusScreen>
  )
}
