import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Check, Copy, Share2, Ticket, UserPlus, Users } from 'lucide-react'
import { useState, type SubmitEvent } from 'react'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { referralCodeInputMaxLength, type ReferralFriend } from '#domain/contracts/promotion'
import { formatDate, formatDateTime } from '#domain/dates'
import { pathInLocale } from '#domain/locale'
import { formatThb } from '#domain/money'
import type { CampaignState } from '#domain/promotions/promotion-states'
import { normalizeReferralCode } from '#domain/promotions/referral'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { TextField } from '../../../components/ui/text-field'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { useIsOnline } from '../../../lib/use-is-online'
import { referralQueryOptions } from '../api/get-referral'
import { useRedeemReferral } from '../api/redeem-referral'
import { useIdempotentIntent } from '../../../lib/idempotent-intent'
import { readPromotionProblem, type PromotionProblem } from '../promotion-problems'
import { canShare, findClipboardSupport, isShareCancelled, readBrowserFeatures } from '../share-code'
import { ProblemAlert, StateBadge } from './campaign-parts'
import { usePromotionProblemText, useReferralFriendStateLabels, useReferralStateLabels } from './promotion-messages'

/**
 * Friend referral on /promotions (spec sections 4, 5 and 9): a new member enters a friend's code
 * within 24 hours of signing up; every member shares their own code and sees the friends who
 * used it, with the friend's state and the referrer's bonus.
 */
export function ReferralSection({
  buyerId,
  redemption,
  isRedeemedNow,
  rates,
}: {
  buyerId: string
  /** The shopper's own redemption of a friend's code (`describePromotions`). */
  redemption: CampaignState
  /** A code was redeemed on this visit (`FriendCodeCard` says so). */
  isRedeemedNow: boolean
  rates: FixedRates
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const query = useQuery(referralQueryOptions(buyerId))
  const bonus = formatThb(rates.getFriend, locale)
  const threshold = formatThb(rates.referralSpendingThreshold, locale)
  const steps = [
    t`ส่งรหัสแนะนำของคุณให้เพื่อนที่ยังไม่เคยสมัครแอปเงินคืน`,
    t`เพื่อนสมัครสมาชิก แล้วใส่รหัสของคุณที่หน้าโปรโมชันภายใน 24 ชั่วโมงหลังสมัคร`,
    t`เมื่อยอดซื้อของเพื่อนที่ร้านค้ายืนยันแล้วครบ ${threshold} คุณจะได้รับ ${bonus} เข้ากระเป๋าเงิน`,
  ]

  return (
    <section aria-labelledby="referral" className="space-y-3">
      <div className="flex items-center gap-2">
        <UserPlus aria-hidden="true" className="size-5 text-brand-700" />
        <h2 id="referral" className="text-lg font-bold">
          {t`ชวนเพื่อน รับ ${bonus}`}
        </h2>
      </div>

      {query.isPending ? (
        <Skeleton className="h-40 rounded-card" />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} />
      ) : (
        <OwnCode code={query.data.code} />
      )}

      <section aria-labelledby="referral-steps" className="rounded-card bg-surface p-4 shadow-card">
        <h3 id="referral-steps" className="mb-3 font-bold">
          {t`วิธีชวนเพื่อน`}
        </h3>
        <ol className="space-y-3">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-3 text-sm">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700"
              >
                {index + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>

      {redemption.state === 'eligible' || isRedeemedNow ? null : (
        <RedemptionStatus redemption={redemption} redeemedCode={query.data?.redeemedCode ?? null} />
      )}

      <section aria-labelledby="referral-friends" className="space-y-2">
        <h3 id="referral-friends" className="font-bold">
          {t`เพื่อนที่คุณชวน`}
        </h3>
        {query.isPending ? (
          <Skeleton className="h-24 rounded-card" />
        ) : query.isError ? null : query.data.friends.length === 0 ? (
          <div className="rounded-card bg-surface shadow-card">
            <EmptyState icon={Users} title={t`คุณยังไม่ได้ชวนเพื่อน`} />
          </div>
        ) : (
          <FriendsTable friends={query.data.friends} />
        )}
      </section>
    </section>
  )
}

/**
 * A new member's friend's code, shown first on /promotions while the 24 hours after signing up
 * last: the form, then what it redeemed.
 */
export function FriendCodeCard({
  buyerId,
  rates,
  redeemUntil,
  initialCode,
  redeemedCode,
  onRedeemed,
}: {
  buyerId: string
  rates: FixedRates
  /** The end of the 24 hours after signing up. */
  redeemUntil: Date
  /** A code from a shared link (`/promotions?code=…`), put in the form. */
  initialCode?: string
  /** The code redeemed on this visit: kept by the page, since the form leaves once it is redeemed. */
  redeemedCode: string | undefined
  onRedeemed: (code: string) => void
}) {
  const { t } = useLingui()
  if (redeemedCode !== undefined) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-card bg-brand-50 p-4 text-sm font-medium text-brand-700"
      >
        <Check aria-hidden="true" className="size-5 shrink-0" />
        {t`คุณใช้รหัสแนะนำ ${redeemedCode} ของเพื่อนแล้ว`}
      </p>
    )
  }
  return (
    <RedeemCodeForm
      buyerId={buyerId}
      rates={rates}
      redeemUntil={redeemUntil}
      initialCode={initialCode}
      onRedeemed={onRedeemed}
    />
  )
}

