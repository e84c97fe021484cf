import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { createApp, type App } from '#server/app'
import { createAccountsConfig } from '#server/auth/accounts-config'
import { startReleaseScheduler } from '#server/cashback/release-job'
import { openDatabase } from '#server/db/database'
import { env } from '#server/env'
import { openEventChannel } from '#server/events/event-channel'
import { createShutdownState, installGracefulShutdown } from '#server/http/graceful-shutdown'
import { startIdempotencyPurgeScheduler } from '#server/http/idempotency-purge-job'
import { createLogger } from '#server/logger'
import { createWebPushDelivery, startPushSender } from '#server/notifications/push-sender'
import { startReminderScheduler } from '#server/notifications/reminder-job'
import { importFeedOffThread } from '#server/catalogue/feeds/feed-imports'
import { startFeedScheduler } from '#server/catalogue/feeds/feed-schedule'
import { resolveVapidKeys } from '#server/notifications/vapid-keys'
import { createPostbackConfig } from '#server/postbacks/postback-config'
import { startCommandSocket } from '#server/ops/command-socket'
import { seedDemoCatalogueIfEmpty } from '#server/seed/seed-demo-catalogue'
import { seedDemoBuyersIfMissing } from '#server/seed/demo-buyer'
import { seedDemoOperatorsIfMissing } from '#server/seed/demo-operators'
import { seedDemoPromotionsIfMissing } from '#server/seed/demo-promotions'
import { seedDemoSupportConversationIfMissing } from '#server/seed/demo-support'
import { createProofStorage } from '#server/proofs/proof-storage'
import { demoPictureSource } from '#server/pictures/demo-pictures'
import { createPictureStorage } from '#server/pictures/picture-storage'
import { networkPictureSource } from '#server/pictures/picture-sources'
import { startPictureWorker } from '#server/pictures/picture-worker'

/** Entry point of `npm run start:server`. Configuration comes only from the environment. */

const logger = createLogger(env.logLevel)
logger.info(
  {
    mode: env.appMode,
    database: env.databaseUrl === undefined ? 'pglite' : 'postgres',
    maintenance: env.maintenance,
    clientDirectory: env.clientDirectory,
    // Names only: the secrets never reach the log.
    postbackNetworks: [...env.postbackSecrets.keys()],
  },
  'starting NgernKhuen server',
)

const connection = await openDatabase({
  databaseUrl: env.databaseUrl,
  directUrl: env.databaseDirectUrl,
  poolMax: env.databasePoolMax,
  dataDirectory: env.dataDirectory,
  logger,
}).catch((error: unknown) => {
  logger.fatal({ err: error }, 'cannot open the database')
  process.exit(1)
})
try {
  await connection.migrate()
} catch (error) {
  logger.fatal({ err: error }, 'database migration failed')
  await connection.close()
  process.exit(1)
}

if (env.appMode === 'demo') {
  // A demo needs something to browse: the demo networks' feeds, imported into an empty catalogue.
  try {
    const seed = await seedDemoCatalogueIfEmpty(connection.database)
    if (seed.seeded) logger.info(seed, 'seeded the demo catalogue')
    const buyers = await seedDemoBuyersIfMissing(connection.database)
    if (buyers.seeded) logger.info('seeded the demo buyers (demo@ngernkhuen.test, suspended@ngernkhuen.test)')
    if (buyers.transactionCount > 0) logger.info(buyers, "seeded the demo buyer's cashback history")
    if (await seedDemoPromotionsIfMissing(connection.database)) {
      logger.info('seeded the promotion demo buyers (newbie@, vip@, stair@ngernkhuen.test)')
    }
    if (await seedDemoOperatorsIfMissing(connection.database)) {
      logger.info('seeded the demo console operators (support@, finance@, admin@ngernkhuen.test)')
    }
    if (await seedDemoSupportConversationIfMissing(connection.database)) {
      logger.info("seeded the demo buyer's past support conversation")
    }
  } catch (error) {
    logger.fatal({ err: error }, 'seeding the demo catalogue failed')
    await connection.close()
    process.exit(1)
  }
}

// Before the app, whose caches subscribe; it listens in the background from here on.
const events = openEventChannel(connection, logger)

const shutdown = createShutdownState()
const proofStorage = createProofStorage(env.proofStorage)
const pictureStorage = createPictureStorage(env.pictureStorage)

