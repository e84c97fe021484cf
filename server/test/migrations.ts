import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from 'vitest'

/**
 * The hand-written statements at the end of a migration (`server/db/migrations/<file>`, from the one
 * that starts `-- Hand-written`): what fills new columns of rows from before it, for tests that
 * replay them on rows made the old way.
 */
export async function readHandWrittenStatements(file: string): Promise<string[]> {
  const text = await readFile(path.join(import.meta.dirname, '../db/migrations', file), 'utf8')
  const statements = text.split('--> statement-breakpoint').map((statement) => statement.trim())
  const first = statements.findIndex((statement) => statement.startsWith('-- Hand-written'))
  expect(first).toBeGreaterThan(0)
  return statements.slice(first)
}
