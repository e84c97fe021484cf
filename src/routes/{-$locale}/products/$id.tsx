import { createFileRoute, notFound } from '@tanstack/react-router'
import { productQueryOptions } from '../../../features/catalogue/api/get-product'
import { ProductDetailSkeleton } from '../../../features/catalogue/components/detail-skeletons'
import {
  ProductDetailScreen,
  ProductNotFoundScreen,
} from '../../../features/catalogue/components/product-detail-screen'
import { ShopNow } from '../../../features/cashback/components/shop-now'
import { isApiError } from '../../../lib/api-client'
import { awaitLoad } from '../../../lib/preload-timeout'
import { useLocale } from '../../../lib/locale'

export const Route = createFileRoute('/{-$locale}/products/$id')({
  loader: async ({ context, params, preload }) => {
    try {
      await awaitLoad(context.queryClient.query({ ...productQueryOptions(params.id), staleTime: 'static' }), {
        preload,
      })
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
  const locale = useLocale()
  return (
    <ProductDetailScreen
      productId={id}
      shopAction={(product) => (
        <ShopNow merchant={{ ...product.merchant, name: product.merchant.name[locale] }} productId={product._id} />
      )}
    />
  )
}
