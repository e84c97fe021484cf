import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { isOpenToSuspendedBuyer } from '../suspended-access'
import { useBuyerState } from '../use-buyer-state'

/**
 * A suspended buyer (spec section 4) is kept on /ban, wherever start-up or a link put them, or in
 * the support chat the ban screen sends them to.
 */
export function BuyerStatusWatcher() {
  const navigate = useNavigate()
  const locale = useLocale()
  const { buyer } = useBuyerState()
  const isOnOpenScreen = useRouterState({ select: (state) => isOpenToSuspendedBuyer(state.location.pathname) })
  const isSuspended = buyer?.status === 'suspended'

  useEffect(() => {
    if (isSuspended && !isOnOpenScreen) {
      void navigate({ to: '/{-$locale}/ban', params: { locale: toLocaleParam(locale) }, replace: true })
    }
  }, [isSuspended, isOnOpenScreen, navigate, locale])

  return null
}
