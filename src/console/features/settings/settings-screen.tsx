import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState, type SubmitEvent } from 'react'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { formatHundredths, parseHundredths } from '#domain/money'
import { fixedRateFields, type ConsoleSettings } from '#domain/ops/settings'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { ActionFeedback } from '../../components/action-feedback'
import { AuditEntryList } from '../../components/audit-entry-list'
import { useConsoleAction } from '../../lib/use-console-action'
import {
  addBankHoliday,
  removeBankHoliday,
  saveFixedRates,
  setMaintenance,
  settingsKeys,
  settingsQueryOptions,
} from './settings-api'

type RateField = (typeof fixedRateFields)[number]

/**
 * Text inputs for the rates, in the units finance thinks in: money in baht and rates in percent
 * (stored as satang and basis points, both hundredths, so converted exactly), the rating in
 * percent and points per baht as they are. The stair levels are two inputs each.
 */
type RateInputs = Record<string, string>

/** Inputs kept in hundredths on the wire: baht (satang) and percent (basis points). */
function isHundredths(key: string): boolean {
  return key !== 'rating' && key !== 'pointsPerBaht'
}

function isPercent(key: string): boolean {
  return key === 'vip' || key === 'withdrawalFee' || key.endsWith('.bonusBasisPoints')
}

function toInput(key: string, value: number): string {
  return isHundredths(key) ? formatHundredths(value) : String(value)
}

function toInputs(rates: FixedRates): RateInputs {
  const inputs: RateInputs = {}
  for (const field of fixedRateFields) {
    const value = rates[field]
    if (typeof value === 'number') inputs[field] = toInput(field, value)
    else {
      inputs[`${field}.bonusBasisPoints`] = toInput(`${field}.bonusBasisPoints`, value.bonusBasisPoints)
      inputs[`${field}.minimumBalance`] = toInput(`${field}.minimumBalance`, value.minimumBalance)
    }
  }
  return inputs
}

/** The rates as typed, or `undefined` when a field is empty or not a number of its kind. */
function fromInputs(inputs: RateInputs, current: FixedRates): FixedRates | undefined {
  const unreadable: string[] = []
  const number = (key: string) => {
    const text = (inputs[key] ?? '').trim()
    const value = isHundredths(key) ? parseHundredths(text) : text === '' ? undefined : Number(text)
    if (value === undefined || !Number.isFinite(value)) unreadable.push(key)
    return value ?? 0
  }
  const rates: Record<string, unknown> = {}
  for (const field of fixedRateFields) {
    rates[field] =
      typeof current[field] === 'number'
        ? number(field)
        : { bonusBasisPoints: number(`${field}.bonusBasisPoints`), minimumBalance: number(`${field}.minimumBalance`) }
  }
  // The server validates every field again; a wrong one comes back as `invalid_request`.
  return unreadable.length === 0 ? (rates as FixedRates) : undefined
}

function useUnitLabel() {
  const { t } = useLingui()
  return (key: string): string => {
    if (key === 'rating') return t`เปอร์เซ็นต์ (0–100)`
    if (key === 'pointsPerBaht') return t`พอยท์ต่อบาท`
    if (isPercent(key)) return t`เปอร์เซ็นต์ (ทศนิยมได้ 2 ตำแหน่ง)`
    return t`บาท (ทศนิยมได้ 2 ตำแหน่ง)`
  }
}

/** The fixed rates but the Special Cashback levels, which have two parts each. */
type SingleRateField = Exclude<RateField, `stairLv${number}`>

