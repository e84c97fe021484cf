import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, ChevronRight, CircleAlert, LinkIcon, RotateCw, Store, WifiOff } from 'lucide-react'
import type { ReactNode } from 'react'
import type { NotPartnerLink, PartnerLink } from '#domain/contracts/links'
import { formatThb } from '#domain/money'
import { Button, ButtonLink } from '../../../components/ui/button'
import { CashbackBadge } from '../../../components/ui/cashback-badge'
import { isApiError } from '../../../lib/api-client'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { MerchantLogo } from '../../catalogue/components/merchant-logo'
import { ProductPicture } from '../../catalogue/components/product-card'
import { NameText } from '../../../components/ui/name-text'
import { ThaiText } from '../../../components/ui/thai-text'

/** A partner's page: the product when we list it, the merchant and its rate, and "Shop now". */
export function PartnerResult({
  resolution,
  shopAction,
}: {
  resolution: PartnerLink
  shopAction: (resolution: PartnerLink) => ReactNode
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const { merchant, product, clickOut } = resolution
  const merchantName = merchant.name[locale]
  const estimatedCashback = product === null ? '' : formatThb(product.estimatedCashback, locale)
  const trackingDays = merchant.trackingDays
  const confirmationDays = merchant.confirmationDays
  return (
    <section aria-labelledby="link-result-title" className="space-y-4 rounded-card bg-surface p-4 shadow-card">
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
        <BadgeCheck aria-hidden="true" className="size-5" />
        <ThaiText>{t`ร้านค้าพาร์ทเนอร์ของแอปเงินคืน`}</ThaiText>
      </p>
      {product === null ? (
        <div className="flex items-center gap-3">
          <MerchantLogo merchant={merchant} size={56} />
          <div className="min-w-0">
            <h2 id="link-result-title" className="text-lg font-bold">
              <NameText>{merchantName}</NameText>
            </h2>
            <CashbackBadge cashback={merchant.cashback} />
          </div>
        </div>
      ) : (
        <>
          <div className="flex gap-3">
            <div className="w-28 shrink-0 self-start overflow-hidden rounded-xl">
              <ProductPicture product={product} />
            </div>
            <div className="min-w-0 space-y-1">
              <h2 id="link-result-title" className="line-clamp-3 font-bold">
                <NameText>{product.name[locale]}</NameText>
              </h2>
              <p className="font-semibold">{formatThb(product.price, locale)}</p>
              <p className="text-sm font-semibold text-cashback-700">
                <ThaiText>{t`เงินคืนประมาณ ${estimatedCashback}`}</ThaiText>
              </p>
            </div>
          </div>
          <div className="flex items-center gap-3 rounded-xl bg-canvas p-3">
            <MerchantLogo merchant={merchant} size={40} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{merchantName}</p>
              <CashbackBadge cashback={merchant.cashback} />
            </div>
          </div>
        </>
      )}
      {resolution.hasUnresolvedShortLink ? (
        <p className="text-sm text-ink-muted">
          <ThaiText>{t`เปิดลิงก์ย่อนี้ไม่สำเร็จ จึงไม่รู้ว่าเป็นสินค้าใด เราจะพาคุณไปที่ร้านค้า หรือวางลิงก์เต็มของสินค้าแทน`}</ThaiText>
        </p>
      ) : product === null ? (
        <p className="text-sm text-ink-muted">
          <ThaiText>
            {clickOut.page === undefined
              ? t`เราจะพาคุณไปที่หน้าแรกของร้านค้า ช้อปตามปกติแล้วรับเงินคืนตามอัตราของร้าน`
              : t`เราจะพาคุณไปที่หน้านี้ในร้านค้าโดยตรง ช้อปตามปกติแล้วรับเงินคืนตามอัตราของร้าน`}
          </ThaiText>
        </p>
      ) : null}
      <p className="text-sm">
        <ThaiText>{t`ยอดซื้อจะแสดงในแอปภายใน ${trackingDays} วัน และร้านค้ายืนยันภายใน ${confirmationDays} วัน`}</ThaiText>
      </p>
      {shopAction(resolution)}
      {product === null ? (
        <DetailLink to="/{-$locale}/merchants/$id" id={merchant._id}>
          <ThaiText>{t`ดูรายละเอียดร้านค้า`}</ThaiText>
        </DetailLink>
      ) : (
        <DetailLink to="/{-$locale}/products/$id" id={product._id}>
          <ThaiText>{t`ดูรายละเอียดสินค้าและเปรียบเทียบราคา`}</ThaiText>
        </DetailLink>
      )}
    </section>
  )
}

function DetailLink({
  to,
  id,
  children,
}: {
  to: '/{-$locale}/merchants/$id' | '/{-$locale}/products/$id'
  id: string
  children: ReactNode
}) {
  const locale = useLocale()
  return (
    <Link
      to={to}
      params={{ locale: toLocaleParam(locale), id }}
      className="-mb-2 flex min-h-touch items-center justify-center gap-1 text-sm font-semibold text-brand-700"
    >
      {children}
      <ChevronRight aria-hidden="true" className="size-4" />
    </Link>
  )
}

/** A shop we do not partner with (or a paused one): said plainly, with the way to our partners. */
export function NotPartnerResult({ resolution }: { resolution: NotPartnerLink }) {
  const { t } = useLingui()
  const locale = useLocale()
  const shopName = resolution.shop.name[locale]
  return (
    <section aria-labelledby="link-result-title" className="rounded-card bg-surface p-4 shadow-card">
      <ResultHeading
        icon={<Store aria-hidden="true" className="size-5" />}
        iconClassName="bg-cashback-50 text-cashback-700"
        title={
          resolution.reason === 'paused'
            ? t`${shopName} งดให้เงินคืนชั่วคราว`
            : t`${shopName} ยังไม่ได้เป็นร้านค้าพาร์ทเนอร์ของแอปเงินคืน`
        }
        text={t`ซื้อผ่านลิงก์นี้จะไม่ได้รับเงินคืน ลองหาสินค้าแบบเดียวกันจากร้านค้าพาร์ทเนอร์ของเรา`}
      />
      <ButtonLink
        to="/{-$locale}/merchants"
        params={{ locale: toLocaleParam(locale) }}
        variant="secondary"
        className="mt-4 w-full"
      >
        <ThaiText>{t`ดูร้านค้าพาร์ทเนอร์`}</ThaiText>
      </ButtonLink>
    </section>
  )
}

/** Text with no web address in it. */
export function NotShopLinkResult() {
  const { t } = useLingui()
  return (
    <section aria-labelledby="link-result-title" className="rounded-card bg-surface p-4 shadow-card">
      <ResultHeading
        icon={<LinkIcon aria-hidden="true" className="size-5" />}
        iconClassName="bg-brand-50 text-brand-700"
        title={t`ไม่พบลิงก์ในข้อความนี้`}
        text={t`คัดลอกลิงก์สินค้าที่ขึ้นต้นด้วย https:// จากแอปหรือเว็บของร้านค้า แล้ววางอีกครั้ง`}
      />
    </section>
  )
}

/** A result that is no partner's page: its icon, what it is (the section's name) and what to do. */
function ResultHeading({
  icon,
  iconClassName,
  title,
  text,
}: {
  icon: ReactNode
  iconClassName: string
  title: string
  text: string
}) {
  return (
    <div className="flex items-start gap-3">
      <span className={`flex size-11 shrink-0 items-center justify-center rounded-full ${iconClassName}`}>{icon}</span>
      <div className="min-w-0">
        <h2 id="link-result-title" className="font-bold break-words">
          <ThaiText>{title}</ThaiText>
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          <ThaiText>{text}</ThaiText>
        </p>
      </div>
    </div>
  )
}

/** The lookup itself failed: offline, too many lookups, or our side. The field keeps the text. */
export function LinkProblem({
  error,
  isRetrying,
  onRetry,
}: {
  error: Error
  isRetrying: boolean
  onRetry: () => void
}) {
  const { t } = useLingui()
  const isOffline = isApiError(error, 'network')
  const retryAfterSeconds = isApiError(error, 'too_many_requests') ? error.details.retryAfterSeconds : undefined
  const message = isOffline
    ? t`ตรวจสอบลิงก์ไม่ได้เพราะไม่มีอินเทอร์เน็ต เชื่อมต่อแล้วลองอีกครั้ง`
    : isApiError(error, 'too_many_requests')
      ? retryAfterSeconds === undefined
        ? t`ตรวจสอบลิงก์บ่อยเกินไป รอสักครู่แล้วลองอีกครั้ง`
        : t`ตรวจสอบลิงก์บ่อยเกินไป ลองอีกครั้งในอีก ${retryAfterSeconds} วินาที`
      : t`ตรวจสอบลิงก์ไม่สำเร็จ ลองอีกครั้ง`
  const Icon = isOffline ? WifiOff : CircleAlert
  return (
    <section role="alert" className="rounded-card bg-surface p-4 shadow-card">
      <p className="flex gap-2 text-danger-700">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <ThaiText>{message}</ThaiText>
      </p>
      <Button variant="secondary" className="mt-4 w-full" disabled={isRetrying} onClick={onRetry}>
        <RotateCw aria-hidden="true" className="size-5" />
        {t`ลองอีกครั้ง`}
      </Button>
    </section>
  )
}
