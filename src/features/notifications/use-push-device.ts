import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useLocale } from '../../lib/locale'
import { notificationSettingsQueryOptions } from './api/notification-settings'
import { notificationKeys } from './api/notification-keys'
import { readPushDeviceState, turnOffPushes, turnOnPushes, type PushDeviceState } from './push-device'

export type { PushDeviceState } from './push-device'

/** This device's push state, and turning it on (the browser asks the shopper) or off. */
export function usePushDevice(buyerId: string): {
  state: PushDeviceState | undefined
  turnOn(): Promise<void>
  turnOff(): Promise<void>
  isBusy: boolean
  error: string | undefined
} {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const settings = useQuery(notificationSettingsQueryOptions(buyerId))
  const [state, setState] = useState<PushDeviceState>()
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => {
    let isCurrent = true
    void readPushDeviceState().then((read) => {
      if (isCurrent) setState(read)
    })
    return () => {
      isCurrent = false
    }
  }, [])

  const run = useCallback(
    async (change: () => Promise<PushDeviceState>) => {
      setIsBusy(true)
      setError(undefined)
      try {
        setState(await change())
        await queryClient.invalidateQueries({ queryKey: notificationKeys.settings(buyerId) })
      } catch {
        setError(t`เปลี่ยนการแจ้งเตือนบนอุปกรณ์นี้ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง`)
        setState(await readPushDeviceState())
      } finally {
        setIsBusy(false)
      }
    },
    [buyerId, queryClient, t],
  )

  const applicationServerKey = settings.data?.applicationServerKey
  return {
    state,
    isBusy: isBusy || applicationServerKey === undefined,
    error,
    turnOn: () =>
      applicationServerKey === undefined
        ? Promise.resolve()
        : run(() => turnOnPushes({ buyerId, applicationServerKey, locale })),
    turnOff: () => run(() => turnOffPushes(buyerId)),
  }
}
