import { onlineManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { defaultFixedRates, type FixedRates } from '#domain/contracts/fixed-rate'
import type { Withdrawal } from '#domain/contracts/withdrawal'
import type { WalletState } from '#domain/wallet/withdrawal-rules'
import { currentFixedRatesQueryOptions } from '../account/api/fixed-rates'
import { walletQueryOptions } from '../cashback/api/get-wallet'
import { waitAtMost } from '../../lib/wait-at-most'
import { withdrawalListQueryOptions } from './api/get-withdrawals'

/** How long a confirmation waits for the server's current wallet before judging with the saved copy. */
const freshStateWaitMs = 3000

function isOpen(withdrawal: Withdrawal): boolean {
  return withdrawal.status === 'requested' || withdrawal.status === 'processing'
}

function walletState(
  wallet: { balance: number; cashback: number } | undefined,
  withdrawals: readonly Withdrawal[] | undefined,
): WalletState | undefined {
  if (wallet === undefined) return undefined
  const hasOpenWithdrawal = withdrawals?.some(isOpen) ?? false
  return { balance: wallet.balance, accumulatedCashback: wallet.cashback, hasOpenWithdrawal }
}

/**
 * The wallet state as the server has it now, for the rules checked when the shopper confirms: a
 * saved copy can be minutes old (a withdrawal paid meanwhile would still block the form). Offline,
 * or when the server cannot be asked, the saved copy; the server checks the same rules again.
 */
async function readCurrentWalletState(queryClient: QueryClient, buyerId: string): Promise<WalletState | undefined> {
  if (onlineManager.isOnline()) {
    // A network that says it is up but answers nothing must not hold the confirm button.
    await waitAtMost(
      Promise.all([
        queryClient.refetchQueries({ queryKey: walletQueryOptions(buyerId).queryKey, exact: true }),
        queryClient.refetchQueries({ queryKey: withdrawalListQueryOptions(buyerId).queryKey, exact: true }),
      ]),
      freshStateWaitMs,
    )
  }
  return walletState(
    queryClient.getQueryData(walletQueryOptions(buyerId).queryKey),
    queryClient.getQueryData(withdrawalListQueryOptions(buyerId).queryKey)?.data,
  )
}

/**
 * What the withdrawal rules need on the phone: the wallet (balance, accumulated cashback), the
 * open withdrawals and the fixed rates. `wallet` is `undefined` until the wallet has loaded once;
 * `readCurrentWallet` asks the server again before a request is judged.
 */
export function useWithdrawalContext(buyerId: string): {
  wallet: WalletState | undefined
  /** The shopper's withdrawal still being paid, which blocks another one. */
  openWithdrawal: Withdrawal | undefined
  /**
   * The wallet, the withdrawals and the rates have all been answered by the server since the
   * screen opened: only then may a screen turn a shopper away (a saved copy may be out of date).
   */
  isCurrent: boolean
  balance: number | undefined
  rates: FixedRates
  readCurrentWallet: () => Promise<WalletState | undefined>
} {
  const queryClient = useQueryClient()
  const walletQuery = useQuery(walletQueryOptions(buyerId))
  const historyQuery = useQuery(withdrawalListQueryOptions(buyerId))
  const ratesQuery = useQuery(currentFixedRatesQueryOptions)
  const wallet = walletQuery.data
  const history = historyQuery.data
  const rates = ratesQuery.data ?? defaultFixedRates
  return {
    wallet: walletState(wallet, history?.data),
    openWithdrawal: history?.data.find(isOpen),
    isCurrent: walletQuery.isFetchedAfterMount && historyQuery.isFetchedAfterMount && ratesQuery.isFetchedAfterMount,
    balance: wallet?.balance,
    rates,
    readCurrentWallet: () => readCurrentWalletState(queryClient, buyerId),
  }
}
