import { useLingui } from '@lingui/react/macro'
import { merchantCategoryIds, type MerchantCategoryId } from '#domain/categories'
import { ChipRow, chipClassName } from '../../../components/ui/chip-row'
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
    <ChipRow label={t`หมวดหมู่`} selectedKey={selected ?? 'all'}>
      {choices.map((choice) => {
        const isSelected = (selected ?? 'all') === choice
        const Icon = categoryIcons[choice]
        return (
          <li key={choice}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(choice === 'all' ? undefined : choice)}
              className={chipClassName(isSelected)}
            >
              <Icon aria-hidden="true" className="size-4" />
              {labels[choice]}
            </button>
          </li>
        )
      })}
    </ChipRow>
  )
}
