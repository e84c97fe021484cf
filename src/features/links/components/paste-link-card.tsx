import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { Link2 } from 'lucide-react'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { pasteLinkCardHeight } from './paste-link-card-size'
import { PasteLinkForm } from './paste-link-form'

/**
 * Paste-a-link on the home screen (where GoGoCash puts it): copy a product's link in a shop's app,
 * paste it here, and the paste-a-link page says what it earns and leads through our tracked link.
 */
export function PasteLinkCard() {
  const { t } = useLingui()
  const locale = useLocale()
  const navigate = useNavigate()
  return (
    <section
      aria-labelledby="paste-link-title"
      className={`${pasteLinkCardHeight} flex flex-col rounded-card bg-surface p-4 shadow-card`}
    >
      <h2 id="paste-link-title" className="flex items-center gap-2 font-bold">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Link2 aria-hidden="true" className="size-4" />
        </span>
        <ThaiText>{t`วางลิงก์สินค้า รับเงินคืน`}</ThaiText>
      </h2>
      <PasteLinkForm
        className="mt-3"
        onSubmit={(text) =>
          void navigate({
            to: '/{-$locale}/paste-link',
            params: { locale: toLocaleParam(locale) },
            search: { link: text },
          })
        }
      />
      {/* Under the form, where a line it does not need is only more of the card's padding: the
          card is one height whether the text takes one line or two. */}
      <p className="mt-2 line-clamp-2 text-sm text-ink-muted">
        <ThaiText>{t`คัดลอกลิงก์สินค้าจากแอปหรือเว็บของร้านค้า แล้ววางที่นี่`}</ThaiText>
      </p>
    </section>
  )
}
