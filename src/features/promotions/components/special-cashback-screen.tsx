import { useLingui } from '@lingui/react/macro'
import { CircleCheck, LoaderCircle, TrendingUp } from 'lucide-react'
import { useState } from 'react'
import { specialCashbackLevels, type SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { formatDate } from '#domain/dates'
import { formatThb } from '#domain/money'
import type { PromotionsSnapshot, PromotionsView } from '#domain/promotions/promotion-states'
import { computeSpecialCashbackEnd, isBalanceAboveTier, readStairLevel } from '#domain/promotions/special-cashback'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ListError } from '../../../components/ui/list-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import { useIsOnline } from '../../../lib/use-is-online'
import { useJoinSpecialCashback } from '../api/join-special-cashback'
import { useIdempotentIntent } from '../../../lib/idempotent-intent'
import { readPromotionProblem, type PromotionProblem } from '../promotion-problems'
import { usePromotions } from '../use-promotions'
import { CampaignHeader, ProblemAlert, RuleList, StateBadge } from './campaign-parts'
import { useEndReasonText, useLevelName, usePromotionProblemText } from './promotion-messages'

/**
 * /promotions/special-cashback, the stair campaign: three levels (+20/30/40 % at `stairLv1..3`),
 * 6 months, one join in a lifetime, not with premium, ended the moment the balance falls below
 * the level. The shopper picks a level their balance is above and confirms.
 */
export function SpecialCashbackScreen({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const { query, snapshot, view, rates, now, awaitingCashback } = usePromotions(buyerId)

  if (view === undefined || snapshot === undefined) {
    return query.isError ? (
      <ListError onRetry={() => void query.refetch()} />
    ) : (
      <div aria-busy="true" className="space-y-4 px-4 pt-4">
        <Skeleton className="h-16 rounded-card" />
        <Skeleton className="h-64 rounded-card" />
      </div>
    )
  }

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <CampaignHeader icon={TrendingUp} title={t`Special Cashback`}>
        <p>
          <ThaiText>{t`ยิ่งมียอดเงินสะสมมาก ยิ่งได้เงินคืนเพิ่ม นาน 6 เดือน`}</ThaiText>
        </p>
      </CampaignHeader>
      <SpecialCashbackPanel
        buyerId={buyerId}
        snapshot={snapshot}
        view={view}
        rates={rates}
        now={now}
        awaitingCashback={awaitingCashback}
      />
      <RuleList
        title={t`เงื่อนไข Special Cashback`}
        rules={[
          t`เลือกระดับที่ยอดเงินในกระเป๋าของคุณมากกว่าเกณฑ์ของระดับนั้น`,
          t`รับเงินคืนเพิ่มจากเงินคืนของร้านค้า สำหรับรายการที่คลิกและได้รับการอนุมัติระหว่างที่ยังเข้าร่วมอยู่`,
          t`มีผล 6 เดือนนับจากวันที่เข้าร่วม และเข้าร่วมได้เพียงครั้งเดียว`,
          t`หากยอดเงินในกระเป๋าลดลงต่ำกว่าเกณฑ์ของระดับ (เช่น หลังถอนเงิน) สิทธิ์จะสิ้นสุดทันที`,
          t`ใช้ร่วมกับสมาชิกพรีเมียมไม่ได้`,
        ]}
      />
    </div>
  )
}

