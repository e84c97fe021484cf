import { Skeleton } from '../../../components/ui/skeleton'

export function MerchantDetailSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4 px-4 pt-4">
      <div className="rounded-card bg-surface p-4 shadow-card">
        <div className="flex items-center gap-4">
          <Skeleton className="size-18 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/3" />
          </div>
        </div>
        <Skeleton className="mt-4 h-8 w-1/2 rounded-full" />
      </div>
      <Skeleton className="h-36 w-full rounded-card" />
    </div>
  )
}

export function ProductDetailSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="px-4">
        <Skeleton className="h-40 w-full rounded-card" />
      </div>
    </div>
  )
}
