import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { lazyMemberShell } from '../../components/layout/load-member-shell'
import { CategoryGrid } from '../../features/catalogue/components/category-grid'
import { SearchEntry } from '../../features/catalogue/components/search-entry'
import { TopMerchants } from '../../features/catalogue/components/top-merchants'
import { HomeScreen, MemberHomeSkeleton } from '../../features/home/components/home-screen'
import { PasteLinkCardSlot } from '../../features/links/components/paste-link-card-slot'
import { useBrowserState } from '../../lib/browser-state'

// A member's money and purchases come with the member shell: a visitor's first load has none of it.
const MemberHome = lazyMemberShell('MemberHome')

export const Route = createFileRoute('/{-$locale}/home')({
  component: function HomeRoute() {
    const buyerId = useBrowserState((state) => state.buyerId)
    return (
      <HomeScreen
        memberHome={
          buyerId === null ? undefined : (
            <Suspense fallback={<MemberHomeSkeleton />}>
              <MemberHome buyerId={buyerId} />
            </Suspense>
          )
        }
        pasteLink={<PasteLinkCardSlot />}
        catalogue={
          <>
            <SearchEntry />
            <TopMerchants />
            <CategoryGrid />
          </>
        }
      />
    )
  },
})
