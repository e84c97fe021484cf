import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { openAPIRouteHandler } from 'hono-openapi'
import { createDemoAccountsConfig, type AccountsConfig } from '#server/auth/accounts-config'
import { authRoutes, devOutboxRoutes } from '#server/auth/auth-routes'
import { sessionMiddleware } from '#server/auth/session-middleware'
import { buyerRoutes } from '#server/buyers/buyer-routes'
import { cashbackRoutes } from '#server/cashback/cashback-routes'
import { catalogueRoutes } from '#server/catalogue/catalogue-routes'
import { createCatalogueService, type CatalogueCacheOptions } from '#server/catalogue/catalogue-service'
import { followCatalogueChanges } from '#server/catalogue/catalogue-version'
import { mediaRoutes } from '#server/catalogue/media-routes'
import { clickRoutes } from '#server/clicks/click-routes'
import { notificationRoutes } from '#server/notifications/notification-routes'
import type { PushSettings, VapidKeys } from '#server/notifications/push-settings'
import { resolveVapidKeys } from '#server/notifications/vapid-keys'
import type { Database } from '#server/db/database'
import { demoStoreRoutes, type SendPostback } from '#server/demo-store/demo-store-routes'
import type { AppMode } from '#server/env'
import type { EventChannel } from '#server/events/event-channel'
import { errorResponse, handleError, handleNotFound } from '#server/http/api-error'
import { linkRoutes, type LinkRateLimits } from '#server/links/link-routes'
import { answerShareWithoutWorker } from '#server/links/share-target-fallback'
import type { ShortLinkPolicy } from '#server/links/short-links'
import type { AppEnvironment } from '#server/http/app-environment'
import { compressionMiddleware } from '#server/http/compression'
import type { ShutdownState } from '#server/http/graceful-shutdown'
import { maintenanceGuardMiddleware } from '#server/http/maintenance-guard'
import { originCheckMiddleware } from '#server/http/origin-check'
import { requestLoggingMiddleware } from '#server/http/request-logging'
import { securityHeadersMiddleware } from '#server/http/security-headers'
import type { Logger } from '#server/logger'
import { createMaintenanceState } from '#server/maintenance'
import { createDemoPostbackConfig, type PostbackConfig } from '#server/postbacks/postback-config'
import { postbackRoutes } from '#server/postbacks/postback-routes'
import { promotionRoutes } from '#server/promotions/promotion-routes'
import { healthRoutes } from '#server/routes/health-routes'
import { localeRoutes } from '#server/routes/locale-routes'
import { statusRoutes } from '#server/routes/status-routes'
import { fixedRateRoutes } from '#server/settings/fixed-rate-routes'
import { clientHandler } from '#server/static/client-routes'
import { createDetailPages, loadPrerenderModule } from '#server/static/detail-pages'
import { loadClientFiles } from '#server/static/client-files'
import { payoutAccountRoutes } from '#server/payout-accounts/payout-account-routes'
import { bankHolidayRoutes } from '#server/withdrawals/bank-holiday-routes'
import { withdrawalRoutes } from '#server/withdrawals/withdrawal-routes'
import { consoleRoutes } from '#server/ops/console-routes'
import { pictureRoutes } from '#server/pictures/picture-routes'
import type { PictureStorage } from '#server/pictures/picture-storage'
import { isProofUploadRequest, proofRoutes } from '#server/proofs/proof-routes'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { createSupportLive, type SupportLive } from '#server/support/support-live'
import { isSupportAttachmentUploadRequest, supportRoutes, type SupportRateLimit } from '#server/support/support-routes'

