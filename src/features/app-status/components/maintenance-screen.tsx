import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { RefreshCw, Wrench } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { appStatusQueryOptions } from '../api/get-app-status'

const recheckIntervalMs = 30_000

/** Shown while the API answers `maintenance`; checks again and returns home once it is over. */
export function MaintenanceScreen() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const locale = useLocale()
  const status = useQuery({ ...appStatusQueryOptions, refetchInterval: recheckIntervalMs })
  const isBackOnline = status.isSuccess && !status.data.maintenance

  useEffect(() => {
    if (isBackOnline)
      void navigate({ to: '/{-$locale}/home', params: { locale: toLocaleParam(locale) }, replace: true })
  }, [isBackOnline, navigate, locale])

  return (
    <StatusScreen
      icon={Wrench}
      tone="warning"
      title={t`ปิดปรับปรุงระบบ`}
      actions={
        <Button
          variant="secondary"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
          aria-busy={status.isFetching}
        >
          <RefreshCw aria-hidden="true" className={`size-5 ${status.isFetching ? 'animate-spin' : ''}`} />
          {t`ตรวจสอบอีกครั้ง`}
        </Button>
      }
    >
      <p>{t`แอปพลิเคชันอยู่ระหว่างการปิดปรับปรุง`}</p>
      <p className="mt-1">{t`เราจะกลับมาให้บริการอีกครั้งในไม่ช้า ขออภัยในความไม่สะดวก`}</p>
    </StatusScreen>
  )
}
