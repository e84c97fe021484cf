import { sql } from 'drizzle-orm'
import { merchantCategoryIds } from '#domain/categories'
import type { CashbackComponent, SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import { proofRejectionReasonCodes } from '#domain/cashback/proof-rejection-reasons'
import { cashbackReleasePaths, purchaseOutcomes } from '#domain/cashback/rating'
import { rejectionReasonCodes } from '#domain/cashback/rejection-reasons'
import { buyerStatuses, currencies } from '#domain/contracts/buyer'
import { cashbackHistoryKinds, cashbackStatuses } from '#domain/contracts/cashback'
import { cashbackKinds } from '#domain/contracts/catalogue'
import { postbackStatuses } from '#domain/contracts/postback'
import { promotionAwardKinds, promotionMembershipKinds } from '#domain/contracts/promotion'
import { proofContentTypes, proofStatuses } from '#domain/contracts/proof'
import { ledgerEntryKinds, ledgerEntrySigns, type LedgerEntryKind } from '#domain/wallet/ledger'
import { genders } from '#domain/contracts/profile'
import { devOutboxMessageKinds, identifierKinds } from '#domain/contracts/auth'
import { operatorRoles, operatorStatuses } from '#domain/ops/operator'
import { maxSupportMessageLength, supportAuthors, supportConversationStatuses } from '#domain/support/chat'
import type { NotificationValues } from '#domain/contracts/notifications'
import { notificationKinds, notificationTopics, type NotificationTopic } from '#domain/notifications/notification-rules'
import {
  payoutTargets,
  withdrawalStatuses,
  withdrawalTargets,
  type WithdrawalDestination,
} from '#domain/contracts/withdrawal'
import type { PayoutDetails } from '#domain/wallet/payout-details'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * Operator-controlled settings shared by every server process (maintenance flag now, fixed
 * rates later). A key/value table keeps adding a setting a code change, not a migration; the
 * value shapes are validated in code (see `server/app-settings.ts`).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Partner merchants (spec section 3). Money is integer satang, rates integer basis points.
 * `search_text` holds both names so one trigram index serves Thai substrings and English words;
 * it is written by `server/catalogue/catalogue-writes.ts`, the only code that changes the catalogue.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: text('id').primaryKey(),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionTh: text('description_th').notNull(),
    descriptionEn: text('description_en').notNull(),
    /** The affiliate network's label, e.g. 'Health & Beauty'. */
    categoryLabel: text('category_label').notNull(),
    categoryId: text('category_id', { enum: merchantCategoryIds }).notNull(),
    cashbackKind: text('cashback_kind', { enum: ['up-to', 'flat'] }).notNull(),
    cashbackRateBasisPoints: integer('cashback_rate_basis_points').notNull(),
    cashbackMaxPerOrder: integer('cashback_max_per_order'),
    trackingDays: integer('tracking_days').notNull(),
    confirmationDays: integer('confirmation_days').notNull(),
    termsTh: jsonb('terms_th').$type<string[]>().notNull(),
    termsEn: jsonb('terms_en').$type<string[]>().notNull(),
    topRank: integer('top_rank'),
    /** Clicks and orders, higher is more popular; orders the `popular` sort after the top ranks. */
    popularity: integer('popularity').notNull().default(0),
    shopUrl: text('shop_url').notNull(),
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The affiliate network the offer came from (server/catalogue/feeds) and its id there. */
    network: text('network'),
    externalId: text('external_id'),
    /** The shop's own site, whose links a shopper may paste (paste-a-link). */
    websiteUrl: text('website_url'),
    /** The network's link to one page of the shop: `{url}` is the page's address (paste-a-link). */
    deepLinkTemplate: text('deep_link_template'),
    /** Where the network publishes the logo; fetched on the server, never by a shopper's phone. */
    logoSourceUrl: text('logo_source_url'),
    /** False while the network pauses the offer or a later feed left it out: kept, not deleted, as purchases point at it. */
    listed: boolean('listed').notNull().default(true),
    delistedAt: timestamp('delisted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('merchants_network_external_id').on(table.network, table.externalId),
    check('merchants_cashback_kind', sql`${table.cashbackKind} in ('up-to', 'flat')`),
    check('merchants_rate', sql`${table.cashbackRateBasisPoints} between 0 and 10000`),
    // Spec section 9: flat-rate merchants always have a cap.
    check('merchants_flat_has_cap', sql`${table.cashbackKind} <> 'flat' or ${table.cashbackMaxPerOrder} is not null`),
    uniqueIndex('merchants_top_rank').on(table.topRank),
    index('merchants_popular').on(table.topRank.asc().nullsLast(), table.popularity.desc(), table.id),
    index('merchants_cashback').on(table.cashbackRateBasisPoints.desc(), table.id),
    index('merchants_newest').on(table.createdAt.desc(), table.id.desc()),
    index('merchants_name_th').on(sql`${table.nameTh} collate thai_dictionary`, table.id),
    index('merchants_name_en').on(sql`lower(${table.nameEn})`, table.id),
    index('merchants_category').on(
      table.categoryId,
      table.topRank.asc().nullsLast(),
      table.popularity.desc(),
      table.id,
    ),
    index('merchants_search_trigram').using('gin', table.searchText.op('gin_trgm_ops')),
    // Searches too short for trigrams fall back to a name prefix.
    index('merchants_name_th_prefix').on(table.nameTh.op('text_pattern_ops')),
    index('merchants_name_en_prefix').on(sql`lower(${table.nameEn}) text_pattern_ops`),
  ],
)