const app: App = createApp({
  database: connection.database,
  events,
  maintenance: env.maintenance,
  clientDirectory: env.clientDirectory,
  logger,
  accounts: createAccountsConfig({
    database: connection.database,
    appMode: env.appMode,
    authSecret: env.authSecret,
    smtpUrl: env.smtpUrl,
    mailFrom: env.mailFrom,
    trustedProxyHops: env.trustedProxyHops,
    logger,
  }),
  appMode: env.appMode,
  postbacks: createPostbackConfig(env.postbackSecrets),
  // The demo storefront's postbacks go through the whole HTTP handler (signature check included),
  // in process: never to an address built from a request's Host header. `app` is bound by the
  // time a shopper places an order.
  sendPostback: async (request) => app.fetch(request),
  proofStorage,
  pictureStorage,
  shutdown,
  push: env.push,
  catalogueCache: { searchIndex: { loadAtStart: true } },
})

// After migrations and the seed, so the first round sees the tables and the demo history.
const releaseScheduler = startReleaseScheduler({ database: connection.database, logger })
const idempotencyPurgeScheduler = startIdempotencyPurgeScheduler({ database: connection.database, logger })
const reminderScheduler = startReminderScheduler({ database: connection.database, logger })
const feedScheduler = startFeedScheduler({
  database: connection.database,
  logger,
  importFeed: env.databaseUrl === undefined ? undefined : importFeedOffThread(env.databaseUrl, env.logLevel),
})
const pushSender = startPushSender({
  database: connection.database,
  events,
  deliver: createWebPushDelivery(await resolveVapidKeys(connection.database, env.push.vapidKeys)),
  logger,
})
const pictureWorker = startPictureWorker({
  database: connection.database,
  events,
  // A demo's own pictures are drawn, never fetched: their addresses name a storefront that exists nowhere.
  readSource: env.appMode === 'demo' ? demoPictureSource(networkPictureSource()) : networkPictureSource(),
  storage: pictureStorage,
  logger,
  // Each announcement makes every process reload its catalogue index: a large catalogue's pictures
  // are announced once a minute while they are made; a demo's (a minute's work at first start, on
  // the one-connection embedded database shoppers are browsing) once, when they are all made.
  announceIntervalMilliseconds: env.appMode === 'demo' ? Number.POSITIVE_INFINITY : 60_000,
})
// The embedded database has one process; `npm run ops` asks this one to run its commands.
const commandSocket =
  env.databaseUrl === undefined
    ? await startCommandSocket({
        dataDirectory: env.dataDirectory,
        database: connection.database,
        proofStorage,
        pictureStorage,
        logger,
      })
    : undefined
const stopBackgroundJobs = async () => {
  commandSocket?.close()
  await Promise.all([
    releaseScheduler.stop(),
    idempotencyPurgeScheduler.stop(),
    reminderScheduler.stop(),
    feedScheduler.stop(),
    pushSender.stop(),
    pictureWorker.stop(),
  ])
}

const requestListener = getRequestListener(app.fetch)
// The listener answers its own failures (a 500), so its promise has nothing left to report.
const server = createServer((incoming, outgoing) => void requestListener(incoming, outgoing))
// Node closes an idle kept-alive connection after 5 s by default. A client (a load balancer, whose
// idle timeout is commonly 60 s, or a test's HTTP client) that sends on that connection just as it
// closes gets a reset: a 502 or an ECONNRESET for a request the server never saw. The server must
// be the side that waits longer.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
installGracefulShutdown({
  server,
  state: shutdown,
  // The channel first: PGlite's listener lives on the database's own session.
  closeDatabase: () => events.close().then(() => connection.close()),
  stopBackgroundJobs,
  logger,
  preStopMilliseconds: env.shutdownPreStopSeconds * 1000,
  drainTimeoutMilliseconds: 10_000,
})
server.on('error', (error) => {
  // Typically the port is taken. Close the database so PGlite releases its data directory.
  logger.fatal({ err: error }, 'HTTP server error')
  void stopBackgroundJobs()
    .then(() => events.close())
    .then(() => connection.close())
    .finally(() => process.exit(1))
})
server.listen(env.port, env.host, () => {
  logger.info({ address: server.address() }, 'listening')
})
