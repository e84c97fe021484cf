import { useLingui } from '@lingui/react/macro'
import { MonitorX } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { QrCode } from '../ui/qr-code'
import { StatusScreen } from '../ui/status-screen'

/** A desktop: a wide screen driven by a mouse. Tablets and phones in landscape keep the app. */
const desktopQuery = '(min-width: 1024px) and (hover: hover) and (pointer: fine)'

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(desktopQuery)
      media.addEventListener('change', listener)
      return () => media.removeEventListener('change', listener)
    },
    () => window.matchMedia(desktopQuery).matches,
  )
}

/** NgernKhuen is made for phones; on a desktop it says so and offers the page as a QR code. */
export function DesktopScreen() {
  const { t } = useLingui()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas">
      <div className="w-full max-w-md">
        <StatusScreen icon={MonitorX} title={t`ไม่รองรับอุปกรณ์นี้!`}>
          <p>{t`เงินคืนออกแบบมาสำหรับโทรศัพท์มือถือ สแกนคิวอาร์โค้ดเพื่อเปิดหน้านี้บนโทรศัพท์ของคุณ`}</p>
          <div className="mt-6 flex justify-center">
            <div className="rounded-card bg-surface p-4 shadow-card">
              <QrCode value={window.location.href} label={t`คิวอาร์โค้ดของหน้านี้`} />
            </div>
          </div>
        </StatusScreen>
      </div>
    </main>
  )
}
