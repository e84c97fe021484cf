import { createFileRoute, redirect } from '@tanstack/react-router'
import { pathInLocale } from '#domain/locale'
import { profileQueryOptions } from '../../../../features/account/api/profile'
import { ProfileEditScreen } from '../../../../features/account/components/profile-edit-screen'
import { requireMember } from '../../../../features/account/require-member'
import { awaitLoad } from '../../../../lib/preload-timeout'

export const Route = createFileRoute('/{-$locale}/profile/edit/{-$id}')({
  beforeLoad: async (options) => {
    const { buyer } = await requireMember(options)
    // Only one's own profile: another buyer's id in the link is a forbidden action.
    if (options.params.id !== undefined && options.params.id !== buyer.buyerId) {
      throw redirect({ href: pathInLocale('/unauthorized', options.params.locale ?? 'th'), replace: true })
    }
    return { buyer }
  },
  loader: ({ context, preload }) =>
    awaitLoad(context.queryClient.query(profileQueryOptions(context.buyer.buyerId)), { preload }),
  component: ProfileEditRoute,
})

function ProfileEditRoute() {
  const { buyer } = Route.useRouteContext()
  return <ProfileEditScreen buyerId={buyer.buyerId} />
}
