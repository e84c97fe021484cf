import { createFileRoute } from '@tanstack/react-router'
import { CategoryGrid } from '../../features/catalogue/components/category-grid'
import { SearchEntry } from '../../features/catalogue/components/search-entry'
import { TopMerchants } from '../../features/catalogue/components/top-merchants'
import { HomeScreen } from '../../features/home/components/home-screen'

export const Route = createFileRoute('/{-$locale}/home')({
  component: () => (
    <HomeScreen
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
