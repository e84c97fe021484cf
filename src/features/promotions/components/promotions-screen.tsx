import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Crown, Gift, Sparkles, TrendingUp, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { formatDate, formatDateTime } from '#domain/dates'
import { formatThb } from '#domain/money'
import { countFirstWeekDaysLeft } from '#domain/promotions/first-week-cashback'
import type { CampaignState, PromotionsSnapshot, PromotionsView } from '#domain/promotions/promotion-states'
import { computeReferralRedeemEnd } from '#domain/promotions/referral'
import { formatBasisPoints } from '#domain/rates'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { isFirstWeekOffered } from '../promotion-offers'
import { usePromotions } from '../use-promotions'
import { CampaignIcon, ProgressBar, StateBadge } from './campaign-parts'
import { useEndReasonText, useLevelName } from './promotion-messages'
import { FriendCodeCard, ReferralSection } from './referral-section'

type CampaignPage =
  | '/{-$locale}/promotions/bonus-new-user'
  | '/{-$locale}/promotions/special-cashback'
  | '/{-$locale}/promotions/vip-member'

/**
 * /promotions: one card per campaign with the shopper's own state in it, each leading to its
 * page, then friend referral (the shopper's code, a friend's code, the friends table).
 */
export function PromotionsScreen({ buyerId, initialReferralCode }: { buyerId: string; initialReferralCode?: string }) {
  const { t } = useLingui()
  const { query, snapshot, view, rates, now } = usePromotions(buyerId)
  // Kept here: the form leaves the page the moment the promotions answer "redeemed".
  const [redeemedCode, setRedeemedCode] = useState<string>()

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <h1 className="text-xl font-bold">{t`โปรโมชัน`}</h1>
      {view === undefined || snapshot === undefined ? (
        query.isError ? (
          <ListError onRetry={() => void query.refetch()} />
        ) : (
          <div aria-busy="true" className="space-y-4">
            <Skeleton className="h-40 rounded-card" />
            <Skeleton className="h-32 rounded-card" />
            <Skeleton className="h-32 rounded-card" />
          </div>
        )
      ) : (
        <>
          {/* A new member has 24 hours to enter a friend's code: it comes first while it can. */}
          {view.referralRedemption.state === 'eligible' || redeemedCode !== undefined ? (
            <FriendCodeCard
              buyerId={buyerId}
              rates={rates}
              redeemUntil={computeReferralRedeemEnd(snapshot.signedUpAt)}
              initialCode={initialReferralCode}
              redeemedCode={redeemedCode}
              onRedeemed={setRedeemedCode}
            />
          ) : null}
          <NewUserBonusCard view={view} rates={rates} />
          {isFirstWeekOffered(rates) ? <FirstWeekCard view={view} snapshot={snapshot} rates={rates} now={now} /> : null}
          <SpecialCashbackCard view={view} rates={rates} />
          <PremiumCard view={view} rates={rates} />
          <ReferralSection
            buyerId={buyerId}
            redemption={view.referralRedemption}
            isRedeemedNow={redeemedCode !== undefined}
            rates={rates}
          />
        </>
      )}
    </div>
  )
}

function CampaignCard({
  id,
  icon,
  title,
  summary,
  state,
  stateLabel,
  detail,
  to,
  linkLabel,
  children,
}: {
  id: string
  icon: LucideIcon
  title: string
  summary: string
  state: CampaignState
  stateLabel?: string
  detail?: string
  to: CampaignPage
  linkLabel: string
  children?: ReactNode
}) {
  const locale = useLocale()
  return (
    <article aria-labelledby={id} className="space-y-3 rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        <CampaignIcon icon={icon} />
        <div className="min-w-0 flex-1">
          <h2 id={id} className="font-bold">
            <ThaiText>{title}</ThaiText>
          </h2>
          <p className="text-sm text-ink-muted">
            <ThaiText>{summary}</ThaiText>
          </p>
        </div>
      </div>
      <div className="space-y-1">
        <StateBadge state={state} label={stateLabel} />
        {detail ? (
          <p className="text-sm">
            <ThaiText>{detail}</ThaiText>
          </p>
        ) : null}
      </div>
      {children}
      <Link
        to={to}
        params={{ locale: toLocaleParam(locale) }}
        className="flex min-h-touch items-center justify-between rounded-xl bg-canvas px-3 text-sm font-semibold text-brand-700"
      >
        {linkLabel}
        <ChevronRight aria-hidden="true" className="size-5" />
      </Link>
    </article>
  )
}

