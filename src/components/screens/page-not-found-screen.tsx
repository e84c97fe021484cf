import { useLingui } from '@lingui/react/macro'
import { FileQuestion } from 'lucide-react'
import { toLocaleParam, useLocale } from '../../lib/locale'
import { ButtonLink } from '../ui/button'
import { StatusScreen } from '../ui/status-screen'

/** The `/notfound` screen other screens send the shopper to (spec section 2: 'Page Not Found'). */
export function PageNotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={FileQuestion}
      title={t`ไม่พบหน้านี้`}
      actions={
        <ButtonLink to="/{-$locale}/home" params={{ locale: toLocaleParam(locale) }}>
          {t`กลับหน้าแรก`}
        </ButtonLink>
      }
    >
      <p>{t`สิ่งที่คุณกำลังหาอาจถูกลบหรือย้ายไปแล้ว`}</p>
    </StatusScreen>
  )
}