/** What each rate means, in the operator's words (domain/contracts/fixed-rate.ts has the rules). */
function useRateLabel() {
  const { t } = useLingui()
  const labels: Record<string, string | undefined> = {
    vip: t`โบนัสสมาชิกพรีเมียม`,
    rating: t`คะแนนผู้ซื้อขั้นต่ำที่ได้เงินคืนใน 1 วัน`,
    getFriend: t`โบนัสแนะนำเพื่อน`,
    firstBonus: t`โบนัสผู้ใช้ใหม่`,
    maxForRating: t`เงินคืนสูงสุดต่อคำสั่งซื้อที่จ่ายใน 1 วันด้วยคะแนนอย่างเดียว`,
    maxForProof: t`เงินคืนสูงสุดต่อคำสั่งซื้อที่จ่ายใน 1 วันเมื่อมีหลักฐาน`,
    minWithdrawal: t`ถอนเงินขั้นต่ำ`,
    withdrawalFee: t`ค่าธรรมเนียมถอนเงิน`,
    pointsPerBaht: t`พอยท์ที่ได้ต่อ 1 บาทเมื่อแลก`,
    minPointsExchange: t`แลกพอยท์ขั้นต่ำ`,
    firstWeekMaxPerOrder: t`ส่วนเพิ่ม x2 สัปดาห์แรกสูงสุดต่อคำสั่งซื้อ`,
    premiumPrice: t`ราคาสมาชิกพรีเมียม`,
    newUserBonusSpendingThreshold: t`ยอดซื้อที่อนุมัติแล้วเพื่อรับโบนัสผู้ใช้ใหม่`,
    referralSpendingThreshold: t`ยอดซื้อที่อนุมัติแล้วของเพื่อนเพื่อจ่ายโบนัสแนะนำ`,
  } satisfies Record<SingleRateField, string>
  return (key: string): string => {
    const [field = '', part] = key.split('.')
    const level = /^stairLv(\d)$/.exec(field)?.[1]
    if (level !== undefined) {
      return part === 'bonusBasisPoints'
        ? t`Special Cashback ขั้น ${level}: โบนัสเพิ่ม`
        : t`Special Cashback ขั้น ${level}: ยอดสะสมขั้นต่ำ`
    }
    return labels[field] ?? key
  }
}