function SpecialCashbackPanel({
  buyerId,
  snapshot,
  view,
  rates,
  now,
  awaitingCashback,
}: {
  buyerId: string
  snapshot: PromotionsSnapshot
  view: PromotionsView
  rates: FixedRates
  now: Date
  awaitingCashback: number
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const isOnline = useIsOnline()
  const levelName = useLevelName(rates)
  const endReasons = useEndReasonText()
  const problemText = usePromotionProblemText(rates)
  const mutation = useJoinSpecialCashback(buyerId)
  const intent = useIdempotentIntent()
  const special = view.specialCashback
  const [chosen, setChosen] = useState<SpecialCashbackLevel | undefined>(() => special.joinableLevels.at(-1))
  const [isConfirming, setIsConfirming] = useState(false)
  const [problem, setProblem] = useState<PromotionProblem>()
  const [joined, setJoined] = useState<{ level: SpecialCashbackLevel; until: Date }>()
  const balance = formatThb(snapshot.balance, locale, { alwaysShowSatang: true })
  const awaiting = formatThb(awaitingCashback, locale, { alwaysShowSatang: true })
  const isEligible = special.state === 'eligible'
  const level = chosen !== undefined && special.joinableLevels.includes(chosen) ? chosen : undefined

  async function join(level: SpecialCashbackLevel) {
    setIsConfirming(false)
    setProblem(undefined)
    try {
      const membership = await mutation.mutateAsync({ level, idempotencyKey: intent.keyFor(`level-${level}`) })
      intent.settle(undefined)
      setJoined({ level, until: new Date(membership.expiresAt) })
    } catch (error) {
      intent.settle(error)
      setProblem(readPromotionProblem(error))
    }
  }

  let status: string | undefined
  switch (special.state) {
    case 'joined': {
      const joinedLevel = special.level === null ? '' : levelName(special.level)
      const until = special.until === null ? '' : formatDate(special.until, locale)
      const keep = special.level === null ? '' : formatThb(readStairLevel(rates, special.level).minimumBalance, locale)
      status = t`คุณเข้าร่วม ${joinedLevel} ถึง ${until} รักษายอดเงินในกระเป๋าไว้ไม่ต่ำกว่า ${keep} เพื่อรักษาสิทธิ์`
      break
    }
    case 'ended': {
      const endedLevel = special.level === null ? '' : levelName(special.level)
      const endedOn = formatDate(special.endedAt, locale)
      const reason = special.endReason === null ? '' : endReasons[special.endReason]
      status = t`${endedLevel} ของคุณสิ้นสุดเมื่อ ${endedOn} เพราะ${reason} เข้าร่วมได้เพียงครั้งเดียว`
      break
    }
    case 'not_combinable':
      status = t`คุณเป็นสมาชิกพรีเมียมอยู่ จึงเข้าร่วม Special Cashback ไม่ได้`
      break
    case 'not_joined': {
      const minimum = formatThb(special.minimumBalance, locale)
      status = t`คุณต้องมีเงินคืนสะสมมากกว่า ${minimum}`
      break
    }
    case 'eligible':
      status = t`เลือกระดับที่ต้องการ แล้วกดเข้าร่วม`
      break
  }
  const joinedUntilText = joined === undefined ? undefined : formatDate(joined.until, locale)
  const joinedLevelText = joined === undefined ? undefined : levelName(joined.level)
  const chosenName = level === undefined ? undefined : levelName(level)

  return (
    <section aria-labelledby="special-cashback-levels" className="space-y-3 rounded-card bg-surface p-4 shadow-card">
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">{t`ยอดเงินในกระเป๋า`}</dt>
          <dd className="font-bold">{balance}</dd>
        </div>
        <div className="rounded-xl bg-canvas px-3 py-2">
          <dt className="text-xs text-ink-muted">
            <ThaiText>{t`เงินคืนที่กำลังมา`}</ThaiText>
          </dt>
          <dd className="font-bold">{awaiting}</dd>
        </div>
      </dl>
      <div className="space-y-1">
        <StateBadge state={special} />
        <p className="text-sm">
          <ThaiText>{status}</ThaiText>
        </p>
      </div>

      {isEligible ? (
        <fieldset className="space-y-2">
          <legend id="special-cashback-levels" className="mb-2 font-bold">
            {t`เลือกระดับ`}
          </legend>
          {specialCashbackLevels.map((option) => (
            <LevelOption
              key={option}
              level={option}
              rates={rates}
              snapshot={snapshot}
              view={view}
              awaitingCashback={awaitingCashback}
              choice={{
                isChosen: level === option,
                onChoose: () => {
                  setChosen(option)
                  setProblem(undefined)
                },
              }}
            />
          ))}
        </fieldset>
      ) : (
        <div className="space-y-2">
          <h2 id="special-cashback-levels" className="font-bold">
            {t`ระดับของ Special Cashback`}
          </h2>
          <ul className="space-y-2">
            {specialCashbackLevels.map((option) => (
              <li key={option}>
                <LevelOption
                  level={option}
                  rates={rates}
                  snapshot={snapshot}
                  view={view}
                  awaitingCashback={awaitingCashback}
                />
              </li>
            ))}
          </ul>
        </div>
      )}

      {joinedUntilText ? (
        <p role="status" className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-700">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          {t`เข้าร่วม ${joinedLevelText} สำเร็จ มีผลถึง ${joinedUntilText}`}
        </p>
      ) : null}
      {problem ? <ProblemAlert problem={problemText(problem)} /> : null}

      {isEligible ? (
        <>
          {isOnline ? null : <p className="text-sm text-ink-muted">{t`ต้องเชื่อมต่ออินเทอร์เน็ตเพื่อเข้าร่วม`}</p>}
          <Button
            className="w-full"
            disabled={level === undefined || mutation.isPending || !isOnline}
            onClick={() => {
              setProblem(undefined)
              setIsConfirming(true)
            }}
          >
            {mutation.isPending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
            {chosenName === undefined ? t`เลือกระดับก่อน` : t`เข้าร่วม ${chosenName}`}
          </Button>
        </>
      ) : null}

      {level === undefined ? null : (
        <ConfirmDialog
          open={isConfirming}
          title={t`ยืนยันเข้าร่วม Special Cashback`}
          confirmLabel={t`ยืนยันเข้าร่วม`}
          cancelLabel={t({ message: 'ยกเลิก', context: 'close a dialog without doing it' })}
          confirmVariant="primary"
          onConfirm={() => void join(level)}
          onCancel={() => setIsConfirming(false)}
        >
          <ConfirmText level={level} rates={rates} now={now} />
        </ConfirmDialog>
      )}
    </section>
  )
}

function ConfirmText({ level, rates, now }: { level: SpecialCashbackLevel; rates: FixedRates; now: Date }) {
  const { t } = useLingui()
  const locale = useLocale()
  const levelName = useLevelName(rates)
  const name = levelName(level)
  const until = formatDate(computeSpecialCashbackEnd(now), locale)
  const minimum = formatThb(readStairLevel(rates, level).minimumBalance, locale)
  return (
    <>
      <p>{t`เข้าร่วม ${name} ถึง ${until} เข้าร่วมได้เพียงครั้งเดียว`}</p>
      <p className="mt-2">
        {t`หากยอดเงินในกระเป๋าต่ำกว่า ${minimum} เช่น หลังถอนเงิน สิทธิ์จะสิ้นสุดทันที และระหว่างนี้สมัครสมาชิกพรีเมียมไม่ได้`}
      </p>
    </>
  )
}

/**
 * One level: its bonus, what it needs, and where this shopper stands with it. A radio button
 * when the shopper is choosing (`choice`), a plain row otherwise.
 */
function LevelOption({
  level,
  rates,
  snapshot,
  view,
  awaitingCashback,
  choice,
}: {
  level: SpecialCashbackLevel
  rates: FixedRates
  snapshot: PromotionsSnapshot
  view: PromotionsView
  awaitingCashback: number
  choice?: { isChosen: boolean; onChoose: () => void }
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const levelName = useLevelName(rates)
  const special = view.specialCashback
  const minimum = formatThb(readStairLevel(rates, level).minimumBalance, locale)
  const isJoinable = special.joinableLevels.includes(level)
  const isOwnLevel = special.level === level
  let note: { text: string; tone: string } | undefined
  if (isOwnLevel) {
    note =
      special.state === 'joined'
        ? { text: t`ระดับของคุณ`, tone: 'bg-brand-600 text-white' }
        : { text: t`ระดับที่คุณเคยเข้าร่วม`, tone: 'bg-canvas text-ink-muted' }
  } else if (isJoinable) {
    note = { text: t`เข้าร่วมได้`, tone: 'bg-brand-50 text-brand-700' }
  } else if (
    special.state !== 'joined' &&
    special.state !== 'ended' &&
    special.state !== 'not_combinable' &&
    isBalanceAboveTier(snapshot.balance + awaitingCashback, level, rates)
  ) {
    // The server's words for a balance that only the cashback on its way lifts above the level.
    note = { text: t`กรุณารอการอนุมัติก่อนดำเนินการ`, tone: 'bg-cashback-50 text-cashback-700' }
  }
  const isHighlighted = choice?.isChosen === true || (isOwnLevel && special.state === 'joined')
  const content = (
    <span className="min-w-0 flex-1">
      <span className="block font-semibold">{levelName(level)}</span>
      <span className="block text-xs text-ink-muted">{t`ยอดเงินสะสมมากกว่า ${minimum}`}</span>
      {note ? (
        <span className={`mt-1 inline-block rounded-full px-2 text-xs font-semibold ${note.tone}`}>{note.text}</span>
      ) : null}
    </span>
  )
  const frame = `flex min-h-touch items-center gap-3 rounded-xl border px-3 py-2 ${
    isHighlighted ? 'border-brand-600 bg-brand-50' : 'border-line bg-surface'
  }`
  if (choice === undefined) return <div className={frame}>{content}</div>
  return (
    <label className={`${frame} ${isJoinable ? 'cursor-pointer' : 'opacity-70'}`}>
      <input
        type="radio"
        name="special-cashback-level"
        value={level}
        checked={choice.isChosen}
        disabled={!isJoinable}
        onChange={choice.onChoose}
        className="size-5 shrink-0 accent-brand-600"
      />
      {content}
    </label>
  )
}
