import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { pathWithoutLocale } from '#domain/locale'
import { isApiError } from '../../../lib/api-client'
import { toLocaleParam, useLocale } from '../../../lib/locale'
import { appStatusQueryOptions } from '../api/get-app-status'

/** Sends the shopper to the maintenance screen as soon as the API says it is under maintenance. */
export function MaintenanceWatcher() {
  const navigate = useNavigate()
  const locale = useLocale()
  const isOnMaintenanceScreen = useRouterState({
    select: (state) => pathWithoutLocale(state.location.pathname) === '/maintenance',
  })
  const { error } = useQuery(appStatusQueryOptions)
  const isUnderMaintenance = isApiError(error, 'maintenance')

  useEffect(() => {
    if (isUnderMaintenance && !isOnMaintenanceScreen) {
      void navigate({ to: '/{-$locale}/maintenance', params: { locale: toLocaleParam(locale) }, replace: true })
    }
  }, [isUnderMaintenance, isOnMaintenanceScreen, navigate, locale])

  return null
}
