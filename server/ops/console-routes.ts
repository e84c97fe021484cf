import { Hono } from 'hono'
import type { AccountsConfig } from '#server/auth/accounts-config'
import type { Database } from '#server/db/database'
import type { AppEnvironment } from '#server/http/app-environment'
import { operatorAuthRoutes } from '#server/ops/operator-auth-routes'
import { auditConsoleRoutes } from '#server/ops/audit-console-routes'
import { operatorConsoleRoutes } from '#server/ops/operator-console-routes'
import { settingsConsoleRoutes } from '#server/ops/settings-console-routes'
import { reviewConsoleRoutes } from '#server/ops/review-console-routes'
import { todayRoutes } from '#server/ops/today-routes'
import { buyerConsoleRoutes } from '#server/ops/buyer-console-routes'
import { conversionConsoleRoutes } from '#server/ops/conversion-console-routes'
import { proofConsoleRoutes } from '#server/ops/proof-console-routes'
import { supportConsoleRoutes } from '#server/ops/support-console-routes'
import { transactionConsoleRoutes } from '#server/ops/transaction-console-routes'
import type { ProofStorage } from '#server/proofs/proof-storage'
import type { SupportLive } from '#server/support/support-live'
import { withdrawalConsoleRoutes } from '#server/ops/withdrawal-console-routes'

/**
 * The operator console's API, mounted at `/api/ops` (issue 14). Each area's routes check the
 * operator's role themselves (`requireOperator`); server/ops/console-access.test.ts walks every
 * route with every role.
 */
export function consoleRoutes(
  database: Database,
  accounts: AccountsConfig,
  proofStorage: ProofStorage,
  supportLive: SupportLive,
) {
  const { now } = accounts
  return new Hono<AppEnvironment>()
    .route('/', operatorAuthRoutes(database, accounts))
    .route('/', todayRoutes(database, now))
    .route('/', reviewConsoleRoutes(database, now))
    .route('/', buyerConsoleRoutes(database, now))
    .route('/', transactionConsoleRoutes(database, now))
    .route('/', conversionConsoleRoutes(database, now))
    .route('/', proofConsoleRoutes({ database, storage: proofStorage, now }))
    .route('/', withdrawalConsoleRoutes(database, now))
    .route('/', settingsConsoleRoutes(database, now))
    .route('/', operatorConsoleRoutes(database, now))
    .route('/', auditConsoleRoutes(database, now))
    .route('/', supportConsoleRoutes({ database, now, storage: proofStorage, live: supportLive }))
}
