import type { Merchant } from '#domain/contracts/catalogue'
import { logoSizes } from '#domain/pictures/catalogue-pictures'
import { ResponsivePicture } from '../../../components/ui/responsive-picture'

/**
 * A merchant's logo in a square of `size` CSS pixels, its shape kept whole inside. A module of its
 * own: the home page's top merchants draw it without the list's row (merchant-row.tsx), which
 * then loads with the pages that list merchants, not on the home page's first load.
 */
export function MerchantLogo({ merchant, size }: { merchant: Pick<Merchant, 'logo' | 'logoUrl'>; size: number }) {
  return (
    <ResponsivePicture
      picture={merchant.logo}
      fallbackUrl={merchant.logoUrl}
      sizes={logoSizes(size)}
      width={size}
      height={size}
      className="shrink-0 rounded-xl bg-canvas object-contain"
      style={{ width: size, height: size }}
    />
  )
}
