import { useLingui } from '@lingui/react/macro'
import { MonitorX } from 'lucide-react'
import { QrCode } from '../ui/qr-code'
import { StatusScreen } from '../ui/status-screen'
import { ThaiText } from '../ui/thai-text'

/** NgernKhuen is made for phones; on a desktop it says so and offers the page as a QR code. */
export default function DesktopScreen() {
  const { t } = useLingui()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas">
      <div className="w-full max-w-md">
        <StatusScreen icon={MonitorX} title={t`ไม่รองรับอุปกรณ์นี้!`}>
          <p>
            <ThaiText>{t`แอปเงินคืนออกแบบมาสำหรับโทรศัพท์มือถือ สแกนคิวอาร์โค้ดเพื่อเปิดหน้านี้บนโทรศัพท์ของคุณ`}</ThaiText>
          </p>
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
