import { userInfo } from 'node:os'
import path from 'node:path'
import { importFeedOffThread } from '#server/catalogue/feeds/feed-imports'
import { openDatabase } from '#server/db/database'
import { env } from '#server/env'
import { createLogger } from '#server/logger'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import { sendToRunningServer } from '#server/ops/command-socket'
import { createProofStorage } from '#server/proofs/proof-storage'
import { createPictureStorage } from '#server/pictures/picture-storage'

/**
 * Operator CLI: `npm run ops -- maintenance on|off|status`, `buyer show|suspend|reinstate …`,
 * `transaction show|approve|reject|cancel …`, `conversions unmatched`, `cashback release`,
 * `withdrawals list`, `withdrawal show|processing|paid|fail …`, `operator create …` (the console's
 * first admin), see `operatorUsage`. It writes
 * the shared database, so with DATABASE_URL it reaches every running server. With embedded
 * PGlite only one process may open the data directory: when a server holds it, the command is
 * sent to that server, which runs it (server/ops/command-socket.ts); otherwise the CLI opens the
 * database itself.
 */

/** Recorded with buyer status and transaction changes: the OS account that ran the command. */
function operatorName(): string {
  try {
    return `ops:${userInfo().username}`
  } catch {
    return 'ops'
  }
}

/** Connections the CLI's pool opens at most, whatever DATABASE_POOL_MAX gives a server. */
const operatorPoolMax = 2

const parsed = parseOperatorCommand(process.argv.slice(2))
if (!parsed.success) {
  process.stderr.write(`${parsed.message}\n`)
  process.exit(2)
}

/**
 * The server runs the command in its own working directory: a folder to write to, or a feed file
 * to import (`catalogue import <adapter> <file>`), must be absolute.
 */
function withAbsoluteFolders(argv: readonly string[]): string[] {
  const sourceIndex =
    argv[0] === 'catalogue' && argv[1] === 'import' ? 3 : argv[0] === 'catalogue' && argv[2] === 'add' ? 4 : -1
  return argv.map((argument, index) =>
    argv[index - 1] === '--save' || (index === sourceIndex && !/^https?:\/\//i.test(argument))
      ? path.resolve(argument)
      : argument,
  )
}

if (env.databaseUrl === undefined) {
  const answered = await sendToRunningServer(env.dataDirectory, {
    argv: withAbsoluteFolders(process.argv.slice(2)),
    actor: operatorName(),
  }).catch((error: unknown) => {
    process.stderr.write(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
  if (answered !== undefined) {
    ;(answered.exitCode === 0 ? process.stdout : process.stderr).write(`${answered.output}\n`)
    process.exit(answered.exitCode)
  }
}

try {
  const connection = await openDatabase({
    databaseUrl: env.databaseUrl,
    directUrl: env.databaseDirectUrl,
    // One command at a time: a small pool keeps the CLI's share of max_connections known
    // (docs/scaling.md); the migration check opens one more session of its own, briefly.
    poolMax: operatorPoolMax,
    dataDirectory: env.dataDirectory,
    logger: createLogger(env.logLevel, 'stderr'),
  })
  try {
    // A fresh data directory has no tables yet; migrating is a no-op otherwise.
    await connection.migrate()
    process.stdout.write(
      `${await runOperatorCommand(parsed.command, connection.database, {
        actor: operatorName(),
        proofStorage: createProofStorage(env.proofStorage),
        pictureStorage: createPictureStorage(env.pictureStorage),
        importFeed: env.databaseUrl === undefined ? undefined : importFeedOffThread(env.databaseUrl, env.logLevel),
      })}\n`,
    )
  } finally {
    await connection.close()
  }
} catch (error) {
  process.stderr.write(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
