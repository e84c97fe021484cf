import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createApp } from '#server/app'
import { createAccountsConfig } from '#server/auth/accounts-config'
import { openDatabase } from '#server/db/database'
import { env } from '#server/env'
import { installGracefulShutdown } from '#server/graceful-shutdown'
import { createLogger } from '#server/logger'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { seedDemoBuyersIfMissing } from '#server/seed/demo-buyer'

/** Entry point of `npm run start:server`. Configuration comes only from the environment. */

const logger = createLogger(env.logLevel)
logger.info(
  {
    mode: env.appMode,
    database: env.databaseUrl === undefined ? 'pglite' : 'postgres',
    maintenance: env.maintenance,
    clientDirectory: env.clientDirectory,
  },
  'starting NgernKhuen server',
)

const connection = await openDatabase({ databaseUrl: env.databaseUrl, dataDirectory: env.dataDirectory, logger }).catch(
  (error: unknown) => {
    logger.fatal({ err: error }, 'cannot open the database')
    process.exit(1)
  },
)
try {
  await connection.migrate()
} catch (error) {
  logger.fatal({ err: error }, 'database migration failed')
  await connection.close()
  process.exit(1)
}

if (env.appMode === 'demo') {
  // A demo needs something to browse; the seed only runs on an empty catalogue.
  try {
    const seed = await seedCatalogueIfEmpty(connection.database)
    if (seed.seeded) logger.info(seed, 'seeded the demo catalogue')
    const buyers = await seedDemoBuyersIfMissing(connection.database)
    if (buyers.seeded) logger.info('seeded the demo buyers (demo@ngernkhuen.test, suspended@ngernkhuen.test)')
  } catch (error) {
    logger.fatal({ err: error }, 'seeding the demo catalogue failed')
    await connection.close()
    process.exit(1)
  }
}

const app = createApp({
  database: connection.database,
  maintenance: env.maintenance,
  clientDirectory: env.clientDirectory,
  logger,
  accounts: createAccountsConfig({
    appMode: env.appMode,
    authSecret: env.authSecret,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    logger,
  }),
})

const server = createServer(getRequestListener(app.fetch))
installGracefulShutdown({
  server,
  closeDatabase: () => connection.close(),
  logger,
  drainTimeoutMilliseconds: 10_000,
})
server.on('error', (error) => {
  // Typically the port is taken. Close the database so PGlite releases its data directory.
  logger.fatal({ err: error }, 'HTTP server error')
  void connection.close().finally(() => process.exit(1))
})
server.listen(env.port, env.host, () => {
  logger.info({ address: server.address() }, 'listening')
})
