import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` diffs the schema against the last snapshot and writes a new SQL migration.
// The server applies pending migrations at start, so the migrations folder is the source of truth.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
