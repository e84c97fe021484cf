import { useLingui } from '@lingui/react/macro'
import { CloudOff } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'

/** A list that could not load (offline with nothing cached, or a server error), with a retry. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <EmptyState icon={CloudOff} title={t`โหลดรายการไม่สำเร็จ`}>
      <p>{t`ตรวจสอบการเชื่อมต่ออินเทอร์เน็ต แล้วลองอีกครั้ง`}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t`ลองอีกครั้ง`}
      </Button>
    </EmptyState>
  )
}
