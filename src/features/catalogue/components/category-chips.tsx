import { useLingui } from '@lingui/react/macro'
import { merchantCategoryIds, type MerchantCategoryId } from '#domain/categories'
import { categoryIcons, useCategoryLabels, type CategoryChoice } from './category-labels'

const choices: CategoryChoice[] = ['all', ...merchantCategoryIds]

/** The category filter as a row of chips that scrolls sideways: All plus every category. */
export function CategoryChips({
  selected,
  onSelect,
}: {
  selected: MerchantCategoryId | undefined
  onSelect: (category: MerchantCategoryId | undefined) => void
}) {
  const { t } = useLingui()
  const labels = useCategoryLabels()
  return (
    <nav aria-label={t`หมวดหมู่`} className="-mx-4 [scrollbar-width:none] overflow-x-auto px-4">
      <ul className="flex w-max gap-2 py-1">
        {choices.map((choice) => {
          const isSelected = (selected ?? 'all') === choice
          const Icon = categoryIcons[choice]
          return (
            <li key={choice}>
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onSelect(choice === 'all' ? undefined : choice)}
                className={`inline-flex min-h-touch items-center gap-1.5 rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
                  isSelected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-line bg-surface text-ink hover:bg-brand-50'
                }`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {labels[choice]}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
