import { createFileRoute } from '@tanstack/react-router'
import { CategoryGrid } from '../../features/catalogue/components/category-grid'
import { SearchEntry } from '../../features/catalogue/components/search-entry'
import { TopMerchants } from '../../features/catalogue/components/top-merchants'
import { HomeScreen } from '../../features/home/components/home-screen'
import { PasteLinkCardSlot } from '../../features/links/components/paste-link-card-slot'

export const Route = createFileRoute('/{-$locale}/home')({
  component: () => (
    <HomeScreen
      pasteLink={<PasteLinkCardSlot />}
      catalogue={
        <>
          <SearchEntry />
          <TopMerchants />
          <CategoryGrid />
        </>
      }
    />
  ),
})
