import { useLingui } from '@lingui/react/macro'
import { ButtonLink } from '../../../components/ui/button'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'

/** The next step an empty money screen offers: the partner merchants, where cashback starts. */
export function FindAShopLink({ className }: { className?: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <ButtonLink
      to="/{-$locale}/merchants"
      params={{ locale: toLocaleParam(locale) }}
      variant="secondary"
      {...(className === undefined ? {} : { className })}
    >
      <ThaiText>{t`เลือกร้านค้าเพื่อช้อป`}</ThaiText>
    </ButtonLink>
  )
}
