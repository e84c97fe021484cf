import { sql } from 'drizzle-orm'
import { merchantCategoryIds } from '#domain/categories'
import { buyerStatuses, cashbackStatuses } from '#domain/contracts/buyer'
import { genders } from '#domain/contracts/profile'
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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
  },
  (table) => [
    check('merchants_cashback_kind', sql`${table.cashbackKind} in ('up-to', 'flat')`),
    check('merchants_rate', sql`${table.cashbackRateBasisPoints} between 0 and 10000`),
    // Spec section 9: flat-rate merchants always have a cap.
    check('merchants_flat_has_cap', sql`${table.cashbackKind} <> 'flat' or ${table.cashbackMaxPerOrder} is not null`),
    uniqueIndex('merchants_top_rank').on(table.topRank),
    index('merchants_popular').on(table.topRank.asc().nullsLast(), table.popularity.desc(), table.id),
    index('merchants_cashback').on(table.cashbackRateBasisPoints.desc(), table.id),
    index('merchants_newest').on(table.createdAt.desc(), table.id.desc()),
    index('merchants_name_th').on(table.nameTh, table.id),
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
  },
  (table) => [
    check('products_price', sql`${table.price} >= 0`),
    index('products_merchant').on(table.merchantId, table.popularity.desc(), table.id),
    index('products_comparison').on(table.comparisonKey, table.netPrice, table.id),
    index('products_popular').on(table.popularity.desc(), table.id),
    index('products_cashback').on(table.estimatedCashback.desc(), table.id),
    index('products_newest').on(table.createdAt.desc(), table.id.desc()),
    index('products_price').on(table.price, table.id),
    index('products_name_th').on(table.nameTh, table.id),
    index('products_name_en').on(sql`lower(${table.nameEn})`, table.id),
    index('products_category').on(table.categoryId, table.popularity.desc(), table.id),
    index('products_search_trigram').using('gin', table.searchText.op('gin_trgm_ops')),
    index('products_name_th_prefix').on(table.nameTh.op('text_pattern_ops')),
    index('products_name_en_prefix').on(sql`lower(${table.nameEn}) text_pattern_ops`),
  ],
)

/**
 * Shoppers (issue 4). A buyer signs in with their email or Thai mobile number, both stored in
 * canonical form (lowercased email, 10-digit local phone) and unique. The rating is kept in basis
 * points of a percent (9600 = 96 %) so it stays an exact integer. The balance comes from the
 * wallet ledger (a later issue), not from this table.
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
    ratingBasisPoints: integer('rating_basis_points').notNull().default(0),
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
    /** Set when the code signed someone in or was replaced by a newer code. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sign_in_codes_identifier').on(table.identifier, table.createdAt.desc())],
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
 * Cashback transactions (spec sections 3 and 4). Minimal for now: the cashback issue adds the
 * merchant, order and amounts.
 */
export const cashbackTransactions = pgTable(
  'cashback_transactions',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: cashbackStatuses }).notNull(),
    accepted: boolean('accepted').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'cashback_transactions_status',
      sql`${table.status} in ('TRACKING', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED')`,
    ),
    index('cashback_transactions_buyer').on(table.buyerId, table.createdAt.desc(), table.id.desc()),
    index('cashback_transactions_buyer_status').on(table.buyerId, table.status, table.accepted),
  ],
)
