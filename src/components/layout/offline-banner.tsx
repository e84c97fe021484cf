import { useLingui } from '@lingui/react/macro'
import { WifiOff } from 'lucide-react'
import { useIsOnline } from '../../lib/use-is-online'

/** Says plainly that the app is offline and is showing what this device saved. */
export function OfflineBanner() {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  if (isOnline) return null
  return (
    <div role="status" className="flex items-center gap-2 bg-ink px-4 py-2 text-sm text-white">
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {t`ออฟไลน์อยู่ กำลังแสดงข้อมูลที่บันทึกไว้ในเครื่อง`}
    </div>
  )
}