/**
 * What merchants sell. `estimated_cashback` and `net_price` follow from the price and the
 * merchant's cashback (domain/cashback-estimate.ts); they are stored so the cashback sort and the
 * comparison order use an index, and rewritten whenever a merchant's cashback changes.
 */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    nameTh: text('name_th').notNull(),
    nameEn: text('name_en').notNull(),
    price: integer('price').notNull(),
    estimatedCashback: integer('estimated_cashback').notNull(),
    netPrice: integer('net_price').notNull(),
    categoryId: text('category_id', { enum: merchantCategoryIds }).notNull(),
    comparisonKey: text('comparison_key').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** Product names and the merchant's names, so a search for a shop finds its products too. */
    searchText: text('search_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The item's `id` in its merchant's product feed (Google Merchant Center format). */
    feedItemId: text('feed_item_id'),
    /** The price before a sale, when the feed gives a lower `sale_price` (then `price` is the sale price). */
    regularPrice: integer('regular_price'),
    brand: text('brand'),
    gtin: text('gtin'),
    mpn: text('mpn'),
    /** The product's page in the merchant's shop (the deep link's target). */
    link: text('link'),
    imageSourceUrl: text('image_source_url'),
    /** Set when an English feed supplied `name_en`; until then it repeats the Thai title. */
    hasEnglishName: boolean('has_english_name').notNull().default(false),
    /** False when the feed left the item out, it is out of stock, or its merchant is not listed. */
    listed: boolean('listed').notNull().default(true),
    delistedAt: timestamp('delisted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('products_feed_item').on(table.merchantId, table.feedItemId),
    check('products_price', sql`${table.price} >= 0`),
    index('products_merchant').on(table.merchantId, table.popularity.desc(), table.id),
    index('products_comparison').on(table.comparisonKey, table.netPrice, table.id),
    index('products_popular').on(table.popularity.desc(), table.id),
    index('products_cashback').on(table.estimatedCashback.desc(), table.id),
    index('products_newest').on(table.createdAt.desc(), table.id.desc()),
    index('products_price').on(table.price, table.id),
    index('products_name_th').on(sql`${table.nameTh} collate thai_dictionary`, table.id),
    index('products_name_en').on(sql`lower(${table.nameEn})`, table.id),
    index('products_category').on(table.categoryId, table.popularity.desc(), table.id),
    index('products_search_trigram').using('gin', table.searchText.op('gin_trgm_ops')),
    index('products_name_th_prefix').on(table.nameTh.op('text_pattern_ops')),
    index('products_name_en_prefix').on(sql`lower(${table.nameEn}) text_pattern_ops`),
  ],
)

/**
 * Every change of a merchant's cashback, with when it took effect (issue 19): the first row is the
 * rate the merchant arrived with. Rate-rise alerts and support's "what was the rate on that day"
 * read it; it is only ever appended to.
 */
export const merchantRateChanges = pgTable(
  'merchant_rate_changes',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    cashbackKind: text('cashback_kind', { enum: cashbackKinds }).notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    maxPerOrder: integer('max_per_order'),
    /** What changed it: `import:<run id>`, `seed`, an operator. */
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('merchant_rate_changes_merchant').on(table.merchantId, table.changedAt.desc())],
)

/**
 * Feeds imported on a schedule (`npm run ops -- catalogue feeds add …`): a network's offers, or a
 * merchant's product feed. Every process runs the job; a due feed is claimed with
 * `FOR UPDATE SKIP LOCKED`, so one process imports it (server/catalogue/feeds/feed-schedule.ts).
 */
