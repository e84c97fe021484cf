import { useLingui } from '@lingui/react/macro'
import { History } from 'lucide-react'
import { formatDateTime } from '#domain/dates'
import { useLocale } from '../../../lib/locale'
import { useIsOnline } from '../../../lib/use-is-online'

/** Offline, a list says how old the saved copy it shows is. */
export function OfflineListNote({ updatedAt }: { updatedAt: number }) {
  const { t } = useLingui()
  const locale = useLocale()
  const isOnline = useIsOnline()
  if (isOnline || updatedAt === 0) return null
  const time = formatDateTime(new Date(updatedAt), locale)
  return (
    <p className="mt-3 flex items-center gap-1.5 rounded-xl bg-canvas px-3 py-2 text-xs text-ink-muted">
      <History aria-hidden="true" className="size-4 shrink-0" />
      {t`ข้อมูลที่บันทึกไว้ อัปเดตล่าสุด ${time}`}
    </p>
  )
}

/** Offline search results come from what this device saved, and say so. */
export function OfflineSearchNote() {
  const { t } = useLingui()
  return (
    <p className="mb-3 rounded-xl bg-cashback-50 px-3 py-2 text-sm text-cashback-700">
      {t`ออฟไลน์: ผลการค้นหาจากรายการที่เคยเปิดในเครื่องนี้`}
    </p>
  )
}
