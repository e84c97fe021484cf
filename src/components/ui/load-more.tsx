import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { Button } from './button'

/**
 * Loads the next page when the end of a list scrolls into view, and offers a button for the same
 * (keyboard and screen-reader users, and browsers that never report the intersection).
 */
export function LoadMore({
  hasMore,
  isLoading,
  onLoadMore,
}: {
  hasMore: boolean
  isLoading: boolean
  onLoadMore: () => void
}) {
  const { t } = useLingui()
  const sentinel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = sentinel.current
    if (!element || !hasMore || isLoading) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [hasMore, isLoading, onLoadMore])

  if (!hasMore) return null
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button variant="secondary" onClick={onLoadMore} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? t`กำลังโหลด…` : t`โหลดเพิ่ม`}
      </Button>
    </div>
  )
}