export type AppOptions = {
  database: Database
  /**
   * This process's end of the event channel (server/events/event-channel.ts): every cache a write
   * can make stale (maintenance, settings, catalogue, pictures) drops its entry when any process
   * announces the write. The caller opens and closes it.
   */
  events: EventChannel
  /** Maintenance forced on by the environment (`MAINTENANCE`), regardless of the settings row. */
  maintenance: boolean
  /** The built PWA; may not exist (API-only runs, tests). */
  clientDirectory: string
  logger: Logger
  /** How long the maintenance settings row is cached; tests shorten it. */
  maintenanceCacheMilliseconds?: number
  /** Bounds of the in-process catalogue cache; tests shorten them. */
  catalogueCache?: CatalogueCacheOptions
  /** Sign-in, sessions and code delivery; demo defaults (dev outbox, demo secret) when left out. */
  accounts?: AccountsConfig
  /** `demo` (the default) mounts the demo storefront at `/demo-store`; production never has it. */
  appMode?: AppMode
  /** Affiliate networks' secrets and the clock of their timestamps; the demo network only when left out. */
  postbacks?: PostbackConfig
  /**
   * How the demo storefront delivers its postbacks: through this app's own `fetch` (the whole
   * HTTP handler, in process) unless a test records them. Never a network request to the
   * origin of the shopper's request (server/demo-store/demo-store-routes.ts).
   */
  sendPostback?: SendPostback
  /** Where proof pictures are kept (server/proofs/proof-storage.ts). */
  proofStorage: ProofStorage
  /** Where the catalogue's made pictures are kept (server/pictures/picture-storage.ts); the worker writes them. */
  pictureStorage: PictureStorage
  /**
   * Whether the process has been told to stop (server/http/graceful-shutdown.ts): `/api/health`
   * then answers 503 `shutting_down`. Never, when left out.
   */
  shutdown?: ShutdownState
  /**
   * The support chat's event streams of this process (server/support/support-live.ts); made over
   * `database` and `events` when left out (tests pass their own to look at it).
   */
  supportLive?: SupportLive
  /** `supportMessageRateLimit` unless a test sets its own. */
  supportMessageRateLimit?: SupportRateLimit
  /** `supportPictureDailyLimit` unless a test sets its own. */
  supportPictureDailyLimit?: SupportRateLimit
  /** Web Push (server/env.ts); a demo's keys (made once, in the database) when left out. */
  push?: PushSettings
  /** Paste-a-link's lookup limits (server/links/link-routes.ts) unless a test sets its own. */
  linkRateLimits?: LinkRateLimits
  /** Which short links are followed, and how; only tests pass one (their own server). */
  shortLinkPolicy?: ShortLinkPolicy
}

/** API JSON bodies are small; anything bigger is a mistake or an attack. */
const maxApiBodyBytes = 64 * 1024

