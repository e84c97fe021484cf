import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { BadgeCheck, ExternalLink, ShieldCheck, ShoppingBag, X, Zap } from 'lucide-react'
import { useRef } from 'react'
import { defaultFixedRates } from '#domain/contracts/fixed-rate'
import { pathInLocale } from '#domain/locale'
import { formatThb } from '#domain/money'
import { Button, buttonClassName } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { updateBrowserState, useBrowserState } from '../../../lib/browser-state'
import { useLocale } from '../../../lib/locale'
import { fixedRatesQueryOptions } from '../../account/api/fixed-rates'
import { ratingQueryOptions } from '../api/get-wallet'
import { trackedLinkPath } from '../click-out'

export type ShopNowMerchant = {
  _id: string
  name: string
  trackingDays: number
  confirmationDays: number
}

/**
 * "Shop now". Members first see what makes tracking work (the thing cashback users complain about
 * most, product notes complaint 1) and this merchant's wait, then leave through the tracked link.
 * Anonymous shoppers sign in first and come back here.
 */
export function ShopNow({
  merchant,
  productId,
  page,
}: {
  merchant: ShopNowMerchant
  productId?: string
  /** A page of the shop's own site to land on instead (paste-a-link), when there is no product. */
  page?: string
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const buyerId = useBrowserState((state) => state.buyerId)
  const href = useRouterState({ select: (state) => state.location.href })
  const dialog = useRef<HTMLDialogElement>(null)

  if (buyerId === null) {
    return (
      <a
        href={`${pathInLocale('/auth', locale)}?redirect=${encodeURIComponent(href)}`}
        className={buttonClassName('primary', 'w-full')}
      >
        <ShoppingBag aria-hidden="true" className="size-5" />
        <ThaiText>{t`เข้าสู่ระบบเพื่อช้อปและรับเงินคืน`}</ThaiText>
      </a>
    )
  }

  return (
    <>
      <Button className="w-full" onClick={() => dialog.current?.showModal()}>
        <ShoppingBag aria-hidden="true" className="size-5" />
        {t`ช้อปเลย`}
      </Button>
      {/* Escape and the sheet's own close button close it from the keyboard; a tap on the
          backdrop is the pointer's way, so the click handler needs no key twin. */}
      {/* eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions */}
      <dialog
        ref={dialog}
        aria-labelledby="shop-now-title"
        className="m-0 mt-auto w-full max-w-[480px] rounded-t-3xl bg-surface p-0 text-ink backdrop:bg-ink/50 sm:mx-auto"
        onClick={(event) => {
          // A tap on the backdrop (the dialog element itself, outside its content) closes it.
          if (event.target === event.currentTarget) event.currentTarget.close()
        }}
      >
        <ShopNowChecklist
          merchant={merchant}
          productId={productId}
          page={page}
          buyerId={buyerId}
          onClose={() => dialog.current?.close()}
        />
      </dialog>
    </>
  )
}

function ShopNowChecklist({
  merchant,
  productId,
  page,
  buyerId,
  onClose,
}: {
  merchant: ShopNowMerchant
  productId: string | undefined
  page: string | undefined
  buyerId: string
  onClose: () => void
}) {
  const { t } = useLingui()
  const locale = useLocale()
  const rating = useQuery(ratingQueryOptions(buyerId)).data
  const fixedRates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates
  const maxForRating = formatThb(fixedRates.maxForRating, locale)
  const maxForProof = formatThb(fixedRates.maxForProof, locale)
  const merchantName = merchant.name
  const ratingPercent = rating?.rating ?? 0
  const trackingDays = merchant.trackingDays
  const confirmationDays = merchant.confirmationDays
  const checklist = [
    t`ไม่ใช้โค้ดส่วนลดจากเว็บไซต์อื่น ใช้ได้เฉพาะโค้ดของร้านค้าหรือของแอปเงินคืน`,
    t`ซื้อให้จบในเบราว์เซอร์นี้ ไม่สลับแอป แท็บ หรืออุปกรณ์`,
    t`ปิดตัวบล็อกโฆษณาก่อนช้อป`,
    t`เริ่มตะกร้าใหม่ สินค้าที่ใส่ไว้ก่อนกดลิงก์อาจไม่ได้รับเงินคืน`,
  ]

  return (
    <div className="space-y-4 p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
      <div className="flex items-start gap-3">
        <h2 id="shop-now-title" className="flex-1 text-lg font-bold">
          {t`ก่อนไปช้อปที่ ${merchantName}`}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t`ปิด`}
          className="-m-2 inline-flex size-touch items-center justify-center rounded-full hover:bg-canvas"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ul className="space-y-2">
        {checklist.map((item) => (
          <li key={item} className="flex gap-2 text-sm">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <ThaiText>{item}</ThaiText>
          </li>
        ))}
      </ul>
      <div className="space-y-1 rounded-xl bg-canvas p-3 text-sm">
        <p className="flex gap-2">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
          <ThaiText>{t`ยอดซื้อจะแสดงในแอปภายใน ${trackingDays} วัน และร้านค้ายืนยันภายใน ${confirmationDays} วัน`}</ThaiText>
        </p>
        {rating?.isEligibleForOneDayCashback ? (
          <p className="flex gap-2 font-medium text-brand-700">
            <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <ThaiText>{t`เรตติ้งของคุณ ${ratingPercent}%: เงินคืนไม่เกิน ${maxForRating} อนุมัติภายใน 1 วันหลังร้านค้าได้รับคำสั่งซื้อ (ไม่เกิน ${maxForProof} เมื่อส่งหลักฐานการสั่งซื้อ)`}</ThaiText>
          </p>
        ) : null}
      </div>
      <a
        href={trackedLinkPath(merchant._id, productId, locale, page)}
        onClick={() => updateBrowserState({ statusClick: true })}
        className={buttonClassName('primary', 'w-full')}
      >
        <ThaiText>{t`ไปที่ร้านค้า`}</ThaiText>
        <ExternalLink aria-hidden="true" className="size-5" />
      </a>
    </div>
  )
}
