import { queryOptions } from '@tanstack/react-query'
import { fixedRatesSchema } from '#domain/contracts/fixed-rate'
import { requestJson } from '../../../lib/api-client'
import { accountKeys } from './account-keys'

/**
 * Spec section 7: `GET {provider host}/utils/fixed-rate/thb`; the provider is this origin. A module
 * of its own, apart from the buyer's state (buyer-state.ts, which the app's start-up runs): only
 * the pages that show the rates load their contract, not every page's first load.
 */
export const fixedRatesQueryOptions = queryOptions({
  queryKey: accountKeys.fixedRates(),
  queryFn: () => requestJson('utils/fixed-rate/thb', fixedRatesSchema),
  staleTime: 5 * 60_000,
})

/**
 * The same rates as the server has them now, for the forms that move money: asked again at every
 * mount and revalidated with the server (the server answers `no-cache`, and the request says so
 * too, for a copy a browser kept under an older header; an unchanged answer is a bodiless 304), so
 * a minimum an operator just raised is the one the withdrawal form shows.
 */
export const currentFixedRatesQueryOptions = queryOptions({
  ...fixedRatesQueryOptions,
  queryFn: () => requestJson('utils/fixed-rate/thb', fixedRatesSchema, { cache: 'no-cache' }),
  staleTime: 0,
})