function NewUserBonusCard({ view, rates }: { view: PromotionsView; rates: FixedRates }) {
  const { t } = useLingui()
  const locale = useLocale()
  const bonus = view.newUserBonus
  const amount = formatThb(rates.firstBonus, locale)
  const threshold = formatThb(bonus.progress.threshold, locale)
  const spent = formatThb(bonus.progress.spent, locale)
  const remaining = formatThb(bonus.progress.remaining, locale)
  let stateLabel: string | undefined
  let detail: string | undefined
  if (bonus.state === 'ended' && bonus.isReceived) {
    const receivedOn = formatDate(bonus.endedAt, locale)
    const received = formatThb(bonus.receivedAmount ?? rates.firstBonus, locale, { alwaysShowSatang: true })
    stateLabel = t`ได้รับแล้ว`
    detail = t`ได้รับโบนัส ${received} เมื่อ ${receivedOn}`
  } else if (bonus.state === 'ended') {
    const endedOn = formatDate(bonus.endedAt, locale)
    detail = t`หมดเวลานับยอดซื้อเมื่อ ${endedOn}`
  } else if (bonus.state === 'not_joined') {
    detail = t`บัญชีอื่นของคุณได้รับโบนัสนี้แล้ว โบนัสนี้รับได้ 1 ครั้งต่อคน`
  } else if (bonus.state === 'joined') {
    detail = t`อีก ${remaining} จะได้รับโบนัส`
  }
  return (
    <CampaignCard
      id="campaign-new-user-bonus"
      icon={Gift}
      title={t`โบนัสสมาชิกใหม่ ${amount}`}
      summary={t`รับ ${amount} เมื่อยอดซื้อที่ร้านค้ายืนยันแล้วครบ ${threshold}`}
      state={bonus}
      stateLabel={stateLabel}
      detail={detail}
      to="/{-$locale}/promotions/bonus-new-user"
      linkLabel={t`ดูความคืบหน้าและเงื่อนไข`}
    >
      {bonus.state === 'joined' ? (
        <div className="space-y-1">
          <ProgressBar
            label={t`ความคืบหน้าโบนัสสมาชิกใหม่`}
            value={bonus.progress.spent}
            max={bonus.progress.threshold}
            valueText={t`${spent} จาก ${threshold}`}
          />
          <p className="text-xs text-ink-muted">{t`${spent} จาก ${threshold}`}</p>
        </div>
      ) : null}
    </CampaignCard>
  )
}

