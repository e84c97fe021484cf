import { useLingui } from '@lingui/react/macro'
import { ShieldBan } from 'lucide-react'
import { StatusScreen } from '../../../components/ui/status-screen'

/** A suspended account (spec section 4: negative wallet, frequent cancellations or fraud). */
export function BanScreen() {
  const { t } = useLingui()
  return (
    <StatusScreen icon={ShieldBan} tone="danger" title={t`บัญชีถูกระงับการใช้งาน`}>
      <p>{t`ไม่สามารถเข้าใช้งานได้! กรุณาติดต่อเราผ่านปุ่มแชทด้านล่าง`}</p>
    </StatusScreen>
  )
}