export function createApp(options: AppOptions) {
  const { database, events, logger } = options
  const maintenance = createMaintenanceState({
    database,
    events,
    forcedByEnvironment: options.maintenance,
    cacheMilliseconds: options.maintenanceCacheMilliseconds,
  })
  const client = loadClientFiles(options.clientDirectory)
  if (client.indexHtml === undefined) {
    logger.warn({ clientDirectory: options.clientDirectory }, 'no built web app found; serving the API only')
  }

  const accounts = options.accounts ?? createDemoAccountsConfig(database, logger)
  const postbacks = options.postbacks ?? createDemoPostbackConfig()

  const apiBodyLimit = bodyLimit({
    maxSize: maxApiBodyBytes,
    onError: (c) =>
      errorResponse(c, 413, 'payload_too_large', `Request bodies are limited to ${maxApiBodyBytes} bytes`),
  })

  const app = new Hono<AppEnvironment>()
  app.onError(handleError)
  app.notFound(handleNotFound)

  app.use(
    requestId(),
    requestLoggingMiddleware(logger),
    securityHeadersMiddleware({ isProduction: options.appMode === 'production' }),
    compressionMiddleware(),
  )

  // `/api` is our own API; `/cws-api` keeps the catalogue paths of spec section 7. Both get the
  // same protection, maintenance switch and JSON 404.
  for (const apiPaths of ['/api/*', '/cws-api/*']) {
    app.use(apiPaths, async (c, next) => {
      await next()
      // API answers are per-request state unless a route says otherwise (the catalogue does).
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
    })
    app.use(
      apiPaths,
      originCheckMiddleware(),
      // Pictures (proofs, the support chat's) are the bigger bodies; their routes set their own limit.
      (c, next) =>
        isProofUploadRequest(c.req.method, c.req.path) || isSupportAttachmentUploadRequest(c.req.method, c.req.path)
          ? next()
          : apiBodyLimit(c, next),
      maintenanceGuardMiddleware(maintenance, (path) => path === '/api/health' || path.startsWith('/api/ops/')),
    )
  }

  app.use('/api/*', sessionMiddleware(database, accounts.now))
  app.use('/go/*', sessionMiddleware(database, accounts.now))

  const push = options.push ?? { vapidKeys: undefined, endpoints: 'any-https' }
  let vapidKeys: Promise<VapidKeys> | undefined
  const resolveKeys = () =>
    (vapidKeys ??= resolveVapidKeys(database, push.vapidKeys).catch((error: unknown) => {
      // A database hiccup is not kept: the next request asks again.
      vapidKeys = undefined
      throw error
    }))

  const supportLive =
    options.supportLive ??
    createSupportLive({ database, events, logger, now: accounts.now, shutdown: options.shutdown })

  const api = new Hono<AppEnvironment>()
    .route('/', healthRoutes(database, options.shutdown))
    .route('/', statusRoutes())
    .route('/', localeRoutes())
    .route('/', authRoutes(database, accounts))
    .route('/', devOutboxRoutes(accounts))
    .route('/', buyerRoutes(database, accounts))
    .route('/', cashbackRoutes(database, accounts.now))
    .route('/', withdrawalRoutes(database, accounts))
    .route('/', bankHolidayRoutes(database, events, accounts.now))
    .route('/', payoutAccountRoutes(database, accounts))
    .route('/', promotionRoutes(database, { now: accounts.now }))
    .route('/', proofRoutes({ database, storage: options.proofStorage, now: accounts.now }))
    .route('/', postbackRoutes(database, postbacks))
    .route(
      '/',
      supportRoutes({
        database,
        storage: options.proofStorage,
        now: accounts.now,
        live: supportLive,
        messageRateLimit: options.supportMessageRateLimit,
        pictureDailyLimit: options.supportPictureDailyLimit,
      }),
    )
    .route(
      '/',
      notificationRoutes({ database, now: accounts.now, vapidKeys: resolveKeys, endpointPolicy: push.endpoints }),
    )
    .route(
      '/',
      linkRoutes({
        database,
        now: accounts.now,
        trustedProxyHops: accounts.trustedProxyHops,
        isDemo: (options.appMode ?? 'demo') === 'demo',
        rateLimits: options.linkRateLimits,
        shortLinks: options.shortLinkPolicy,
      }),
    )
    .route('/ops', consoleRoutes(database, accounts, options.proofStorage, supportLive))
  app.route('/api', api)
  app.route('/go', clickRoutes(database, accounts.now))
  if ((options.appMode ?? 'demo') === 'demo') {
    // `app` is complete by the time a shopper can place an order.
    const sendPostback: SendPostback = options.sendPostback ?? (async (request) => app.fetch(request))
    app.route('/demo-store', demoStoreRoutes(database, postbacks, sendPostback))
  }
  app.route('/utils', fixedRateRoutes(database, events))
  followCatalogueChanges(events, database)
  const catalogue = createCatalogueService(database, { logger, ...options.catalogueCache })
  app.route('/cws-api', catalogueRoutes(catalogue))
  app.route('/media/pictures', pictureRoutes(options.pictureStorage))
  app.route('/media', mediaRoutes(database))
  app.get(
    '/api/openapi.json',
    openAPIRouteHandler(app, {
      documentation: {
        info: {
          title: 'NgernKhuen API',
          version: '0.1.0',
          description: 'Every error answers `{ "error": { "code", "message" } }`; match on `code`, never on `message`.',
        },
      },
      // Our routes document their own 400 with our error body; the library default has its shape.
      defaultValidationErrorResponse: false,
    }),
  )
  // Unknown API paths must get the JSON 404, not the app shell below.
  app.all('/api/*', handleNotFound)
  app.all('/cws-api/*', handleNotFound)
  app.all('/utils/*', handleNotFound)
  const detailPages =
    client.indexHtml === undefined
      ? undefined
      : createDetailPages({ catalogue, renderer: loadPrerenderModule(options.clientDirectory, logger), logger })
  // The manifest's share target posts pictures and links here; the service worker takes the post.
  // Without one (not installed yet, cleared) a link still opens paste-a-link, and the pictures page
  // says none arrived: nothing is kept on the server.
  app.post('/share-target', answerShareWithoutWorker)
  app.get('*', clientHandler(client, detailPages))

  return app
}

export type App = ReturnType<typeof createApp>
