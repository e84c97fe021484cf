import { useLingui } from '@lingui/react/macro'
import { Lock } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { toLocaleParam, useLocale } from '../../../lib/locale'

export function UnauthorizedScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={Lock}
      tone="warning"
      title={t`ไม่ได้รับอนุญาต`}
      actions={
        <ButtonLink to="/{-$locale}/home" params={{ locale: toLocaleParam(locale) }}>
          {t`กลับหน้าแรก`}
        </ButtonLink>
      }
    >
      <p>{t`คุณไม่ได้รับอนุญาตให้ใช้งานส่วนนี้ หากคิดว่าเป็นข้อผิดพลาด กรุณาติดต่อเราทางแชท`}</p>
    </StatusScreen>
  )
}
