import { useLingui } from '@lingui/react/macro'
import { RefreshCw } from 'lucide-react'
import { dismissUpdate, type WaitingUpdate } from '../../lib/pwa'
import { Button } from '../ui/button'
import { ThaiText } from '../ui/thai-text'

/** Offers a newly installed version; the page reloads only when the shopper says so. */
export function UpdatePrompt({ update }: { update: WaitingUpdate }) {
  const { t } = useLingui()
  return (
    <div
      role="alertdialog"
      aria-labelledby="update-prompt-title"
      className="fixed inset-x-3 bottom-[calc(env(safe-area-inset-bottom)+0.75rem)] z-40 mx-auto max-w-[456px] rounded-card bg-ink p-4 text-white shadow-card"
    >
      <div className="flex items-start gap-3">
        <RefreshCw aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-200" />
        <p id="update-prompt-title" className="text-sm">
          <ThaiText>{t`แอปเงินคืนเวอร์ชันใหม่พร้อมแล้ว อัปเดตตอนนี้เลยไหม`}</ThaiText>
        </p>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="ghost" className="text-white hover:bg-white/10 active:bg-white/20" onClick={dismissUpdate}>
          {t`ภายหลัง`}
        </Button>
        <Button onClick={update.applyUpdate}>{t`อัปเดต`}</Button>
      </div>
    </div>
  )
}
