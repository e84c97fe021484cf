import { useQuery } from '@tanstack/react-query'
import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import type { WalletState } from '#domain/wallet/withdrawal-rules'
import { fixedRatesQueryOptions } from '../account/api/buyer-state'
import { walletQueryOptions } from '../cashback/api/get-wallet'
import { withdrawalListQueryOptions } from './api/get-withdrawals'

/**
 * What the withdrawal rules need on the phone: the wallet (balance, accumulated cashback), the
 * open withdrawals and the fixed rates. `wallet` is `undefined` until the wallet has loaded once;
 * the server checks the same rules again in any case.
 */
export function useWithdrawalContext(buyerId: string): {
  wallet: WalletState | undefined
  balance: number | undefined
  rates: FixedRates
} {
  const wallet = useQuery(walletQueryOptions(buyerId)).data
  const history = useQuery(withdrawalListQueryOptions(buyerId)).data
  const rates = useQuery(fixedRatesQueryOptions).data ?? defaultFixedRates
  const hasOpenWithdrawal =
    history?.data.some((withdrawal) => withdrawal.status === 'requested' || withdrawal.status === 'processing') ?? false
  return {
    wallet:
      wallet === undefined
        ? undefined
        : { balance: wallet.balance, accumulatedCashback: wallet.cashback, hasOpenWithdrawal },
    balance: wallet?.balance,
    rates,
  }
}
