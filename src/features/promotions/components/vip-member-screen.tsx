import { useLingui } from '@lingui/react/macro'
import { CircleCheck, Crown, LoaderCircle, ShoppingBag } from 'lucide-react'
import { useState } from 'react'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import { computePremiumEnd } from '#domain/promotions/premium-membership'
import { computeSpecialCashbackEnd } from '#domain/promotions/special-cashback'
import { formatBasisPoints } from '#domain/rates'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useIsOnline } from '../../../lib/use-is-online'
import { useJoinPremium } from '../api/join-premium'
import { useIdempotentIntent } from '../../../lib/idempotent-intent'
import { readPromotionProblem, type PromotionProblem } from '../promotion-problems'
import { usePromotions } from '../use-promotions'
import { CampaignHeader, ProblemAlert, RuleList, StateBadge } from './campaign-parts'
import { usePromotionProblemText } from './promotion-messages'

/**
 * /promotions/vip-member: premium membership (+`vip` for 2 years), paid once from the wallet
 * balance after a confirmation; not while Special Cashback is active; one join per buyer.
 */
export function VipMemberScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  const isOnline = useIsOnline()
  const { query, snapshot, view, rates, now } = usePromotions(buyerId)
  const mutation = useJoinPremium(buyerId)
  const intent = useIdempotentIntent()
  const problemText = usePromotionProblemText(rates)
  const [isConfirming, setIsConfirming] = useState(false)
  const [problem, setProblem] = useState<PromotionProblem>()
  const [joinedUntil, setJoinedUntil] = useState<Date>()

  if (view === undefined || snapshot === undefined) {
    return query.isError ? (
      <ListError onRetry={() => void query.refetch()} />
    ) : (
      <div aria-busy="true" className="space-y-4 px-4 pt-4">
        <Skeleton className="h-16 rounded-card" />
        <Skeleton className="h-48 rounded-card" />
      </div>
    )
  }

  const premium = view.premium
  const price = formatThb(premium.price, locale)
  const bonus = formatBasisPoints(rates.vip, locale)
  const balance = formatThb(snapshot.balance, locale, { alwaysShowSatang: true })
  const balanceAfter = formatThb(snapshot.balance - premium.price, locale, { alwaysShowSatang: true })
  const untilIfJoinedNow = formatDate(computePremiumEnd(now), locale)
  const joinedUntilText = joinedUntil === undefined ? undefined : formatDate(joinedUntil, locale)

  async function join() {
    setIsConfirming(false)
    setProblem(undefined)
    try {
      const membership = await mutation.mutateAsync({ idempotencyKey: intent.keyFor('premium') })
      intent.settle(undefined)
      setJoinedUntil(new Date(membership.expiresAt))
    } catch (error) {
      intent.settle(error)
      setProblem(readPromotionProblem(error))
    }
  }

  let status: string | undefined
  switch (premium.state) {
    case 'joined': {
      const until = premium.until === null ? '' : formatDate(premium.until, locale)
      status = t`คุณเป็นสมาชิกพรีเมียม รับเงินคืนเพิ่ม +${bonus} ถึง ${until}`
      break
    }
    case 'ended': {
      const endedOn = formatDate(premium.endedAt, locale)
      status = t`สมาชิกพรีเมียมของคุณสิ้นสุดเมื่อ ${endedOn} สมัครได้เพียงครั้งเดียว`
      break
    }
    case 'not_joined':
      status = t`ยอดเงินในกระเป๋าของคุณ ${balance} ไม่พอชำระค่าสมาชิก ${price}`
      break
    case 'not_combinable': {
      const special = snapshot.specialCashback
      const until = special === null ? '' : formatDate(computeSpecialCashbackEnd(special.joinedAt), locale)
      status = t`ใช้ร่วมกับ Special Cashback ไม่ได้ Special Cashback ของคุณยังไม่สิ้นสุด (ถึง ${until})`
      break
    }
    case 'eligible':
      status = t`สมัครได้เลย ค่าสมาชิกจะหักจากยอดเงินในกระเป๋า`
      break
  }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <CampaignHeader icon={Crown} title={t`สมาชิกพรีเมียม`}>
        <p>
          <ThaiText>{t`รับเงินคืนเพิ่ม +${bonus} ทุกออเดอร์ นาน 2 ปี`}</ThaiText>
        </p>
      </CampaignHeader>

      <section aria-labelledby="premium-offer" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
        <h2 id="premium-offer" className="sr-only">
          {t`สมัครสมาชิกพรีเมียม`}
        </h2>
        <dl className="space-y-1 text-sm">
          <Fact label={t`ค่าสมาชิก`} value={price} />
          <Fact label={t`ชำระจาก`} value={t`ยอดเงินในกระเป๋า`} />
          <Fact label={t`ระยะเวลา`} value={t`2 ปี`} />
          <Fact label={t`ยอดเงินในกระเป๋าของคุณ`} value={balance} />
        </dl>
        <div className="space-y-1">
          <StateBadge state={premium} />
          <p className="text-sm">
            <ThaiText>{status}</ThaiText>
          </p>
        </div>
        {joinedUntilText ? (
          <p role="status" className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700">
            <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
            {t`สมัครสำเร็จ คุณเป็นสมาชิกพรีเมียมถึง ${joinedUntilText}`}
          </p>
        ) : null}
        {problem ? <ProblemAlert problem={problemText(problem)} /> : null}
        {premium.state === 'eligible' ? (
          <>
            {isOnline ? null : <p className="text-sm text-ink-muted">{t`ต้องเชื่อมต่ออินเทอร์เน็ตเพื่อสมัคร`}</p>}
            <Button
              className="w-full"
              disabled={mutation.isPending || !isOnline}
              onClick={() => {
                setProblem(undefined)
                setIsConfirming(true)
              }}
            >
              {mutation.isPending ? (
                <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
              ) : (
                <Crown aria-hidden="true" className="size-5" />
              )}
              {t`สมัครสมาชิกพรีเมียม ${price}`}
            </Button>
          </>
        ) : null}
        {premium.state === 'not_joined' ? (
          <ButtonLink
            to="/{-$locale}/merchants"
            params={{ locale: toLocaleParam(locale) }}
            variant="secondary"
            className="w-full"
          >
            <ShoppingBag aria-hidden="true" className="size-5" />
            <ThaiText>{t`ช้อปเพื่อสะสมเงินคืน`}</ThaiText>
          </ButtonLink>
        ) : null}
      </section>

      <RuleList
        title={t`เงื่อนไขสมาชิกพรีเมียม`}
        rules={[
          t`รับเงินคืนเพิ่ม +${bonus} ของเงินคืนจากร้านค้า สำหรับทุกรายการที่คลิกระหว่างเป็นสมาชิก แม้ร้านค้าจะยืนยันภายหลัง`,
          t`ค่าสมาชิก ${price} หักจากยอดเงินในกระเป๋าทันทีที่สมัคร`,
          t`เป็นสมาชิกได้ 2 ปีนับจากวันที่สมัคร และสมัครได้เพียงครั้งเดียว`,
          t`ใช้ร่วมกับ Special Cashback ไม่ได้`,
        ]}
      />

      <ConfirmDialog
        open={isConfirming}
        title={t`ยืนยันสมัครสมาชิกพรีเมียม`}
        confirmLabel={t`ยืนยันและชำระ`}
        cancelLabel={t({ message: 'ยกเลิก', context: 'close a dialog without doing it' })}
        confirmVariant="primary"
        onConfirm={() => void join()}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t`หักค่าสมาชิก ${price} จากยอดเงินในกระเป๋า ยอดคงเหลือ ${balanceAfter}`}</p>
        <p className="mt-2">
          {t`เป็นสมาชิกถึง ${untilIfJoinedNow} สมัครได้เพียงครั้งเดียว และระหว่างเป็นสมาชิกจะเข้าร่วม Special Cashback ไม่ได้`}
        </p>
      </ConfirmDialog>
    </div>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-ink-muted">
        <ThaiText>{label}</ThaiText>
      </dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  )
}
