import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { pathWithoutLocale } from '#domain/locale'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { useBuyerState } from '../use-buyer-state'

/** A suspended buyer (spec section 4) is kept on /ban, wherever start-up or a link put them. */
export function BuyerStatusWatcher() {
  const navigate = useNavigate()
  const locale = useLocale()
  const { buyer } = useBuyerState()
  const isOnBan = useRouterState({ select: (state) => pathWithoutLocale(state.location.pathname) === '/ban' })
  const isSuspended = buyer?.status === 'suspended'

  useEffect(() => {
    if (isSuspended && !isOnBan) {
      void navigate({ to: '/{-$locale}/ban', params: { locale: toLocaleParam(locale) }, replace: true })
    }
  }, [isSuspended, isOnBan, navigate, locale])

  return null
}
