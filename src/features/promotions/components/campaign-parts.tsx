import { useLingui } from '@lingui/react/macro'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatDate } from '#domain/dates'
import type { CampaignState } from '#domain/promotions/promotion-states'
import { ThaiText } from '../../../components/ui/thai-text'
import { useLocale } from '../../../lib/locale'
import type { ProblemText } from './promotion-messages'

type Tone = 'active' | 'open' | 'muted' | 'warning'

const toneClasses: Record<Tone, string> = {
  active: 'bg-brand-600 text-white',
  open: 'bg-brand-50 text-brand-700',
  muted: 'bg-canvas text-ink-muted',
  warning: 'bg-cashback-50 text-cashback-700',
}

export function campaignTone(state: CampaignState): Tone {
  switch (state.state) {
    case 'joined':
      return 'active'
    case 'eligible':
      return 'open'
    case 'not_combinable':
      return 'warning'
    case 'not_joined':
    case 'ended':
      return 'muted'
  }
}

/**
 * The shopper's state in a campaign in a few words (docs/decisions/013's five states):
 * not joined, eligible, joined until a date (Buddhist era in Thai), ended, not combinable.
 */
export function useCampaignStateLabel(): (state: CampaignState) => string {
  const { t } = useLingui()
  const locale = useLocale()
  return (state) => {
    switch (state.state) {
      case 'not_joined':
        return t`ยังไม่เข้าร่วม`
      case 'eligible':
        return t`เข้าร่วมได้`
      case 'joined': {
        if (state.until === null) return t`เข้าร่วมแล้ว`
        const until = formatDate(state.until, locale)
        return t`เข้าร่วมแล้ว ถึง ${until}`
      }
      case 'ended':
        return t`สิ้นสุดแล้ว`
      case 'not_combinable':
        return t`ใช้ร่วมกันไม่ได้`
    }
  }
}

/** A campaign's state as a pill; `label` replaces the generic words where a campaign has its own. */
export function StateBadge({ state, label }: { state: CampaignState; label?: string }) {
  const stateLabel = useCampaignStateLabel()
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-semibold ${toneClasses[campaignTone(state)]}`}
    >
      {label ?? stateLabel(state)}
    </span>
  )
}

/** The round icon that opens every campaign card and page. */
export function CampaignIcon({ icon: Icon, size = 'small' }: { icon: LucideIcon; size?: 'small' | 'large' }) {
  return (
    <span
      className={`flex shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 ${
        size === 'large' ? 'size-14' : 'size-11'
      }`}
    >
      <Icon aria-hidden="true" className={size === 'large' ? 'size-7' : 'size-5'} />
    </span>
  )
}

/** Progress toward a threshold, readable by screen readers as a value out of a maximum. */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
}: {
  label: string
  value: number
  max: number
  valueText: string
}) {
  const percent = max <= 0 ? 100 : Math.min(100, Math.round((value / max) * 100))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className="h-2.5 overflow-hidden rounded-full bg-canvas"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
    </div>
  )
}

/** A refusal of the server: the spec's words first, then why. */
export function ProblemAlert({ problem }: { problem: ProblemText }) {
  return (
    <div role="alert" className="rounded-xl bg-danger-50 px-3 py-2 text-sm text-danger-700">
      <p className="font-semibold">
        <ThaiText>{problem.title}</ThaiText>
      </p>
      {problem.detail ? (
        <p>
          <ThaiText>{problem.detail}</ThaiText>
        </p>
      ) : null}
    </div>
  )
}

/** A page's headline block: icon, title and what the campaign gives. */
export function CampaignHeader({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <header className="flex items-start gap-3">
      <CampaignIcon icon={icon} size="large" />
      <div className="min-w-0">
        <h1 className="text-xl font-bold">
          <ThaiText>{title}</ThaiText>
        </h1>
        <div className="text-sm text-ink-muted">{children}</div>
      </div>
    </header>
  )
}

/** The rules of a campaign as a short list. */
export function RuleList({ title, rules }: { title: string; rules: string[] }) {
  return (
    <section aria-label={title} className="rounded-card bg-surface p-4 shadow-card">
      <h2 className="mb-2 font-bold">
        <ThaiText>{title}</ThaiText>
      </h2>
      <ul className="list-disc space-y-1.5 pl-5 text-sm">
        {rules.map((rule) => (
          <li key={rule}>
            <ThaiText>{rule}</ThaiText>
          </li>
        ))}
      </ul>
    </section>
  )
}
