import { sql } from 'drizzle-orm'
import { changeCatalogue } from '#server/catalogue/catalogue-writes'
import type { Database } from '#server/db/database'
import { merchants } from '#server/db/schema'
import {
  defaultDemoSeed,
  demoCatalogueSize,
  generateDemoCatalogue,
  type CatalogueSize,
} from '#server/seed/demo-catalogue'

/** Held for the seeding transaction, so processes starting together seed once between them. */
const seedAdvisoryLockKey = 7_210_002

export type SeedResult =
  { seeded: false } | { seeded: true; merchantCount: number; productCount: number; milliseconds: number }

async function hasMerchants(database: Database): Promise<boolean> {
  const rows = await database.select({ id: merchants.id }).from(merchants).limit(1)
  return rows.length > 0
}

/**
 * Fills an empty catalogue with the generated demo data (demo mode start-up, benchmarks). Does
 * nothing when any merchant exists, so restarts never duplicate or overwrite data.
 */
export async function seedCatalogueIfEmpty(
  database: Database,
  options: { size?: CatalogueSize; seed?: number } = {},
): Promise<SeedResult> {
  if (await hasMerchants(database)) return { seeded: false }
  const started = performance.now()
  const catalogue = generateDemoCatalogue(options.size ?? demoCatalogueSize, options.seed ?? defaultDemoSeed)
  const seeded = await changeCatalogue(database, async (writer) => {
    await writer.database.execute(sql`select pg_advisory_xact_lock(${seedAdvisoryLockKey})`)
    // Another process may have seeded while this one generated.
    if (await hasMerchants(writer.database)) return false
    await writer.insertMerchants(catalogue.merchants)
    await writer.insertProducts(catalogue.products)
    return true
  })
  if (!seeded) return { seeded: false }
  return {
    seeded: true,
    merchantCount: catalogue.merchants.length,
    productCount: catalogue.products.length,
    milliseconds: Math.round(performance.now() - started),
  }
}
