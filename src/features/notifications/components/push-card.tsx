import { useLingui } from '@lingui/react/macro'
import { BellRing } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form-alert'
import { ThaiText } from '../../../components/ui/thai-text'
import { usePushDevice } from '../use-push-device'

/**
 * The wallet's way to turn on notifications (issue 16: "from the wallet"): where the shopper
 * looks at money, a line on what is pushed and one tap to the browser's prompt. Gone once pushes
 * are on, blocked, or impossible on this browser (the profile says why).
 */
export function PushCard({ buyerId }: { buyerId: string }) {
  const { t } = useLingui()
  const device = usePushDevice(buyerId)
  if (device.state?.kind !== 'off') return null
  return (
    <section aria-labelledby="push-card-title" className="rounded-card bg-surface p-4 shadow-card">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <BellRing aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="push-card-title" className="font-bold">
            {t`รู้ทันทีเมื่อเงินเข้า`}
          </h2>
          <p className="text-sm text-ink-muted">
            <ThaiText>{t`แจ้งเตือนเมื่อเงินคืนอนุมัติ และเมื่อเงินที่ถอนโอนเข้าบัญชีแล้ว`}</ThaiText>
          </p>
        </div>
      </div>
      {device.error ? <FormAlert>{device.error}</FormAlert> : null}
      <Button variant="secondary" className="mt-3 w-full" disabled={device.isBusy} onClick={() => void device.turnOn()}>
        <ThaiText>{t`เปิดการแจ้งเตือน`}</ThaiText>
      </Button>
    </section>
  )
}
