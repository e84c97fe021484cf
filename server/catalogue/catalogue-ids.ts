import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { catalogueIdSchema } from '#domain/contracts/catalogue'

/** The same id for the same name every time, so generated demo data is reproducible. */
export function deterministicCatalogueId(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 24)
}

export function isCatalogueId(value: string): boolean {
  return v.is(catalogueIdSchema, value)
}
