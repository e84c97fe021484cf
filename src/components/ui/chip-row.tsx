import { useLayoutEffect, useRef, type ReactNode } from 'react'

/** A filter chip's look, selected or not (category chips, the cashback tabs). */
export function chipClassName(isSelected: boolean): string {
  return `inline-flex min-h-touch items-center gap-1.5 rounded-full border px-4 text-sm font-medium whitespace-nowrap ${
    isSelected ? 'border-brand-600 bg-brand-600 text-white' : 'border-line bg-surface text-ink hover:bg-brand-50'
  }`
}

/**
 * A row of chips that scrolls sideways. The selected chip (`aria-current` or `aria-pressed`) is
 * brought into the middle of the row whenever `selectedKey` changes, so a filter chosen further
 * along (a link, the back button) never leaves the row looking as if nothing were selected.
 */
export function ChipRow({ label, selectedKey, children }: { label: string; selectedKey: string; children: ReactNode }) {
  const rowRef = useRef<HTMLElement>(null)
  const hasMounted = useRef(false)
  useLayoutEffect(() => {
    const isMount = !hasMounted.current
    hasMounted.current = true
    const row = rowRef.current
    const chip = row?.querySelector<HTMLElement>('[aria-current="page"], [aria-pressed="true"]')
    if (row === null || chip === null || chip === undefined) return
    // A new row already shows its first chip: measuring it would lay the whole page out inside the
    // first render's commit (about 45 ms on a slow phone) to scroll by nothing.
    if (isMount && chip.closest('li')?.previousElementSibling === null) return
    // Only sideways: scrollIntoView would also move the page.
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2
  }, [selectedKey])
  return (
    <nav ref={rowRef} aria-label={label} className="relative -mx-4 [scrollbar-width:none] overflow-x-auto px-4">
      <ul className="flex w-max gap-2 py-1">{children}</ul>
    </nav>
  )
}
