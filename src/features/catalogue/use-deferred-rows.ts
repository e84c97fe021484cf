import type { InfiniteData } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { mergePagesById, type Page } from './api/list-pages'

/**
 * The rows a catalogue list draws: the query's pages merged, one step behind the query while
 * React draws newly arrived rows in the background. A page of rows with their pictures arriving
 * was drawn at once by the query's update, one long task on a slow phone (about 90 ms with the
 * CPU slowed 4×); deferred, React draws it in slices and the phone answers the shopper between
 * them. The rows' components are memoized, so the step behind costs nothing.
 *
 * `isDrawingFirstRows`: the first page has arrived and is still being drawn: keep the skeleton up
 * rather than show an empty list for a moment. `isDrawing`: the rows on screen are behind the
 * query (any page): a "load more" at the end of the shorter list must not ask for another page.
 */
export function useDeferredRows<TItem extends { _id: string }>(data: InfiniteData<Page<TItem>> | undefined) {
  const drawn = useDeferredValue(data)
  return {
    rows: mergePagesById(drawn),
    /** The list's total as drawn: a count beside the rows (its plural's number format is made on first use) is drawn with them. */
    total: drawn?.pages[0]?.total,
    isDrawing: drawn !== data,
    isDrawingFirstRows: drawn === undefined && data !== undefined,
  }
}
