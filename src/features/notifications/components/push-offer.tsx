import { useLingui } from '@lingui/react/macro'
import { Bell, BellRing, MessageCircle, Share, Wallet } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { ThaiText } from '../../../components/ui/thai-text'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'
import { updateBrowserState } from '../../../lib/browser-state'
import { usePushDevice } from '../use-push-device'

/**
 * Our own explanation before the browser's permission prompt (issue 16), shown once after a
 * meaningful moment: the shopper's first tap through to a store, when a notification is what
 * tells them the cashback arrived. Never on a first visit, never again by itself once answered.
 * On an iPhone outside the installed app it says how to install instead: Safari has no pushes there.
 */
export function PushOffer({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const device = usePushDevice(buyerId)
  const [isOpen, setIsOpen] = useState(true)
  const titleId = useId()
  const kind = device.state?.kind
  const isOffered = isOpen && (kind === 'off' || kind === 'needs-install')
  const dialogRef = useModalDialog(isOffered)

  function answer() {
    updateBrowserState({ pushOfferAnswered: true })
    setIsOpen(false)
  }

  async function turnOn() {
    await device.turnOn()
    updateBrowserState({ pushOfferAnswered: true })
  }

  // Once on (or refused in the browser's own prompt) there is nothing left to offer.
  const isSettled = kind === 'on' || kind === 'denied' || kind === 'unsupported'
  useEffect(() => {
    if (isSettled) updateBrowserState({ pushOfferAnswered: true })
  }, [isSettled])
  if (isSettled) return null

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        answer()
      }}
      className="mx-auto mt-auto mb-0 w-full max-w-[480px] rounded-t-card bg-surface p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-ink shadow-card backdrop:bg-ink/50"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <BellRing aria-hidden="true" className="size-6" />
      </span>
      {kind === 'needs-install' ? (
        <>
          <h2 id={titleId} className="mt-3 text-lg font-bold">
            <ThaiText>{t`เพิ่มแอปไว้ที่หน้าจอโฮม เพื่อรู้ทันทีเมื่อเงินคืนเข้า`}</ThaiText>
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            <li className="flex gap-2">
              <Share aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {t`แตะปุ่มแชร์ของ Safari แล้วเลือก "เพิ่มไปยังหน้าจอโฮม"`}
            </li>
            <li className="flex gap-2">
              <Bell aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <ThaiText>{t`เปิดแอปจากหน้าจอโฮม แล้วเปิดการแจ้งเตือนที่หน้าโปรไฟล์`}</ThaiText>
            </li>
          </ol>
          <Button className="mt-5 w-full" onClick={answer}>
            {t`เข้าใจแล้ว`}
          </Button>
        </>
      ) : (
        <>
          <h2 id={titleId} className="mt-3 text-lg font-bold">
            <ThaiText>{t`รู้ทันทีเมื่อเงินคืนเข้า`}</ThaiText>
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex gap-2">
              <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <ThaiText>{t`เมื่อร้านค้ายืนยันคำสั่งซื้อ และเงินคืนพร้อมให้กดรับ`}</ThaiText>
            </li>
            <li className="flex gap-2">
              <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              {t`เมื่อเงินที่ถอนโอนเข้าบัญชีของคุณแล้ว`}
            </li>
            <li className="flex gap-2">
              <MessageCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <ThaiText>{t`เมื่อทีมงานตอบแชทของคุณ`}</ThaiText>
            </li>
          </ul>
          <p className="mt-3 text-sm text-ink-muted">{t`เลือกเรื่องที่อยากรับได้ที่หน้าโปรไฟล์ และปิดได้ทุกเมื่อ`}</p>
          {device.error ? <FormAlert>{device.error}</FormAlert> : null}
          <div className="mt-5 flex flex-col gap-2">
            <Button disabled={device.isBusy} onClick={() => void turnOn()}>
              <ThaiText>{t`เปิดการแจ้งเตือน`}</ThaiText>
            </Button>
            <Button variant="ghost" onClick={answer}>
              {t`ไว้ทีหลัง`}
            </Button>
          </div>
        </>
      )}
    </dialog>
  )
}
