import { useLingui } from '@lingui/react/macro'
import { ChevronRight, MessageCircle } from 'lucide-react'
import type { HelpLink, HelpScreen } from '#domain/help/help-step'
import { buttonClassName, ButtonLink } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { ChatLink } from './chat-link'

/** The router's path of each screen a help step may open. */
const screenRoutes = {
  '/merchants': '/{-$locale}/merchants',
  '/search': '/{-$locale}/search',
  '/cashback': '/{-$locale}/cashback',
  '/wallet': '/{-$locale}/wallet',
  '/withdrawal': '/{-$locale}/withdrawal',
  '/rating': '/{-$locale}/rating',
  '/promotions': '/{-$locale}/promotions',
  '/profile': '/{-$locale}/profile',
  '/support': '/{-$locale}/support',
} as const satisfies Record<HelpScreen, string>

function useScreenLabels(): Record<HelpScreen | 'chat', string> {
  const { t } = useLingui()
  return {
    '/merchants': t`ดูร้านค้าทั้งหมด`,
    '/search': t`ค้นหาร้านค้าและสินค้า`,
    '/cashback': t`เปิดหน้าเงินคืนของฉัน`,
    '/wallet': t`เปิดกระเป๋าเงิน`,
    '/withdrawal': t`ไปที่หน้าถอนเงิน`,
    '/rating': t`ดูเรตติ้งของฉัน`,
    '/promotions': t`ดูโปรโมชัน`,
    '/profile': t`เปิดหน้าฉัน`,
    '/support': t`ไปที่ช่วยเหลือ`,
    chat: t`แชทกับทีมงาน`,
  }
}

/** A step's way to the screen where it is done. */
export function HelpStepLink({ link }: { link: HelpLink }) {
  const locale = useLocale()
  const label = useScreenLabels()[link.screen]
  const className = 'w-full justify-between'
  const content = (
    <>
      <ThaiText>{label}</ThaiText>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
    </>
  )
  if (link.screen === 'chat') {
    return (
      <ChatLink className={buttonClassName('secondary', className)}>
        <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
        <span className="flex-1 text-left">
          <ThaiText>{label}</ThaiText>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
      </ChatLink>
    )
  }
  if (link.screen === '/cashback') {
    return (
      <ButtonLink
        to="/{-$locale}/cashback"
        params={{ locale: toLocaleParam(locale) }}
        search={link.tab === undefined ? undefined : { tab: link.tab }}
        variant="secondary"
        className={className}
      >
        {content}
      </ButtonLink>
    )
  }
  return (
    <ButtonLink
      to={screenRoutes[link.screen]}
      params={{ locale: toLocaleParam(locale) }}
      variant="secondary"
      className={className}
    >
      {content}
    </ButtonLink>
  )
}
