import { useLingui } from '@lingui/react/macro'
import { CloudOff } from 'lucide-react'
import { Button } from './button'
import { EmptyState } from './empty-state'
import { useIsOnline } from '../../lib/use-is-online'

/**
 * A list that could not load. Offline it was never saved on this device: say so, and it loads by
 * itself when the network returns (queries refetch on reconnect). Online it offers a retry.
 */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  const isOnline = useIsOnline()
  if (!isOnline) {
    return (
      <EmptyState icon={CloudOff} title={t`ยังไม่เคยโหลดรายการนี้ในเครื่องนี้`}>
        <p>{t`รายการจะโหลดให้อัตโนมัติเมื่อกลับมาออนไลน์`}</p>
      </EmptyState>
    )
  }
  return (
    <EmptyState icon={CloudOff} title={t`โหลดรายการไม่สำเร็จ`}>
      <p>{t`ตรวจสอบการเชื่อมต่ออินเทอร์เน็ต แล้วลองอีกครั้ง`}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t`ลองอีกครั้ง`}
      </Button>
    </EmptyState>
  )
}