export const catalogueFeeds = pgTable(
  'catalogue_feeds',
  {
    id: text('id').primaryKey(),
    adapter: text('adapter').notNull(),
    source: text('source').notNull(),
    /** The network's merchant id for a product feed; `null` for an offers file. */
    merchantExternalId: text('merchant_external_id'),
    language: text('language', { enum: ['th', 'en'] })
      .notNull()
      .default('th'),
    everyMinutes: integer('every_minutes').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunId: text('last_run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('catalogue_feeds_every', sql`${table.everyMinutes} between 15 and 10080`),
    uniqueIndex('catalogue_feeds_target').on(table.adapter, table.source, table.merchantExternalId, table.language),
    index('catalogue_feeds_due').on(table.nextRunAt),
  ],
)

/** One run of a catalogue import (server/catalogue/feeds): what it read, kept, refused and why. */
export const catalogueImportRuns = pgTable(
  'catalogue_import_runs',
  {
    id: text('id').primaryKey(),
    adapter: text('adapter').notNull(),
    kind: text('kind', { enum: ['offers', 'products'] }).notNull(),
    source: text('source').notNull(),
    status: text('status', { enum: ['applied', 'unchanged', 'failed'] }).notNull(),
    rowCount: integer('row_count').notNull(),
    rejectedCount: integer('rejected_count').notNull(),
    changedCount: integer('changed_count').notNull(),
    /** The first rejected rows with their reason; the count says how many there were. */
    rejections: jsonb('rejections').$type<{ row: number; reason: string }[]>().notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('catalogue_import_runs_started').on(table.startedAt.desc())],
)

export const pictureStatuses = ['pending', 'ready', 'failed'] as const

/**
 * Product pictures and merchant logos as the feeds name them (`products.image_source_url`,
 * `merchants.logo_source_url`), fetched once by the picture worker of some process
 * (server/pictures/picture-worker.ts) and made into the sizes the app shows; products and
 * merchants find theirs by that address (docs/decisions/021-product-pictures.md). A row is
 * `pending` until made (`ready`) or given up (`failed`, the placeholder is shown); a worker holds
 * it while `lease_until` lies ahead, so two processes never work on one picture.
 */
export const cataloguePictures = pgTable(
  'catalogue_pictures',
  {
    /** As the feed wrote it; at most 2,048 bytes (a B-tree key), which the feeds' 2,000 characters of ASCII fit. */
    sourceUrl: text('source_url').primaryKey(),
    status: text('status', { enum: pictureStatuses }).notNull().default('pending'),
    /** Names the made files (`<content_hash>/<width>.webp|jpg`): the source's bytes and how they were made. */
    contentHash: text('content_hash'),
    /** The widths made, ascending: those of the app's sizes the source was wide enough for. */
    widths: integer('widths').array(),
    /** The largest made's size: its shape, for the app's `width`/`height`. */
    width: integer('width'),
    height: integer('height'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it (now, or after a failed try's backoff); `null` once settled. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A worker is making it until then; another may take it over after (the worker died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Why the last try failed (a `failed` row: why it was given up). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('catalogue_pictures_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // The orphan sweep asks which of a storage's files (named by hash) a row still names.
    index('catalogue_pictures_content_hash').on(table.contentHash),
    check('catalogue_pictures_status', sql`${table.status} in (${sqlTextList(pictureStatuses)})`),
    check('catalogue_pictures_source_url', sql`octet_length(${table.sourceUrl}) <= 2048`),
    check('catalogue_pictures_due', sql`(${table.status} = 'pending') = (${table.nextAttemptAt} is not null)`),
    check(
      'catalogue_pictures_made',
      sql`(${table.status} = 'ready') = (${table.contentHash} is not null and ${table.widths} is not null and ${table.width} is not null and ${table.height} is not null)`,
    ),
  ],
)

/**
 * Shoppers (issue 4). A buyer signs in with their email or Thai mobile number, both stored in
 * canonical form (lowercased email, 10-digit local phone) and unique. The rating is kept in basis
 * points of a percent (9600 = 96 %) so it stays an exact integer. The balance comes from the
 * wallet ledger, not from this table.
 */
export const buyers = pgTable(
  'buyers',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    phone: text('phone'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    age: integer('age'),
    gender: text('gender', { enum: genders }),
    birthDate: date('birth_date', { mode: 'string' }),
    /** A Thai mobile number or a 13-digit national ID (withdrawals need one). */
    phoneOrIdNumber: text('phone_or_id_number'),
    /** Derived from the buyer's decided purchases and rewritten with each decision (domain/cashback/rating.ts). */
    ratingBasisPoints: integer('rating_basis_points').notNull().default(10_000),
    status: text('status', { enum: buyerStatuses }).notNull().default('active'),
    suspendedReason: text('suspended_reason'),
    /** When the buyer accepted the terms (18 or older, living in Thailand) at the first sign-in. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('buyers_email').on(table.email),
    uniqueIndex('buyers_phone').on(table.phone),
    check('buyers_identifier', sql`${table.email} is not null or ${table.phone} is not null`),
    check('buyers_rating', sql`${table.ratingBasisPoints} between 0 and 10000`),
    check('buyers_status', sql`${table.status} in ('active', 'suspended')`),
    check('buyers_gender', sql`${table.gender} in ('male', 'female', 'others', 'unspecified')`),
  ],
)

/**
 * One-time sign-in codes. Only an HMAC of `identifier:code` is stored, so a leaked table does not
 * sign anyone in. A new code for an identifier replaces the older ones (they get `used_at`).
 */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Canonical email or phone (see `parseSignInIdentifier`). */
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /**
     * Random bytes (hex) the code is derived from with AUTH_SECRET, so a request within the code's
     * life can send the same code again instead of replacing it (server/auth/sign-in-codes.ts).
     * Null for codes issued before it existed.
     */
    codeNonce: text('code_nonce'),
    /** Set when the code signed someone in (or, before code_nonce, was replaced by a newer code). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_codes_identifier').on(table.identifier, table.createdAt.desc())],
)

/**
 * A new email address or phone number a signed-in buyer asked for, waiting for the code sent
 * to it. It becomes a sign-in identifier only when confirmed (server/buyers/identifier-changes.ts).
 */
export const identifierChanges = pgTable(
  'identifier_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: identifierKinds }).notNull(),
    /** Canonical email or phone (see `parseSignInIdentifier`). */
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Set when confirmed, replaced by a newer request or cancelled. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('identifier_changes_buyer').on(table.buyerId, table.createdAt.desc())],
)

/**
 * Fixed-window request counters every server process shares (server/http/rate-limit-store.ts):
 * one row per limited key, e.g. `sign-in-codes:ip:203.0.113.7`.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_reset').on(table.resetAt)],
)

/**
 * Demo and test mode only (production never writes here): the account messages sent, as
 * `GET /api/dev/outbox` shows them. In the database rather than in memory so that a code sent
 * through one server process can be read through any other. Short-lived: rows older than a day,
 * and all but the newest few per address, are deleted as new ones arrive
 * (server/auth/dev-outbox.ts).
 */
export const devOutboxMessages = pgTable(
  'dev_outbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Canonical email or phone (see `parseSignInIdentifier`). */
    recipient: text('recipient').notNull(),
    kind: text('kind', { enum: devOutboxMessageKinds }).notNull(),
    code: text('code'),
    text: text('text').notNull(),
    /** The app's clock (tests move it), as the outbox shows it. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    /** The database's clock, for the retention: a moved test clock cannot age rows out early. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dev_outbox_messages_recipient').on(table.recipient, table.id.desc()),
    index('dev_outbox_messages_recorded').on(table.recordedAt),
  ],
)

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_buyer').on(table.buyerId), index('sessions_expires').on(table.expiresAt)],
)

/** Every suspension and reinstatement, with who did it and why (spec section 4). */
export const buyerStatusEvents = pgTable(
  'buyer_status_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: buyerStatuses }).notNull(),
    reason: text('reason').notNull(),
    /** Who made the change, e.g. the operator's OS user for `npm run ops`. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('buyer_status_events_buyer').on(table.buyerId, table.createdAt.desc())],
)

/**
 * A tap on "Shop now" (issue 5): the click id travels to the merchant as the affiliate sub-id and
 * comes back on the network's conversion, which is how a purchase finds its buyer.
 */
export const clicks = pgTable(
  'clicks',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clicks_buyer').on(table.buyerId, table.createdAt.desc())],
)

/**
 * Cashback transactions (spec sections 3 and 4): the shopper's view of one purchase. Changed only
 * through `server/cashback/transaction-changes.ts`, which runs the state machine of
 * domain/cashback/transaction-state.ts and writes the history and the ledger in the same
 * database transaction.
 */
export const cashbackTransactions = pgTable(
  'cashback_transactions',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    /** `null` for purchases an operator recorded without a click. */
    clickId: text('click_id').references(() => clicks.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    orderId: text('order_id').notNull(),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    /**
     * The merchant's item (SKU or product id) and how many pieces, as the network's first
     * postback said; `null` when it did not say. What the daily item limit counts
     * (domain/cashback/item-limit.ts); later updates do not change them, like the amount.
     */
    sku: text('sku'),
    quantity: integer('quantity'),
    currency: text('currency', { enum: currencies }).notNull().default('THB'),
    purchaseAmount: integer('purchase_amount').notNull(),
    cashbackAmount: integer('cashback_amount').notNull(),
    cashbackComponents: jsonb('cashback_components').$type<CashbackComponent[]>().notNull(),
    /** Bonus recorded at the click and dropped at approval (Special Cashback ended first, docs/decisions/013). */
    forfeitedCashbackComponents: jsonb('forfeited_cashback_components')
      .$type<CashbackComponent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The merchant's rate when the purchase was recorded; later rate changes do not touch it. */
    cashbackKind: text('cashback_kind', { enum: cashbackKinds }).notNull(),
    cashbackRateBasisPoints: integer('cashback_rate_basis_points').notNull(),
    cashbackMaxPerOrder: integer('cashback_max_per_order'),
    status: text('status', { enum: cashbackStatuses }).notNull(),
    accepted: boolean('accepted').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** With `REJECTED`: the network's or operator's own words, for operators (the shopper sees `reason_code`). */
    rejectionReason: text('rejection_reason'),
    /** With `CANCELLED` by one of our rules (the daily item limit): its words, for operators. */
    cancellationReason: text('cancellation_reason'),
    /**
     * Why a `REJECTED` or `CANCELLED` purchase earns nothing, out of the closed set the shopper
     * reads in their language (domain/cashback/rejection-reasons.ts). Not tied to the status by a
     * constraint yet: the release before it writes decisions without it, and the two run side by
     * side during a rolling deploy (docs/decisions/001). Readers fall back to the words
     * (server/cashback/rejection-reason-records.ts); a later release can make it required.
     */
    reasonCode: text('reason_code', { enum: rejectionReasonCodes }),
    /** How this purchase counts in the rating once decided (domain/cashback/rating.ts); `null` while undecided. */
    ratingOutcome: text('rating_outcome', { enum: purchaseOutcomes }),
    releasePath: text('release_path', { enum: cashbackReleasePaths }),
    /** When the release job approves it on the 1-day path; `null` otherwise. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    expectedAt: timestamp('expected_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** An operator approved the shopper's appeal (proofs): final, the network is not heard any more. */
    appealApprovedAt: timestamp('appeal_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'cashback_transactions_status',
      sql`${table.status} in ('TRACKING', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')`,
    ),
    check('cashback_transactions_amounts', sql`${table.purchaseAmount} >= 0 and ${table.cashbackAmount} >= 0`),
    check(
      'cashback_transactions_rejection_reason',
      sql`(${table.status} = 'REJECTED') = (${table.rejectionReason} is not null)`,
    ),
    check('cashback_transactions_archived_accepted', sql`not ${table.archived} or ${table.accepted}`),
    check(
      'cashback_transactions_cancellation_reason',
      sql`${table.cancellationReason} is null or ${table.status} = 'CANCELLED'`,
    ),
    check('cashback_transactions_quantity', sql`${table.quantity} is null or ${table.quantity} >= 1`),
    check(
      'cashback_transactions_reason_code',
      sql`${table.reasonCode} is null or ${table.reasonCode} in (${sqlTextList(rejectionReasonCodes)})`,
    ),
    index('cashback_transactions_buyer').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('cashback_transactions_buyer_status').on(table.buyerId, table.status, table.accepted),
    // Not unique: networks that send one conversion per item (Accesstrade) give one order several
    // transactions; a repeated conversion is recognised by `conversions` (network, conversion id).
    index('cashback_transactions_click_order').on(table.clickId, table.orderId),
    // The daily item limit counts one buyer's pieces of one item on one day.
    index('cashback_transactions_buyer_item')
      .on(table.buyerId, table.merchantId, table.sku, table.orderDate)
      .where(sql`${table.sku} is not null`),
    index('cashback_transactions_release')
      .on(table.releaseAt)
      .where(sql`${table.status} = 'PENDING' and ${table.releaseAt} is not null`),
  ],
)

/** Every change of a transaction, oldest first: its timeline, and who made each change and why. */
export const cashbackTransactionEvents = pgTable(
  'cashback_transaction_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => cashbackTransactions.id),
    kind: text('kind', { enum: cashbackHistoryKinds }).notNull(),
    rejectionReason: text('rejection_reason'),
    /** With `REJECTED` and `CANCELLED` steps: the reason shown to the shopper (see `cashback_transactions.reason_code`). */
    reasonCode: text('reason_code', { enum: rejectionReasonCodes }),
    isEarlyRelease: boolean('is_early_release').notNull().default(false),
    /** With `APPROVED`: an operator approved the shopper's appeal. */
    isAppealApproval: boolean('is_appeal_approval').notNull().default(false),
    /** `buyer`, `network:<name>`, `operator:<user>`, `release-job`, `rule:<name>` (our own rules, e.g. `rule:item-limit`) or `demo seed`. */
    actor: text('actor').notNull(),
    /** The operator's reason or the network's note; never shown to the shopper. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cashback_transaction_events_transaction').on(table.transactionId, table.id),
    check(
      'cashback_transaction_events_reason_code',
      sql`${table.reasonCode} is null or ${table.reasonCode} in (${sqlTextList(rejectionReasonCodes)})`,
    ),
  ],
)

/**
 * What networks told us, one row per (network, conversion id), matched or not. The raw last
 * payload is kept for operators and disputes.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    network: text('network').notNull(),
    conversionId: text('conversion_id').notNull(),
    clickId: text('click_id').notNull(),
    orderId: text('order_id').notNull(),
    networkStatus: text('network_status', { enum: postbackStatuses }).notNull(),
    saleAmount: integer('sale_amount').notNull(),
    payout: integer('payout'),
    currency: text('currency', { enum: currencies }).notNull(),
    reason: text('reason'),
    orderTime: timestamp('order_time', { withTimezone: true }).notNull(),
    /** The item (SKU or product id) and pieces, as the network's latest postback said; `null` when it did not. */
    sku: text('sku'),
    quantity: integer('quantity'),
    /** `null` while unmatched (no such click). */
    transactionId: text('transaction_id').references(() => cashbackTransactions.id),
    /** The state machine's refusal of the latest update, if any (outcome `ignored`). */
    ignoredReason: text('ignored_reason'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * An operator decided an unmatched conversion belongs to nobody (a network's test, another
     * site's sub-id): it leaves the unmatched list and the console's count, and keeps why and who.
     */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedReason: text('dismissed_reason'),
    /** The operator's id. */
    dismissedBy: text('dismissed_by'),
  },
  (table) => [
    uniqueIndex('conversions_network_conversion').on(table.network, table.conversionId),
    check('conversions_quantity', sql`${table.quantity} is null or ${table.quantity} >= 1`),
    index('conversions_unmatched')
      .on(table.receivedAt)
      .where(sql`${table.transactionId} is null and ${table.dismissedAt} is null`),
    check(
      'conversions_dismissal',
      sql`(${table.dismissedAt} is null) = (${table.dismissedReason} is null) and (${table.dismissedAt} is null) = (${table.dismissedBy} is null)`,
    ),
  ],
)

/** `'a', 'b'` for a check constraint; only for our own constant lists, never for input. */
function sqlTextList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '))
}

const positiveLedgerEntryKinds = ledgerEntryKinds.filter((kind) => ledgerEntrySigns[kind] > 0)

/** The kinds a withdrawal or an exchange writes (server/withdrawals/withdrawal-service.ts). */
export const withdrawalLedgerEntryKinds = [
  'withdrawal',
  'withdrawal_fee',
  'withdrawal_return',
  'points_exchange',
] as const satisfies readonly LedgerEntryKind[]

/**
 * The wallet: append-only (a trigger of migration 0003 refuses UPDATE and DELETE), integer
 * satang, signed. A balance is the sum of a buyer's entries, never a stored number. The unique
 * index makes "credit once, reverse once" a database guarantee, not only a code path, and the
 * checks refuse an unknown kind or a kind stored with the wrong sign.
 */
export const walletLedgerEntries = pgTable(
  'wallet_ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    kind: text('kind', { enum: ledgerEntryKinds }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: currencies }).notNull().default('THB'),
    transactionId: text('transaction_id').references(() => cashbackTransactions.id),
    /** The withdrawal or exchange that moved the money (issue 6); `null` for cashback and bonuses. */
    withdrawalId: text('withdrawal_id').references(() => withdrawals.id),
    /** The award a `bonus` pays (issue 12); every bonus has one, so it is paid once. */
    awardId: integer('award_id').references(() => promotionAwards.id),
    /** The membership a `premium_membership` entry pays for. */
    membershipId: text('membership_id').references(() => promotionMemberships.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('wallet_ledger_entries_amount', sql`${table.amount} <> 0`),
    // Money out always names its withdrawal, and nothing else claims one.
    check(
      'wallet_ledger_entries_withdrawal',
      sql`(${table.kind} in (${sqlTextList(withdrawalLedgerEntryKinds)})) = (${table.withdrawalId} is not null)`,
    ),
    check('wallet_ledger_entries_kind', sql`${table.kind} in (${sqlTextList(ledgerEntryKinds)})`),
    // One sign per kind (domain/wallet/ledger.ts): a credit stored negative would pass every sum.
    check(
      'wallet_ledger_entries_sign',
      sql`(${table.kind} in (${sqlTextList(positiveLedgerEntryKinds)})) = (${table.amount} > 0)`,
    ),
    index('wallet_ledger_entries_buyer').on(table.buyerId, table.createdAt),
    uniqueIndex('wallet_ledger_entries_transaction_kind')
      .on(table.transactionId, table.kind)
      .where(sql`${table.transactionId} is not null`),
    // A withdrawal reserves its net and its fee once, and is given back once at most.
    uniqueIndex('wallet_ledger_entries_withdrawal_kind')
      .on(table.withdrawalId, table.kind)
      .where(sql`${table.withdrawalId} is not null`),
    // A bonus is paid for exactly one award, and an award is paid once; a membership is paid once.
    check('wallet_ledger_entries_award', sql`(${table.kind} = 'bonus') = (${table.awardId} is not null)`),
    uniqueIndex('wallet_ledger_entries_award')
      .on(table.awardId)
      .where(sql`${table.awardId} is not null`),
    check(
      'wallet_ledger_entries_membership',
      sql`(${table.kind} = 'premium_membership') = (${table.membershipId} is not null)`,
    ),
    uniqueIndex('wallet_ledger_entries_membership')
      .on(table.membershipId)
      .where(sql`${table.membershipId} is not null`),
  ],
)

/**
 * Results of buyer writes by `Idempotency-Key`: a replay answers the stored result. The key is
 * inserted first in the write's own database transaction, so a parallel replay waits for the
 * first to commit and then reads its answer.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /**
     * Whose key it is: a buyer id (24 hex) or an operator id (`op_…`, server/ops/), which never
     * collide. The column keeps its first name; it is no longer tied to the buyers table.
     */
    ownerId: text('buyer_id').notNull(),
    key: text('key').notNull(),
    /** Method and path of the first request: the same key on another request is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.key] }),
    index('idempotency_keys_created').on(table.createdAt),
  ],
)

/**
 * A buyer's saved payout accounts (issue 20, docs/decisions/024): where withdrawals go, so a
 * returning shopper does not retype them. Rows are never changed but to be replaced: a change of
 * details writes a new row and sets `replaced_at` on the old one, so the history of where money
 * could go stays for support. One current account per buyer and payout target. Written only by
 * server/payout-accounts/payout-account-service.ts; `details` never leaves the server unmasked.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    target: text('target', { enum: payoutTargets }).notNull(),
    details: jsonb('details').$type<PayoutDetails>().notNull(),
    /** From when withdrawals may go here: `created_at` for a first account, 72 hours later otherwise. */
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When a later account of the same target took its place; `null` while it is the current one. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (table) => [
    check('payout_accounts_target', sql`${table.target} in (${sqlTextList(payoutTargets)})`),
    check('payout_accounts_details_target', sql`${table.details}->>'target' = ${table.target}`),
    check('payout_accounts_usable_after_saved', sql`${table.usableFrom} >= ${table.createdAt}`),
    uniqueIndex('payout_accounts_current')
      .on(table.buyerId, table.target)
      .where(sql`${table.replacedAt} is null`),
    index('payout_accounts_buyer').on(table.buyerId, table.createdAt),
  ],
)

/**
 * Money out (issue 6): withdrawals to a bank account, PromptPay or TrueMoney, and exchanges for
 * points. Written only by `server/withdrawals/withdrawal-service.ts`, which reserves the money in
 * the wallet ledger in the same database transaction (docs/decisions/006). `destination` is the
 * masked form the shopper sees again; `payout_details` holds what an operator needs to pay and
 * never leaves the server except through `npm run ops`.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    target: text('target', { enum: withdrawalTargets }).notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    currency: text('currency', { enum: currencies }).notNull().default('THB'),
    /** What left the wallet, satang: `net_amount + fee`. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    /** What the shopper receives, satang; 0 for points. */
    netAmount: integer('net_amount').notNull(),
    /** Points received; only for the points target. */
    points: integer('points'),
    destination: jsonb('destination').$type<WithdrawalDestination>().notNull(),
    /** `null` for points. */
    payoutDetails: jsonb('payout_details').$type<PayoutDetails>(),
    /** The latest date we promised (end of the business-day range); `null` for points. */
    expectedBy: timestamp('expected_by', { withTimezone: true }),
    /**
     * The buyer had 1-day cashback status when asking (spec section 6): promised sooner and paid
     * first (domain/wallet/withdrawal-rules.ts, docs/decisions/015).
     */
    isOneDayMember: boolean('is_one_day_member').notNull().default(false),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('withdrawals_target', sql`${table.target} in (${sqlTextList(withdrawalTargets)})`),
    check('withdrawals_status', sql`${table.status} in (${sqlTextList(withdrawalStatuses)})`),
    check(
      'withdrawals_amounts',
      sql`${table.amount} > 0 and ${table.fee} >= 0 and ${table.netAmount} >= 0 and (${table.target} = 'points' or ${table.netAmount} + ${table.fee} = ${table.amount})`,
    ),
    check('withdrawals_points', sql`(${table.target} = 'points') = (${table.points} is not null)`),
    check(
      'withdrawals_points_without_fee',
      sql`${table.target} <> 'points' or (${table.fee} = 0 and ${table.netAmount} = 0)`,
    ),
    check('withdrawals_payout_details', sql`(${table.target} = 'points') = (${table.payoutDetails} is null)`),
    check('withdrawals_failure_reason', sql`(${table.status} = 'failed') = (${table.failureReason} is not null)`),
    index('withdrawals_buyer').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    // One money-out at a time per buyer (docs/decisions/006), also if a code path forgot the lock.
    uniqueIndex('withdrawals_one_open')
      .on(table.buyerId)
      .where(sql`${table.status} in ('requested', 'processing')`),
    index('withdrawals_status').on(table.status, table.createdAt.desc()),
    // Finance's queue of one open status: 1-day cashback members first, then oldest first.
    index('withdrawals_payout_queue')
      .on(table.status, table.isOneDayMember.desc(), table.createdAt, table.id)
      .where(sql`${table.status} in ('requested', 'processing')`),
  ],
)

/** Every status change of a withdrawal, oldest first: who made it and why. */
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    withdrawalId: text('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    status: text('status', { enum: withdrawalStatuses }).notNull(),
    /** `buyer` or `operator:<user>`. */
    actor: text('actor').notNull(),
    /** The operator's reason (a failure's is also shown to the shopper). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('withdrawal_events_withdrawal').on(table.withdrawalId, table.id)],
)

/**
 * Proof pictures sent to appeal a rejected transaction (issue 6; domain/contracts/proof.ts). The
 * bytes live in the proof storage (server/proofs/proof-storage.ts) under `storage_key`; a deleted
 * proof keeps its row (who sent what, and when it was deleted) but its bytes are removed.
 */
export const proofs = pgTable(
  'proofs',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => cashbackTransactions.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    status: text('status', { enum: proofStatuses }).notNull().default('pending'),
    contentType: text('content_type', { enum: proofContentTypes }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** `operator:<user>`. */
    reviewedBy: text('reviewed_by'),
    /**
     * With `rejected`: the reason the shopper is shown (domain/cashback/proof-rejection-reasons.ts).
     * Not required by a constraint yet: the release before it refuses proofs without one during a
     * rolling deploy, and readers take a missing code as `other`.
     */
    rejectionReasonCode: text('rejection_reason_code', { enum: proofRejectionReasonCodes }),
    /** With `rejected`: the operator's note, for operators and the audit (the shopper sees the code); optional. */
    rejectionReason: text('rejection_reason'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('proofs_status', sql`${table.status} in (${sqlTextList(proofStatuses)})`),
    check('proofs_content_type', sql`${table.contentType} in (${sqlTextList(proofContentTypes)})`),
    check('proofs_size', sql`${table.byteSize} > 0 and ${table.width} > 0 and ${table.height} > 0`),
    // Why, only on a refused proof, and always its reason code (the shopper reads the reason by it).
    check(
      'proofs_rejection_reason',
      sql`case when ${table.status} = 'rejected' then ${table.rejectionReasonCode} is not null else ${table.rejectionReason} is null and ${table.rejectionReasonCode} is null end`,
    ),
    check(
      'proofs_rejection_reason_code',
      sql`${table.rejectionReasonCode} is null or ${table.rejectionReasonCode} in (${sqlTextList(proofRejectionReasonCodes)})`,
    ),
    // An approved proof is the record of the decision and cannot be deleted.
    check('proofs_approved_kept', sql`${table.status} <> 'approved' or ${table.deletedAt} is null`),
    index('proofs_transaction').on(table.transactionId, table.createdAt, table.id),
    index('proofs_pending')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending' and ${table.deletedAt} is null`),
  ],
)

/**
 * Premium and Special Cashback memberships (issue 12; docs/decisions/013). One of each kind per
 * buyer, ever (the unique index); never deleted. A Special Cashback membership that ended because
 * the balance fell below its level records when and why; the end by time is `expires_at`.
 */
export const promotionMemberships = pgTable(
  'promotion_memberships',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    kind: text('kind', { enum: promotionMembershipKinds }).notNull(),
    /** The Special Cashback level, 1..3; `null` for premium. */
    level: integer('level').$type<SpecialCashbackLevel>(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['balance_below_tier'] }),
    /** What the join cost, satang (the premium price in force; 0 for Special Cashback). */
    price: integer('price').notNull(),
  },
  (table) => [
    uniqueIndex('promotion_memberships_buyer_kind').on(table.buyerId, table.kind),
    check('promotion_memberships_kind', sql`${table.kind} in (${sqlTextList(promotionMembershipKinds)})`),
    check(
      'promotion_memberships_level',
      sql`(${table.kind} = 'special_cashback') = (${table.level} is not null) and (${table.level} is null or ${table.level} between 1 and 3)`,
    ),
    check('promotion_memberships_end', sql`(${table.endedAt} is null) = (${table.endReason} is null)`),
    check('promotion_memberships_price', sql`${table.price} >= 0`),
  ],
)

/**
 * A bonus earned (issue 12): the new-user bonus, once per buyer, and the referral bonus, once per
 * friend (the unique indexes). The `bonus` ledger entry that pays it names it, so it is paid once.
 */
export const promotionAwards = pgTable(
  'promotion_awards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Who receives it. */
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    kind: text('kind', { enum: promotionAwardKinds }).notNull(),
    amount: integer('amount').notNull(),
    /** The purchase whose approval earned it. */
    transactionId: text('transaction_id')
      .notNull()
      .references(() => cashbackTransactions.id),
    /** With `referral_bonus`: the friend whose spending earned it. */
    friendBuyerId: text('friend_buyer_id').references(() => buyers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('promotion_awards_kind', sql`${table.kind} in (${sqlTextList(promotionAwardKinds)})`),
    check('promotion_awards_amount', sql`${table.amount} > 0`),
    check('promotion_awards_friend', sql`(${table.kind} = 'referral_bonus') = (${table.friendBuyerId} is not null)`),
    uniqueIndex('promotion_awards_new_user')
      .on(table.buyerId)
      .where(sql`${table.kind} = 'new_user_bonus'`),
    uniqueIndex('promotion_awards_referral')
      .on(table.friendBuyerId)
      .where(sql`${table.kind} = 'referral_bonus'`),
  ],
)

/** Each buyer's referral code (issue 12), made the first time they ask for it. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    buyerId: text('buyer_id')
      .primaryKey()
      .references(() => buyers.id),
    /** Normalized: 8 characters of `referralCodeAlphabet`. */
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('referral_codes_code').on(table.code)],
)

/** A new member's redemption of a friend's code: one per member (the primary key), never their own. */
export const referralRedemptions = pgTable(
  'referral_redemptions',
  {
    friendBuyerId: text('friend_buyer_id')
      .primaryKey()
      .references(() => buyers.id),
    referrerBuyerId: text('referrer_buyer_id')
      .notNull()
      .references(() => buyers.id),
    code: text('code').notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('referral_redemptions_not_own', sql`${table.friendBuyerId} <> ${table.referrerBuyerId}`),
    index('referral_redemptions_referrer').on(table.referrerBuyerId, table.redeemedAt.desc()),
  ],
)

/**
 * The people who run the service (issue 14, docs/decisions/016). They sign in to the console at
 * `/ops` with an emailed code and an authenticator app (TOTP); `totp_secret` is set once they
 * have proven their app with a code, `totp_pending_secret` holds the one being enrolled.
 */
export const operators = pgTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: operatorRoles }).notNull(),
    status: text('status', { enum: operatorStatuses }).notNull().default('active'),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step a code was accepted for: the same code cannot be used twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Who invited them (an operator id), or the ops command that made the first admin. */
    createdBy: text('created_by').notNull(),
  },
  (table) => [
    uniqueIndex('operators_email').on(table.email),
    check('operators_role', sql`${table.role} in ('support', 'finance', 'admin')`),
    check('operators_status', sql`${table.status} in ('active', 'disabled')`),
  ],
)