/** The shopper's own code, to copy or share. */
function OwnCode({ code }: { code: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const [copyResult, setCopyResult] = useState<'copied' | 'insecure_context' | 'failed'>()
  const [shareFailed, setShareFailed] = useState(false)
  const features = readBrowserFeatures()
  const isShareable = canShare(features)

  async function copy() {
    setShareFailed(false)
    if (findClipboardSupport(readBrowserFeatures()) === 'insecure_context') {
      setCopyResult('insecure_context')
      return
    }
    try {
      await navigator.clipboard.writeText(code)
      setCopyResult('copied')
    } catch {
      setCopyResult('failed')
    }
  }

  async function share() {
    setCopyResult(undefined)
    setShareFailed(false)
    const url = new URL(pathInLocale('/promotions', locale), window.location.origin)
    url.searchParams.set('code', code)
    try {
      await navigator.share({
        title: t`เงินคืน`,
        text: t`สมัครแอปเงินคืนแล้วใส่รหัสแนะนำ ${code} ของฉันภายใน 24 ชั่วโมงหลังสมัคร`,
        url: url.href,
      })
    } catch (error) {
      if (!isShareCancelled(error)) setShareFailed(true)
    }
  }

  return (
    <section
      aria-labelledby="own-referral-code"
      className="space-y-3 rounded-card bg-brand-700 p-4 text-white shadow-card"
    >
      <h3 id="own-referral-code" className="text-sm text-brand-100">
        {t`รหัสแนะนำของคุณ`}
      </h3>
      <p
        aria-describedby="own-referral-code"
        className="font-mono text-3xl font-bold tracking-[0.2em] break-all select-all"
      >
        {code}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="flex-1 border-transparent text-brand-700" onClick={() => void copy()}>
          {copyResult === 'copied' ? (
            <Check aria-hidden="true" className="size-5" />
          ) : (
            <Copy aria-hidden="true" className="size-5" />
          )}
          {t`คัดลอก`}
          {/* What is copied, for a screen reader; the name starts with the visible word. */}
          <span className="sr-only"> {t`รหัสแนะนำ ${code}`}</span>
        </Button>
        {isShareable ? (
          <Button variant="secondary" className="flex-1 border-transparent text-brand-700" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="size-5" />
            {t`แชร์`}
            <span className="sr-only"> {t`รหัสแนะนำ ${code}`}</span>
          </Button>
        ) : null}
      </div>
      {copyResult === 'copied' ? (
        <p role="status" className="text-sm text-brand-50">
          {t`คัดลอกรหัสแล้ว`}
        </p>
      ) : copyResult === 'insecure_context' ? (
        <p role="alert" className="rounded-xl bg-white px-3 py-2 text-sm text-danger-700">
          {t`ใช้งานไม่ได้บนโปรโตคอล http`}
        </p>
      ) : copyResult === 'failed' ? (
        <p role="alert" className="rounded-xl bg-white px-3 py-2 text-sm text-danger-700">
          {t`คัดลอกไม่สำเร็จ กดค้างที่รหัสเพื่อคัดลอกเอง`}
        </p>
      ) : null}
      {shareFailed ? (
        <p role="alert" className="rounded-xl bg-white px-3 py-2 text-sm text-danger-700">
          {t`แชร์ไม่สำเร็จ กรุณาคัดลอกรหัสแล้วส่งให้เพื่อนเอง`}
        </p>
      ) : null}
    </section>
  )
}

/** A new member enters a friend's code, while the 24 hours after signing up last. */
function RedeemCodeForm({
  buyerId,
  rates,
  redeemUntil,
  initialCode,
  onRedeemed,
}: {
  buyerId: string
  rates: FixedRates
  redeemUntil: Date
  initialCode?: string
  onRedeemed: (code: string) => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const deadline = formatDateTime(redeemUntil, locale)
  const isOnline = useIsOnline()
  const mutation = useRedeemReferral(buyerId)
  const intent = useIdempotentIntent()
  const problemText = usePromotionProblemText(rates)
  const [typed, setTyped] = useState(initialCode ?? '')
  const [problem, setProblem] = useState<PromotionProblem>()

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = normalizeReferralCode(typed)
    // The server's own check, asked first on the phone: text that cannot be a code is not sent.
    if (code === undefined) {
      setProblem({ kind: 'refused', code: 'invalid_referral_code' })
      return
    }
    setProblem(undefined)
    try {
      const redemption = await mutation.mutateAsync({ code, idempotencyKey: intent.keyFor(code) })
      intent.settle(undefined)
      onRedeemed(redemption.code)
    } catch (error) {
      intent.settle(error)
      setProblem(readPromotionProblem(error))
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="redeem-referral"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-card bg-surface p-4 shadow-card"
    >
      <h3 id="redeem-referral" className="flex items-center gap-2 font-bold">
        <Ticket aria-hidden="true" className="size-5 text-brand-700" />
        {t`มีรหัสแนะนำจากเพื่อนไหม`}
      </h3>
      <TextField
        label={t`รหัสแนะนำของเพื่อน`}
        hint={t`ใส่ได้ครั้งเดียว ภายใน 24 ชั่วโมงหลังสมัครสมาชิก (ถึง ${deadline})`}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={referralCodeInputMaxLength}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value)
          setProblem(undefined)
        }}
      />
      {problem ? <ProblemAlert problem={problemText(problem)} /> : null}
      {isOnline ? null : <p className="text-sm text-ink-muted">{t`ต้องเชื่อมต่ออินเทอร์เน็ตเพื่อใช้รหัส`}</p>}
      <Button type="submit" className="w-full" disabled={mutation.isPending || !isOnline}>
        {t`ใช้รหัส`}
      </Button>
    </form>
  )
}

