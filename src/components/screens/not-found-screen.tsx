import { useLingui } from '@lingui/react/macro'
import { SearchX } from 'lucide-react'
import { toLocaleParam, useLocale } from '../../lib/locale'
import { ButtonLink } from '../ui/button'
import { StatusScreen } from '../ui/status-screen'

/** What an unknown path (or a link with invalid parameters) shows: spec section 8's 404. */
export function NotFoundScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={SearchX}
      title={t`ไม่พบหน้าที่คุณต้องการ`}
      actions={
        <ButtonLink to="/{-$locale}/home" params={{ locale: toLocaleParam(locale) }}>
          {t`กลับหน้าแรก`}
        </ButtonLink>
      }
    >
      <p>{t`ลิงก์อาจไม่ถูกต้อง หรือหน้านี้ถูกย้ายไปแล้ว`}</p>
    </StatusScreen>
  )
}
