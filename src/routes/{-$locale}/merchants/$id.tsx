import { createFileRoute, notFound } from '@tanstack/react-router'
import { merchantQueryOptions } from '../../../features/catalogue/api/get-merchant'
import {
  MerchantDetailScreen,
  MerchantNotFoundScreen,
} from '../../../features/catalogue/components/merchant-detail-screen'
import { MerchantDetailSkeleton } from '../../../features/catalogue/components/detail-skeletons'
import { ShopNow } from '../../../features/cashback/components/shop-now'
import { isApiError } from '../../../lib/api-client'
import { awaitLoad } from '../../../lib/preload-timeout'
import { useLocale } from '../../../lib/locale'

export const Route = createFileRoute('/{-$locale}/merchants/$id')({
  loader: async ({ context, params, preload }) => {
    try {
      // Cached data (also what was persisted for offline use) is enough to show the page at once.
      await awaitLoad(context.queryClient.query({ ...merchantQueryOptions(params.id), staleTime: 'static' }), {
        preload,
      })
    } catch (error) {
      if (isApiError(error, 'merchant_not_found')) throw notFound()
      throw error
    }
  },
  pendingComponent: MerchantDetailSkeleton,
  notFoundComponent: MerchantNotFoundScreen,
  component: MerchantRoute,
})

function MerchantRoute() {
  const { id } = Route.useParams()
  const locale = useLocale()
  return (
    <MerchantDetailScreen
      merchantId={id}
      shopAction={(merchant) => <ShopNow merchant={{ ...merchant, name: merchant.name[locale] }} />}
    />
  )
}