/** Fixed rates, maintenance and bank holidays: finance's settings, each change in the audit log. */
export function SettingsScreen() {
  const { t } = useLingui()
  const unitLabel = useUnitLabel()
  const rateLabel = useRateLabel()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(settingsQueryOptions)
  const [inputs, setInputs] = useState(() => toInputs(data.fixedRates))
  const [holiday, setHoliday] = useState({ date: '', name: '' })
  const action = useConsoleAction()
  const { isBusy } = action

  function run(change: (actionKey: string) => Promise<ConsoleSettings>, done: string) {
    return action.run(async (actionKey) => {
      const settings = await change(actionKey)
      queryClient.setQueryData(settingsKeys.all, settings)
      setInputs(toInputs(settings.fixedRates))
    }, done)
  }

  function onSaveRates(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    // An emptied field would be read as 0, a valid rate: every field needs a number of its kind.
    const rates = fromInputs(inputs, data.fixedRates)
    if (rates === undefined) {
      action.showError(t`กรอกตัวเลขให้ครบทุกช่อง (ทศนิยมไม่เกิน 2 ตำแหน่ง)`)
      return
    }
    void run((actionKey) => saveFixedRates(rates, actionKey), t`บันทึกอัตราแล้ว`)
  }

  function onAddHoliday(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    void run(
      async (actionKey) => {
        const settings = await addBankHoliday(holiday, actionKey)
        setHoliday({ date: '', name: '' })
        return settings
      },
      t`เพิ่มวันหยุดแล้ว`,
    )
  }

  const changed = new Set<string>(data.changedFixedRateFields)
  const rateKeys = Object.keys(inputs)

  return (
    <section aria-labelledby="settings-title" className="space-y-8">
      <h1 id="settings-title" className="text-2xl font-bold">
        <Trans>ตั้งค่าระบบ</Trans>
      </h1>
      <ActionFeedback error={action.error} notice={action.notice} />

      <div className="space-y-3 rounded-card bg-surface p-5 shadow-card">
        <h2 className="text-lg font-semibold">
          <Trans>โหมดปิดปรับปรุง</Trans>
        </h2>
        <p className="text-sm">
          {data.maintenance.isOn ? (
            <Trans>เปิดอยู่: แอปของผู้ซื้อตอบว่าปิดปรับปรุง (คอนโซลยังใช้งานได้)</Trans>
          ) : (
            <Trans>ปิดอยู่: แอปของผู้ซื้อใช้งานได้ตามปกติ</Trans>
          )}
        </p>
        <Button
          variant={data.maintenance.isOn ? 'primary' : 'danger'}
          disabled={isBusy}
          onClick={() =>
            void run((actionKey) => setMaintenance(!data.maintenance.isOn, actionKey), t`เปลี่ยนโหมดปิดปรับปรุงแล้ว`)
          }
        >
          {data.maintenance.isOn ? <Trans>ปิดโหมดปิดปรับปรุง</Trans> : <Trans>เปิดโหมดปิดปรับปรุง</Trans>}
        </Button>
      </div>

      <form onSubmit={onSaveRates} noValidate className="space-y-4 rounded-card bg-surface p-5 shadow-card">
        <h2 className="text-lg font-semibold">
          <Trans>อัตราคงที่ (THB)</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rateKeys.map((key) => {
            const field = key.split('.')[0] as RateField
            return (
              <TextField
                key={key}
                label={
                  <>
                    {rateLabel(key)}
                    {changed.has(field) ? ' *' : ''}{' '}
                    <span className="font-mono text-xs font-normal text-ink-muted">{key}</span>
                  </>
                }
                hint={unitLabel(key)}
                inputMode="decimal"
                value={inputs[key] ?? ''}
                onChange={(event) => setInputs({ ...inputs, [key]: event.target.value })}
              />
            )
          })}
        </div>
        <p className="text-xs text-ink-muted">
          <Trans>* ต่างจากค่าเริ่มต้น การเปลี่ยนแปลงมีผลกับทุกเซิร์ฟเวอร์ทันที</Trans>
        </p>
        <Button type="submit" disabled={isBusy}>
          <Trans>บันทึกอัตรา</Trans>
        </Button>
        <h3 className="pt-2 font-semibold">
          <Trans>ประวัติการเปลี่ยนอัตรา</Trans>
        </h3>
        <AuditEntryList entries={data.fixedRateHistory} />
      </form>

      <div className="space-y-4 rounded-card bg-surface p-5 shadow-card">
        <h2 className="text-lg font-semibold">
          <Trans>วันหยุดธนาคาร</Trans>
        </h2>
        <ul className="divide-y divide-line text-sm">
          {data.bankHolidays.map((day) => (
            <li key={day.date} className="flex items-center gap-3 py-2">
              <time dateTime={day.date} className="font-mono">
                {day.date}
              </time>
              <span>{day.name}</span>
              <Button
                variant="ghost"
                className="ml-auto"
                disabled={isBusy}
                onClick={() => void run((actionKey) => removeBankHoliday(day.date, actionKey), t`ลบวันหยุดแล้ว`)}
              >
                <Trans>ลบ</Trans>
              </Button>
            </li>
          ))}
        </ul>
        <form onSubmit={onAddHoliday} noValidate className="flex flex-wrap items-end gap-3">
          <TextField
            label={t`วันที่`}
            type="date"
            value={holiday.date}
            onChange={(event) => setHoliday({ ...holiday, date: event.target.value })}
          />
          <TextField
            label={t`ชื่อวันหยุด`}
            value={holiday.name}
            maxLength={100}
            onChange={(event) => setHoliday({ ...holiday, name: event.target.value })}
          />
          <Button type="submit" disabled={isBusy}>
            <Trans>เพิ่มวันหยุด</Trans>
          </Button>
        </form>
        <p className="text-xs text-ink-muted">
          <Trans>คำขอถอนเงินใหม่จะไม่นับวันหยุดเหล่านี้ในวันที่คาดว่าจะได้รับเงิน</Trans>
        </p>
      </div>
    </section>
  )
}
