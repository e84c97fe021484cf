import { queryOptions } from '@tanstack/react-query'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import { consoleSettingsSchema, type ConsoleSettings } from '#domain/ops/settings'
import type { BankHoliday } from '#domain/wallet/withdrawal-rules'
import { postConsoleJson, requestJson } from '../../lib/console-api'

export const settingsKeys = { all: ['console', 'settings'] as const }

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: () => requestJson('api/ops/settings', consoleSettingsSchema),
})

export function saveFixedRates(rates: FixedRates, actionKey: string): Promise<ConsoleSettings> {
  return postConsoleJson('api/ops/settings/fixed-rates', consoleSettingsSchema, rates, actionKey, 'PUT')
}

export function setMaintenance(on: boolean, actionKey: string): Promise<ConsoleSettings> {
  return postConsoleJson('api/ops/settings/maintenance', consoleSettingsSchema, { on }, actionKey, 'PUT')
}

export function addBankHoliday(holiday: BankHoliday, actionKey: string): Promise<ConsoleSettings> {
  return postConsoleJson('api/ops/settings/bank-holidays', consoleSettingsSchema, holiday, actionKey)
}

export function removeBankHoliday(date: string, actionKey: string): Promise<ConsoleSettings> {
  return postConsoleJson(
    `api/ops/settings/bank-holidays/${encodeURIComponent(date)}`,
    consoleSettingsSchema,
    undefined,
    actionKey,
    'DELETE',
  )
}
