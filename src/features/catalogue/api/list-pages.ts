import type { InfiniteData } from '@tanstack/react-query'

export type Page<TItem> = { data: TItem[]; total: number }

/** The next page starts after everything loaded so far; none once `total` is reached. */
export function nextSkip<TItem>(lastPage: Page<TItem>, allPages: Page<TItem>[]): number | undefined {
  const loaded = allPages.reduce((count, page) => count + page.data.length, 0)
  return lastPage.data.length > 0 && loaded < lastPage.total ? loaded : undefined
}

/**
 * The pages as one list, merged by `_id` (spec section 7): when the catalogue changes between two
 * page loads an item can shift into the next page, and it must not show twice.
 */
export function mergePagesById<TItem extends { _id: string }>(data: InfiniteData<Page<TItem>> | undefined): TItem[] {
  if (!data) return []
  const seen = new Set<string>()
  const items: TItem[] = []
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item._id)) continue
      seen.add(item._id)
      items.push(item)
    }
  }
  return items
}
