import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { ClipboardCopy, Link2, Share2 } from 'lucide-react'
import type { ReactNode } from 'react'
import type { PartnerLink } from '#domain/contracts/links'
import { Skeleton } from '../../../components/ui/skeleton'
import { ThaiText } from '../../../components/ui/thai-text'
import { linkResolutionQueryOptions } from '../api/resolve-link'
import { LinkProblem, NotPartnerResult, NotShopLinkResult, PartnerResult } from './link-results'
import { PasteLinkForm } from './paste-link-form'

/**
 * The paste-a-link page: the field (holding the link that brought the shopper here, from the
 * home card or the share sheet) and what that link is to us. `shopAction` is the click-out for
 * a partner's link (the route gives the shared "Shop now" with its checklist).
 */
export function PasteLinkScreen({
  link,
  onLinkChange,
  shopAction,
}: {
  link: string
  onLinkChange: (text: string) => void
  shopAction: (resolution: PartnerLink) => ReactNode
}) {
  const { t } = useLingui()
  return (
    <div className="space-y-4 px-4 pt-5 pb-10">
      <section className="rounded-card bg-surface p-4 shadow-card">
        <h1 className="flex items-center gap-2 text-xl font-bold">
          <Link2 aria-hidden="true" className="size-5 text-brand-700" />
          <ThaiText>{t`รับเงินคืนจากลิงก์สินค้า`}</ThaiText>
        </h1>
        <p className="mt-1 text-sm text-ink-muted">
          <ThaiText>{t`วางลิงก์สินค้าจากร้านค้าพาร์ทเนอร์ แล้วช้อปผ่านลิงก์ของแอปเงินคืนเพื่อรับเงินคืน`}</ThaiText>
        </p>
        {/* A new link (another share, the back button) starts the field again. */}
        <PasteLinkForm key={link} className="mt-4" initialText={link} onSubmit={onLinkChange} />
      </section>
      {link === '' ? <HowToCopyALink /> : <LinkResolution text={link} shopAction={shopAction} />}
    </div>
  )
}

function LinkResolution({ text, shopAction }: { text: string; shopAction: (resolution: PartnerLink) => ReactNode }) {
  const { t } = useLingui()
  const resolution = useQuery(linkResolutionQueryOptions(text))
  return (
    <div aria-live="polite" aria-busy={resolution.isFetching}>
      {resolution.isPending ? (
        <section aria-label={t`กำลังตรวจสอบลิงก์`} className="space-y-3 rounded-card bg-surface p-4 shadow-card">
          <p className="text-sm text-ink-muted">{t`กำลังตรวจสอบลิงก์…`}</p>
          <div className="flex gap-3">
            <Skeleton className="size-24 shrink-0" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-5 w-2/3" />
            </div>
          </div>
          <Skeleton className="h-11 w-full rounded-full" />
        </section>
      ) : resolution.isError ? (
        <LinkProblem
          error={resolution.error}
          isRetrying={resolution.isFetching}
          onRetry={() => void resolution.refetch()}
        />
      ) : resolution.data.kind === 'partner' ? (
        <PartnerResult resolution={resolution.data} shopAction={shopAction} />
      ) : resolution.data.kind === 'not_partner' ? (
        <NotPartnerResult resolution={resolution.data} />
      ) : (
        <NotShopLinkResult />
      )}
    </div>
  )
}

/** Where the link comes from, for a shopper who opened the page with none. */
function HowToCopyALink() {
  const { t } = useLingui()
  const steps = [
    { icon: Share2, text: t`เปิดสินค้าในแอปหรือเว็บของร้านค้า แล้วแตะ "แชร์"` },
    { icon: ClipboardCopy, text: t`เลือก "คัดลอกลิงก์" แล้วกลับมาวางที่นี่` },
  ]
  return (
    <section aria-labelledby="how-to-copy" className="rounded-card bg-surface p-4 shadow-card">
      <h2 id="how-to-copy" className="font-bold">
        {t`คัดลอกลิงก์สินค้าอย่างไร`}
      </h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step) => (
          <li key={step.text} className="flex items-center gap-3 text-sm">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <step.icon aria-hidden="true" className="size-5" />
            </span>
            <ThaiText>{step.text}</ThaiText>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-ink-muted">
        <ThaiText>{t`หรือแชร์สินค้าจากแอปร้านค้ามาที่แอปเงินคืนได้เลย`}</ThaiText>
      </p>
    </section>
  )
}