/** Why the shopper cannot enter a friend's code now: they did, or the 24 hours are over. */
function RedemptionStatus({ redemption, redeemedCode }: { redemption: CampaignState; redeemedCode: string | null }) {
  const { t } = useLingui()
  const locale = useLocale()
  let text: string | undefined
  if (redemption.state === 'joined') {
    text = redeemedCode === null ? t`คุณใช้รหัสแนะนำของเพื่อนแล้ว` : t`คุณใช้รหัสแนะนำ ${redeemedCode} ของเพื่อนแล้ว`
  } else if (redemption.state === 'ended') {
    const closedAt = formatDateTime(redemption.endedAt, locale)
    text = t`ใส่รหัสแนะนำของเพื่อนไม่ได้แล้ว: ใส่ได้ภายใน 24 ชั่วโมงหลังสมัครสมาชิกเท่านั้น (หมดเวลาเมื่อ ${closedAt})`
  }
  if (text === undefined) return null
  return (
    <section aria-label={t`รหัสแนะนำของเพื่อน`} className="space-y-1 rounded-card bg-surface p-4 text-sm shadow-card">
      <StateBadge state={redemption} label={redemption.state === 'joined' ? t`ใช้รหัสแล้ว` : undefined} />
      <p>
        <ThaiText>{text}</ThaiText>
      </p>
    </section>
  )
}

const referralStateTones = {
  waiting_for_purchase: 'bg-canvas text-ink-muted',
  pending_bonus: 'bg-cashback-50 text-cashback-700',
  received: 'bg-brand-50 text-brand-700',
} as const

const friendStateTones = {
  pending: 'bg-cashback-50 text-cashback-700',
  success: 'bg-brand-50 text-brand-700',
} as const

function FriendsTable({ friends }: { friends: ReferralFriend[] }) {
  const { t } = useLingui()
  const locale = useLocale()
  const stateLabels = useReferralStateLabels()
  const friendStateLabels = useReferralFriendStateLabels()
  return (
    <div className="overflow-hidden rounded-card bg-surface shadow-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t`เพื่อนที่คุณชวน`}</caption>
        <thead className="bg-canvas text-xs text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t`เพื่อน`}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {t`สถานะเพื่อน`}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t`โบนัสของคุณ`}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {friends.map((friend) => {
            // Money paid into the wallet reads like the wallet, satang included.
            const bonus =
              friend.bonus === null ? undefined : formatThb(friend.bonus, locale, { alwaysShowSatang: true })
            return (
              <tr key={`${friend.displayName}-${friend.redeemedAt}`} className="align-top">
                <th scope="row" className="px-3 py-3 font-medium break-words">
                  {friend.displayName}
                  <span className="block text-xs font-normal text-ink-muted">
                    {formatDate(new Date(friend.redeemedAt), locale, 'short')}
                  </span>
                </th>
                <td className="px-2 py-3">
                  <span
                    className={`inline-block rounded-full px-2 text-xs font-semibold ${friendStateTones[friend.friendState]}`}
                  >
                    {friendStateLabels[friend.friendState]}
                  </span>
                </td>
                <td className="px-3 py-3">
                  <span
                    className={`inline-block rounded-full px-2 text-xs font-semibold ${referralStateTones[friend.state]}`}
                  >
                    {stateLabels[friend.state]}
                  </span>
                  {bonus ? <span className="block text-xs font-semibold text-brand-700">{bonus}</span> : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
