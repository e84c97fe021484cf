import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchants, products } from '#server/db/schema'
import { defaultDemoSeed, demoCatalogueSize, generateDemoCatalogue } from '#server/seed/demo-catalogue'
import { demoFeedFiles } from '#server/seed/demo-feeds/demo-feed-files'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import { demoFeedDirectory, seedDemoCatalogueIfEmpty } from '#server/seed/seed-demo-catalogue'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

describe('the demo catalogue as network feeds', () => {
  const catalogue = generateDemoCatalogue(demoCatalogueSize, defaultDemoSeed)

  it('has its committed files as the generator writes them (npm run demo:feeds)', async () => {
    const expected = demoFeedFiles(catalogue)
    expect(expected.size).toBeGreaterThan(600)
    for (const [relativePath, content] of expected) {
      const committed = await readFile(path.join(demoFeedDirectory, relativePath), 'utf8').catch(() => undefined)
      expect(committed === content, `${relativePath} differs: run npm run demo:feeds`).toBe(true)
    }
  })

  describe('imported', () => {
    let fromFeeds: TestDatabase
    let direct: TestDatabase

    beforeAll(async () => {
      fromFeeds = await createTestDatabase()
      direct = await createTestDatabase()
    }, 60_000)

    afterAll(async () => {
      await fromFeeds.dispose()
      await direct.dispose()
    })

    it('is the generated catalogue, row for row, and imports once', async () => {
      const seeded = await seedDemoCatalogueIfEmpty(fromFeeds.connection.database)
      expect(seeded).toMatchObject({ seeded: true, merchantCount: 320, productCount: 10_500 })
      expect(await seedDemoCatalogueIfEmpty(fromFeeds.connection.database)).toEqual({ seeded: false })
      await seedCatalogueIfEmpty(direct.connection.database)
      for (const table of [merchants, products]) {
        const imported = await fromFeeds.connection.database.select().from(table).orderBy(asc(table.id))
        const generated = await direct.connection.database.select().from(table).orderBy(asc(table.id))
        expect(imported).toEqual(generated)
      }
    }, 120_000)
  })
})
