import { createFileRoute, notFound } from '@tanstack/react-router'
import { productQueryOptions } from '../../../features/catalogue/api/get-product'
import { ProductDetailSkeleton } from '../../../features/catalogue/components/detail-skeletons'
import {
  ProductDetailScreen,
  ProductNotFoundScreen,
} from '../../../features/catalogue/components/product-detail-screen'
import { isApiError } from '../../../lib/api-client'

export const Route = createFileRoute('/{-$locale}/products/$id')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.query({ ...productQueryOptions(params.id), staleTime: 'static' })
    } catch (error) {
      if (isApiError(error, 'product_not_found')) throw notFound()
      throw error
    }
  },
  pendingComponent: ProductDetailSkeleton,
  notFoundComponent: ProductNotFoundScreen,
  component: ProductRoute,
})

function ProductRoute() {
  const { id } = Route.useParams()
  return <ProductDetailScreen productId={id} />
}
