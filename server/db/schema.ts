import { sql } from 'drizzle-orm'
import { merchantCategoryIds } from '#domain/categories'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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
