import { openDatabase } from '#server/db/database'
import { env } from '#server/env'
import { createLogger } from '#server/logger'
import { benchmarkCatalogueSize } from '#server/seed/demo-catalogue'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'

/**
 * `npm run seed:bench`: 10,000 merchants and 100,000 products for benchmarks, into DATA_DIR (or
 * DATABASE_URL, which like every entry point also wants PROOF_STORAGE). Only into an empty
 * catalogue: point DATA_DIR at a fresh directory, e.g.
 * `DATA_DIR=.data-bench/catalogue npm run seed:bench`.
 */
const logger = createLogger(env.logLevel, 'stderr')
try {
  const connection = await openDatabase({
    databaseUrl: env.databaseUrl,
    directUrl: env.databaseDirectUrl,
    poolMax: env.databasePoolMax,
    dataDirectory: env.dataDirectory,
    logger,
  })
  try {
    await connection.migrate()
    const result = await seedCatalogueIfEmpty(connection.database, { size: benchmarkCatalogueSize })
    process.stdout.write(
      result.seeded
        ? `Seeded ${result.merchantCount} merchants and ${result.productCount} products in ${result.milliseconds} ms\n`
        : 'The catalogue is not empty; nothing seeded. Use a fresh DATA_DIR (or database).\n',
    )
  } finally {
    await connection.close()
  }
} catch (error) {
  process.stderr.write(`seed:bench failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