/**
 * Console sessions, apart from shoppers' (their own cookie, path and lifetime). A session is
 * `second_factor` between the emailed code and the authenticator code, then `active`.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: text('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['second_factor', 'active'] }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('operator_sessions_operator').on(table.operatorId),
    check('operator_sessions_stage', sql`${table.stage} in ('second_factor', 'active')`),
  ],
)

/**
 * Every operator action (who, what, on what, when, why, before and after), append-only like the
 * wallet ledger: written in the same database transaction as the action it records.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** An operator id, or `cli:<user>` for `npm run ops`. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('operator_audit_log_subject').on(table.subjectType, table.subjectId, table.id.desc()),
    index('operator_audit_log_actor').on(table.actor, table.id.desc()),
  ],
)

/**
 * The support chat (issue 15, domain/support/chat.ts): one conversation per shopper (the unique
 * buyer), made by their first message. `last_sequence` numbers its messages: a message is written
 * while this row is locked, so sequences are given out in commit order, without gaps
 * (server/support/support-service.ts). The read markers are sequences: `shopper_read_sequence`
 * covers the agents' messages the shopper has seen, `agent_read_sequence` the shopper's messages an
 * agent has seen. `awaiting_answer_since` is the shopper's first message after the last agent
 * answer (the queue's order), `null` once answered.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    status: text('status', { enum: supportConversationStatuses }).notNull().default('open'),
    lastSequence: integer('last_sequence').notNull().default(0),
    shopperReadSequence: integer('shopper_read_sequence').notNull().default(0),
    agentReadSequence: integer('agent_read_sequence').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    awaitingAnswerSince: timestamp('awaiting_answer_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Any change: a message, a read marker, the status (what the console's stream re-reads after a gap). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('support_conversations_buyer').on(table.buyerId),
    check('support_conversations_status', sql`${table.status} in (${sqlTextList(supportConversationStatuses)})`),
    check(
      'support_conversations_sequences',
      sql`${table.lastSequence} >= 0 and ${table.shopperReadSequence} between 0 and ${table.lastSequence} and ${table.agentReadSequence} between 0 and ${table.lastSequence}`,
    ),
    index('support_conversations_queue').on(table.status, table.awaitingAnswerSince, table.lastMessageAt, table.id),
    index('support_conversations_updated').on(table.updatedAt),
  ],
)

/**
 * The messages of a conversation, append-only (a trigger refuses UPDATE, DELETE and TRUNCATE):
 * nobody deletes what was said. `text` is stored as sent, trimmed; clients show it as text.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sequence: integer('sequence').notNull(),
    author: text('author', { enum: supportAuthors }).notNull(),
    /** The agent who wrote it; `null` for the shopper's messages. */
    operatorId: text('operator_id').references(() => operators.id),
    text: text('text').notNull(),
    /** A purchase of the shopper's they attached. */
    transactionId: text('transaction_id').references(() => cashbackTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('support_messages_sequence').on(table.conversationId, table.sequence),
    check('support_messages_author', sql`${table.author} in (${sqlTextList(supportAuthors)})`),
    check('support_messages_operator', sql`(${table.author} = 'agent') = (${table.operatorId} is not null)`),
    check('support_messages_sequence_positive', sql`${table.sequence} >= 1`),
    check(
      'support_messages_text_length',
      sql`char_length(${table.text}) <= ${sql.raw(String(maxSupportMessageLength))}`,
    ),
  ],
)

