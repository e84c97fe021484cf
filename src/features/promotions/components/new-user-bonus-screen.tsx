import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Gift, ShoppingBag, Sparkles } from 'lucide-react'
import { formatDate, formatDateTime } from '#domain/dates'
import { formatThb } from '#domain/money'
import { countFirstWeekDaysLeft } from '#domain/promotions/first-week-cashback'
import { computeNewUserBonusQualifyingEnd } from '#domain/promotions/new-user-bonus'
import { ButtonLink } from '../../../components/ui/button'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { isFirstWeekOffered } from '../promotion-offers'
import { usePromotions } from '../use-promotions'
import { CampaignHeader, CampaignIcon, ProgressBar, RuleList, StateBadge } from './campaign-parts'

/**
 * /promotions/bonus-new-user: the ฿100 new-user bonus (earned by ฿500 of approved purchases
 * clicked in the first 30 days, once per person) and x2 cashback in the first week (7 × 24
 * hours, capped per order), each with the shopper's own progress (docs/decisions/013).
 */
export function NewUserBonusScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const { query, snapshot, view, rates, now } = usePromotions(buyerId)

  if (view === undefined || snapshot === undefined) {
    return query.isError ? (
      <ListError onRetry={() => void query.refetch()} />
    ) : (
      <div aria-busy="true" className="space-y-4 px-4 pt-4">
        <Skeleton className="h-16 rounded-card" />
        <Skeleton className="h-44 rounded-card" />
        <Skeleton className="h-44 rounded-card" />
      </div>
    )
  }

  const bonus = view.newUserBonus
  const week = view.firstWeekCashback
  const amount = formatThb(rates.firstBonus, locale)
  const spent = formatThb(bonus.progress.spent, locale)
  const threshold = formatThb(bonus.progress.threshold, locale)
  const remaining = formatThb(bonus.progress.remaining, locale)
  const qualifyingEnd = formatDate(computeNewUserBonusQualifyingEnd(snapshot.signedUpAt), locale)
  const cap = formatThb(rates.firstWeekMaxPerOrder, locale)
  const daysLeft = countFirstWeekDaysLeft(now, snapshot.signedUpAt)

  let bonusStatus: string
  if (bonus.state === 'ended' && bonus.isReceived) {
    const receivedOn = formatDate(bonus.endedAt, locale)
    // Paid into the wallet: the amount reads like the wallet's, satang included.
    const received = formatThb(bonus.receivedAmount ?? rates.firstBonus, locale, { alwaysShowSatang: true })
    bonusStatus = t`คุณได้รับโบนัส ${received} แล้วเมื่อ ${receivedOn}`
  } else if (bonus.state === 'ended') {
    const endedOn = formatDate(bonus.endedAt, locale)
    bonusStatus = t`หมดเวลานับยอดซื้อเมื่อ ${endedOn} ยอดที่ร้านค้ายืนยันยังไม่ครบ ${threshold}`
  } else if (bonus.state === 'not_joined') {
    bonusStatus = t`บัญชีอื่นของคุณได้รับโบนัสนี้แล้ว โบนัสนี้รับได้ 1 ครั้งต่อคน`
  } else {
    bonusStatus = t`อีก ${remaining} จะได้รับโบนัส ${amount}`
  }

  let weekStatus: string
  if (week.state === 'joined' && week.until !== null) {
    const until = formatDateTime(week.until, locale)
    weekStatus = t`ซื้อผ่านแอปเงินคืนได้ถึง ${until}`
  } else if (week.state === 'ended') {
    const endedAt = formatDateTime(week.endedAt, locale)
    weekStatus = t`สัปดาห์แรกของคุณสิ้นสุดเมื่อ ${endedAt}`
  } else {
    weekStatus = ''
  }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <CampaignHeader icon={Gift} title={t`โบนัสสมาชิกใหม่`}>
        <p>
          <ThaiText>
            {isFirstWeekOffered(rates) ? t`รับโบนัส ${amount} และเงินคืน x2 ในสัปดาห์แรก` : t`รับโบนัส ${amount}`}
          </ThaiText>
        </p>
      </CampaignHeader>

      <section aria-labelledby="new-user-bonus" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-start gap-3">
          <CampaignIcon icon={Gift} />
          <div className="min-w-0 flex-1 space-y-1">
            <h2 id="new-user-bonus" className="font-bold">
              {t`โบนัสสมาชิกใหม่ ${amount}`}
            </h2>
            <StateBadge state={bonus} label={bonus.isReceived ? t`ได้รับแล้ว` : undefined} />
          </div>
        </div>
        <ProgressBar
          label={t`ความคืบหน้าโบนัสสมาชิกใหม่`}
          value={bonus.progress.spent}
          max={bonus.progress.threshold}
          valueText={t`${spent} จาก ${threshold}`}
        />
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Figure label={t`ยอดที่นับแล้ว`} value={spent} />
          <Figure label={t`เป้าหมาย`} value={threshold} />
          <Figure label={t`ยังขาด`} value={remaining} />
        </dl>
        <p className="text-sm">
          <ThaiText>{bonusStatus}</ThaiText>
        </p>
      </section>

      <RuleList
        title={t`เงื่อนไขโบนัสสมาชิกใหม่`}
        rules={[
          t`นับยอดซื้อของรายการที่ร้านค้ายืนยัน (อนุมัติ) แล้ว เฉพาะรายการที่คลิกผ่านแอปเงินคืนภายใน 30 วันหลังสมัคร (ถึง ${qualifyingEnd})`,
          t`เมื่อยอดครบ ${threshold} โบนัส ${amount} จะเข้ากระเป๋าเงินพร้อมการอนุมัติรายการนั้น`,
          t`รับได้ 1 ครั้งต่อคน แม้มีหลายบัญชี`,
          t`รายการที่ถูกปฏิเสธหรือยกเลิกไม่นับรวม`,
        ]}
      />

      {isFirstWeekOffered(rates) ? (
        <section aria-labelledby="first-week" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
          <div className="flex items-start gap-3">
            <CampaignIcon icon={Sparkles} />
            <div className="min-w-0 flex-1 space-y-1">
              <h2 id="first-week" className="font-bold">
                <ThaiText>{t`เงินคืน x2 สัปดาห์แรก`}</ThaiText>
              </h2>
              <StateBadge state={week} />
            </div>
          </div>
          {week.state === 'joined' ? (
            <p className="text-3xl font-bold text-cashback-700">
              {plural(daysLeft, { one: 'เหลืออีก # วัน', other: 'เหลืออีก # วัน' })}
            </p>
          ) : null}
          {weekStatus ? (
            <p className="text-sm">
              <ThaiText>{weekStatus}</ThaiText>
            </p>
          ) : null}
          <ul className="list-disc space-y-1.5 pl-5 text-sm">
            <li>
              <ThaiText>{t`ซื้อผ่านลิงก์ของแอปเงินคืนภายใน 7 วันแรกหลังสมัคร (7 × 24 ชั่วโมง) รับเงินคืนจากร้านค้าเพิ่มอีกเท่าตัว`}</ThaiText>
            </li>
            <li>
              <ThaiText>{t`เงินคืนส่วนที่เพิ่มสูงสุด ${cap} ต่อออเดอร์`}</ThaiText>
            </li>
            <li>
              <ThaiText>{t`นับจากเวลาที่คลิกไปร้านค้า แม้ร้านค้าจะยืนยันหลังสัปดาห์แรก`}</ThaiText>
            </li>
          </ul>
        </section>
      ) : null}

      <ButtonLink to="/{-$locale}/merchants" params={{ locale: toLocaleParam(locale) }} className="w-full">
        <ShoppingBag aria-hidden="true" className="size-5" />
        <ThaiText>{t`เลือกร้านค้า`}</ThaiText>
      </ButtonLink>
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-canvas px-2 py-2">
      <dt className="text-xs text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </dt>
      <dd className="text-sm font-bold">{value}</dd>
    </div>
  )
}
