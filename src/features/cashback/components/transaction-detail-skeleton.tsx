import { Skeleton } from '../../../components/ui/skeleton'

export function TransactionDetailSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4 px-4 pt-4">
      <Skeleton className="h-64 rounded-card" />
      <Skeleton className="h-14 rounded-full" />
      <Skeleton className="h-56 rounded-card" />
    </div>
  )
}