/**
 * Pictures for the chat, checked and re-encoded like proof pictures and kept in the proof storage
 * under `<buyerId>/<id>`. Uploaded first (`message_id` null), then used by one message of their
 * owner: `message_id` is set once, with the picture's place in it.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id),
    messageId: text('message_id').references(() => supportMessages.id),
    position: smallint('position'),
    contentType: text('content_type', { enum: proofContentTypes }).notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('support_attachments_content_type', sql`${table.contentType} in (${sqlTextList(proofContentTypes)})`),
    check('support_attachments_size', sql`${table.byteSize} > 0 and ${table.width} > 0 and ${table.height} > 0`),
    check('support_attachments_position', sql`(${table.messageId} is null) = (${table.position} is null)`),
    index('support_attachments_message').on(table.messageId, table.position),
    index('support_attachments_buyer').on(table.buyerId, table.createdAt),
  ],
)

/**
 * What the app told each buyer (issue 16): the in-app list, and the outbox of pushes. A row is
 * written in the same transaction as the change it tells of, so a push goes out exactly for what
 * committed; `reason_key` makes it once per reason (a replayed postback, a second reminder round).
 * The push worker (server/notifications/push-sender.ts) takes rows whose `push_due_at` has come
 * and whose lease is free: `pending` → `sent` (to at least one device), `skipped` (no device, the
 * topic turned off, or the daily limit) or `failed` (the push services kept refusing).
 */