function FirstWeekCard({
  view,
  snapshot,
  rates,
  now,
}: {
  view: PromotionsView
  snapshot: PromotionsSnapshot
  rates: FixedRates
  now: Date
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const week = view.firstWeekCashback
  const cap = formatThb(rates.firstWeekMaxPerOrder, locale)
  let detail: string | undefined
  if (week.state === 'joined' && week.until !== null) {
    const daysLeft = countFirstWeekDaysLeft(now, snapshot.signedUpAt)
    const until = formatDateTime(week.until, locale)
    const left = plural(daysLeft, { one: 'เหลืออีก # วัน', other: 'เหลืออีก # วัน' })
    detail = t`${left} (ถึง ${until})`
  } else if (week.state === 'ended') {
    const endedAt = formatDateTime(week.endedAt, locale)
    detail = t`สิ้นสุดเมื่อ ${endedAt}`
  }
  return (
    <CampaignCard
      id="campaign-first-week"
      icon={Sparkles}
      title={t`เงินคืน x2 สัปดาห์แรก`}
      summary={t`ซื้อผ่านแอปเงินคืนภายใน 7 วันแรกหลังสมัคร รับเงินคืนเพิ่มอีกเท่าตัว สูงสุด ${cap} ต่อออเดอร์`}
      state={week}
      detail={detail}
      to="/{-$locale}/promotions/bonus-new-user"
      linkLabel={t`ดูรายละเอียด x2`}
    />
  )
}

function SpecialCashbackCard({ view, rates }: { view: PromotionsView; rates: FixedRates }) {
  const { t } = useLingui()
  const locale = useLocale()
  const levelName = useLevelName(rates)
  const endReasons = useEndReasonText()
  const special = view.specialCashback
  const bonuses = [rates.stairLv1, rates.stairLv2, rates.stairLv3]
    .map((level) => `+${formatBasisPoints(level.bonusBasisPoints, locale)}`)
    .join(' / ')
  let detail: string | undefined
  switch (special.state) {
    case 'eligible': {
      const levels = special.joinableLevels.map(levelName).join(', ')
      detail = t`ระดับที่เข้าร่วมได้: ${levels}`
      break
    }
    case 'not_joined': {
      const minimum = formatThb(special.minimumBalance, locale)
      detail = t`คุณต้องมีเงินคืนสะสมมากกว่า ${minimum}`
      break
    }
    case 'joined':
      detail = special.level === null ? undefined : levelName(special.level)
      break
    case 'ended': {
      const level = special.level === null ? '' : levelName(special.level)
      const endedOn = formatDate(special.endedAt, locale)
      const reason = special.endReason === null ? '' : endReasons[special.endReason]
      detail = t`${level} สิ้นสุดเมื่อ ${endedOn}: ${reason}`
      break
    }
    case 'not_combinable':
      detail = t`คุณเป็นสมาชิกพรีเมียมอยู่ จึงเข้าร่วม Special Cashback ไม่ได้`
      break
  }
  return (
    <CampaignCard
      id="campaign-special-cashback"
      icon={TrendingUp}
      title={t`Special Cashback`}
      summary={t`เงินคืนเพิ่ม ${bonuses} ตามยอดเงินสะสม นาน 6 เดือน`}
      state={special}
      detail={detail}
      to="/{-$locale}/promotions/special-cashback"
      linkLabel={special.state === 'eligible' ? t`เลือกระดับและเข้าร่วม` : t`ดูรายละเอียด Special Cashback`}
    />
  )
}

function PremiumCard({ view, rates }: { view: PromotionsView; rates: FixedRates }) {
  const { t } = useLingui()
  const locale = useLocale()
  const premium = view.premium
  const price = formatThb(premium.price, locale)
  const bonus = formatBasisPoints(rates.vip, locale)
  let detail: string | undefined
  switch (premium.state) {
    case 'not_joined':
      detail = t`ยอดเงินในกระเป๋าต้องมีอย่างน้อย ${price} เพื่อชำระค่าสมาชิก`
      break
    case 'ended': {
      const endedOn = formatDate(premium.endedAt, locale)
      detail = t`สมาชิกพรีเมียมของคุณสิ้นสุดเมื่อ ${endedOn}`
      break
    }
    case 'not_combinable':
      detail = t`Special Cashback ของคุณยังไม่สิ้นสุด จึงสมัครสมาชิกพรีเมียมไม่ได้`
      break
    case 'eligible':
    case 'joined':
      break
  }
  return (
    <CampaignCard
      id="campaign-premium"
      icon={Crown}
      title={t`สมาชิกพรีเมียม`}
      summary={t`เงินคืนเพิ่ม +${bonus} นาน 2 ปี ค่าสมาชิก ${price} ชำระจากยอดเงินในกระเป๋า`}
      state={premium}
      detail={detail}
      to="/{-$locale}/promotions/vip-member"
      linkLabel={premium.state === 'eligible' ? t`สมัครสมาชิกพรีเมียม` : t`ดูรายละเอียดสมาชิกพรีเมียม`}
    />
  )
}
