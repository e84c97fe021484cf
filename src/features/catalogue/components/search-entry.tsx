import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { ThaiText } from '../../../components/ui/thai-text'
import { toLocaleParam, useLocale } from '../../../lib/locale'

/** Looks like a search box; opens the search screen, where the keyboard comes up. */
export function SearchEntry() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <Link
      to="/{-$locale}/search"
      params={{ locale: toLocaleParam(locale) }}
      className="flex h-12 items-center gap-3 rounded-full border border-line bg-surface px-4 text-ink-muted shadow-card"
    >
      <Search aria-hidden="true" className="size-5" />
      <ThaiText>{t`ค้นหาร้านค้าและสินค้า`}</ThaiText>
    </Link>
  )
}