export const notificationPushStatuses = ['pending', 'sent', 'skipped', 'failed'] as const

export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    reasonKey: text('reason_key').notNull(),
    values: jsonb('values').$type<NotificationValues>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    pushStatus: text('push_status', { enum: notificationPushStatuses }).notNull().default('pending'),
    pushAttempts: integer('push_attempts').notNull().default(0),
    /** When the next attempt may go out (quiet hours, backoff); `null` once the push is settled. */
    pushDueAt: timestamp('push_due_at', { withTimezone: true }),
    /** A worker is sending it until then; another takes it over after (the worker died). */
    pushLeaseUntil: timestamp('push_lease_until', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_reason').on(table.buyerId, table.reasonKey),
    index('notifications_buyer_list').on(table.buyerId, table.createdAt, table.id),
    index('notifications_push_due')
      .on(table.pushDueAt)
      .where(sql`${table.pushStatus} = 'pending'`),
    check('notifications_kind', sql`${table.kind} in (${sqlTextList(notificationKinds)})`),
    check('notifications_push_status', sql`${table.pushStatus} in (${sqlTextList(notificationPushStatuses)})`),
    check('notifications_push_due', sql`(${table.pushStatus} = 'pending') = (${table.pushDueAt} is not null)`),
  ],
)

/**
 * A device that receives pushes: the browser's subscription with a push service. Bound to the
 * session that made it, so signing out (which deletes the session) removes it; one endpoint is
 * one device, which belongs to whoever signed in on it last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    locale: text('locale', { enum: ['th', 'en'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint').on(table.endpoint),
    index('push_subscriptions_buyer').on(table.buyerId),
    index('push_subscriptions_session').on(table.sessionTokenHash),
    check('push_subscriptions_locale', sql`${table.locale} in ('th', 'en')`),
  ],
)

/** The topics a buyer turned off for pushes (none: every topic is on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    buyerId: text('buyer_id')
      .primaryKey()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    mutedTopics: text('muted_topics')
      .array()
      .$type<NotificationTopic[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'notification_preferences_topics',
      sql`${table.mutedTopics} <@ array[${sqlTextList(notificationTopics)}]::text[]`,
    ),
  ],
)
