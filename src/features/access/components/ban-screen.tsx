import { useLingui } from '@lingui/react/macro'
import { MessageCircle, ShieldBan } from 'lucide-react'
import { ButtonLink } from '../../../components/ui/button'
import { StatusScreen } from '../../../components/ui/status-screen'
import { toLocaleParam, useLocale } from '../../../lib/locale'

/**
 * A suspended account (spec section 4: negative wallet, frequent cancellations or fraud). The spec's
 * text points at the chat bubble below; the button is the same way in, for whoever does not see it.
 */
export function BanScreen() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <StatusScreen
      icon={ShieldBan}
      tone="danger"
      title={t`บัญชีถูกระงับการใช้งาน`}
      actions={
        <ButtonLink to="/{-$locale}/chat-support" params={{ locale: toLocaleParam(locale) }}>
          <MessageCircle aria-hidden="true" className="size-5" />
          {t`แชทกับเจ้าหน้าที่`}
        </ButtonLink>
      }
    >
      <p>{t`ไม่สามารถเข้าใช้งานได้! กรุณาติดต่อเราผ่านปุ่มแชทด้านล่าง`}</p>
    </StatusScreen>
  )
}
