import { useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { CalendarClock, CheckCircle2, ScrollText, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Merchant } from '#domain/contracts/catalogue'
import { merchantPageLogoSize } from '#domain/pictures/catalogue-pictures'
import { merchantQueryOptions } from '../api/get-merchant'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { ButtonLink } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { CashbackBadge } from '../../../components/ui/cashback-badge'
import { useCategoryLabels } from './category-labels'
import { MerchantLogo } from './merchant-logo'
import { ProductGrid } from './product-grid'
import { NameText } from '../../../components/ui/name-text'
import { ThaiText } from '../../../components/ui/thai-text'

/**
 * `shopAction` is the click-out ("Shop now"), which the cashback feature owns; the route puts the
 * two together so the catalogue does not depend on it.
 */
export function MerchantDetailScreen({
  merchantId,
  shopAction,
}: {
  merchantId: string
  shopAction: (merchant: Merchant) => ReactNode
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const categoryLabels = useCategoryLabels()
  const { data: merchant } = useSuspenseQuery(merchantQueryOptions(merchantId))
  const trackingDays = merchant.trackingDays
  const confirmationDays = merchant.confirmationDays

  return (
    <div className="space-y-4 px-4 pt-4 pb-10">
      <section className="rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-center gap-4">
          <MerchantLogo merchant={merchant} size={merchantPageLogoSize} />
          <div className="min-w-0">
            <h1 className="text-xl font-bold">
              <NameText>{merchant.name[locale]}</NameText>
            </h1>
            <p className="text-sm text-ink-muted">{categoryLabels[merchant.categoryId]}</p>
          </div>
        </div>
        <div className="mt-4">
          <CashbackBadge cashback={merchant.cashback} size="large" />
        </div>
        <p className="mt-3 text-sm text-ink-muted">{merchant.description[locale]}</p>
        <div className="mt-4">{shopAction(merchant)}</div>
      </section>

      <section aria-labelledby="expected-wait" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="expected-wait" className="flex items-center gap-2 font-bold">
          <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
          <ThaiText>{t`ระยะเวลารอเงินคืน`}</ThaiText>
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          <li className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            {t`ยอดซื้อจะแสดงในแอปภายใน ${trackingDays} วัน`}
          </li>
          <li className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <ThaiText>{t`ร้านค้ายืนยันคำสั่งซื้อภายใน ${confirmationDays} วัน`}</ThaiText>
          </li>
        </ul>
        <p className="mt-3 rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
          <ThaiText>{t`โดยปกติเงินคืนจะเข้าภายใน 30 ถึง 120 วันหลังร้านค้ายืนยัน หรือภายใน 1 วันเมื่อเรตติ้งของคุณ 95% ขึ้นไป`}</ThaiText>
        </p>
      </section>

      <section aria-labelledby="merchant-terms" className="rounded-card bg-surface p-4 shadow-card">
        <h2 id="merchant-terms" className="flex items-center gap-2 font-bold">
          <ScrollText aria-hidden="true" className="size-5 text-brand-700" />
          <ThaiText>{t`เงื่อนไขการรับเงินคืน`}</ThaiText>
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-ink-muted">
          {merchant.terms[locale].map((term) => (
            <li key={term}>
              <ThaiText>{term}</ThaiText>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="merchant-products">
        <h2 id="merchant-products" className="mb-3 font-bold">
          {t`สินค้าจากร้านนี้`}
        </h2>
        <ProductGrid request={{ filter: { merchant: merchant._id } }} />
      </section>
    </div>
  )
}

export function MerchantNotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={Store}
      title={t`ไม่พบร้านค้านี้`}
      actions={
        <ButtonLink to="/{-$locale}/merchants" params={{ locale: toLocaleParam(locale) }}>
          <ThaiText>{t`ดูร้านค้าทั้งหมด`}</ThaiText>
        </ButtonLink>
      }
    >
      <p>
        <ThaiText>{t`ร้านค้านี้อาจไม่ได้ร่วมรายการกับแอปเงินคืนแล้ว ลองดูร้านค้าอื่นได้เลย`}</ThaiText>
      </p>
    </StatusScreen>
  )
}
