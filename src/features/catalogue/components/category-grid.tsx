import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { merchantCategoryIds } from '#domain/categories'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { categoryIcons, useCategoryLabels } from './category-labels'

/** Every category as a tile, each opening the merchant list filtered to it. */
export function CategoryGrid() {
  const { t } = useLingui()
  const locale = useLocale()
  const labels = useCategoryLabels()
  return (
    <section aria-labelledby="categories">
      <h2 id="categories" className="mb-2 text-lg font-bold">
        {t`หมวดหมู่`}
      </h2>
      <ul className="grid grid-cols-4 gap-2">
        {merchantCategoryIds.map((category) => {
          const Icon = categoryIcons[category]
          return (
            <li key={category}>
              <Link
                to="/{-$locale}/merchants"
                params={{ locale: toLocaleParam(locale) }}
                search={{ category }}
                className="flex h-full min-h-touch flex-col items-center gap-1 rounded-xl px-1 py-2 text-center active:bg-brand-50"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-surface text-brand-700 shadow-card">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {/* Three lines: "คอมพิวเตอร์และอิเล็กทรอนิกส์" needs them in a quarter of a phone. */}
                <span className="line-clamp-3 text-xs text-ink">{labels[category]}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
