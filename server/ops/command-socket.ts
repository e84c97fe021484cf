import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createConnection, createServer, type Server } from 'node:net'
import path from 'node:path'
import type { Database } from '#server/db/database'
import type { Logger } from '#server/logger'
import { parseOperatorCommand, runOperatorCommand } from '#server/operator-commands'
import type { ProofStorage } from '#server/proofs/proof-storage'
import type { PictureStorage } from '#server/pictures/picture-storage'

/**
 * `npm run ops` while the server runs on the embedded database (issue 14). Only one process may
 * open a PGlite data directory, so the server that holds it runs the CLI's commands for it: it
 * listens on a Unix socket inside the data directory (whoever can reach the socket can read the
 * database files anyway, so the directory's permissions are the access control), and the CLI
 * sends its arguments there instead of opening the database. Same parser, same service
 * functions, same output as running the command directly. With DATABASE_URL every process
 * reaches PostgreSQL itself and none of this is used.
 */

export function commandSocketPath(dataDirectory: string): string {
  return path.join(dataDirectory, 'ops.sock')
}

/** Unix socket paths are limited to about 107 bytes (`sun_path`). */
const maxSocketPathLength = 100
/** Arguments are a few words; anything bigger is not the CLI. */
const maxRequestBytes = 64 * 1024

type CommandRequest = { argv: string[]; actor: string }
export type CommandAnswer = { exitCode: number; output: string }

function parseRequest(text: string): CommandRequest | undefined {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return undefined
    const { argv, actor } = value as Record<string, unknown>
    if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string') || typeof actor !== 'string') {
      return undefined
    }
    return { argv, actor: actor.slice(0, 100) }
  } catch {
    return undefined
  }
}

async function answer(
  request: CommandRequest | undefined,
  options: { database: Database; proofStorage: ProofStorage; pictureStorage: PictureStorage },
): Promise<CommandAnswer> {
  if (request === undefined) return { exitCode: 2, output: 'malformed request' }
  const parsed = parseOperatorCommand(request.argv)
  if (!parsed.success) return { exitCode: 2, output: parsed.message }
  try {
    const output = await runOperatorCommand(parsed.command, options.database, {
      actor: request.actor,
      proofStorage: options.proofStorage,
      pictureStorage: options.pictureStorage,
    })
    return { exitCode: 0, output }
  } catch (error) {
    return { exitCode: 1, output: `ops failed: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** Starts answering commands on the data directory's socket; `undefined` when the path is too long. */
export async function startCommandSocket(options: {
  dataDirectory: string
  database: Database
  proofStorage: ProofStorage
  pictureStorage: PictureStorage
  logger: Logger
}): Promise<Server | undefined> {
  const socketPath = commandSocketPath(options.dataDirectory)
  if (socketPath.length > maxSocketPathLength) {
    options.logger.warn(
      { socketPath },
      'data directory path too long for the ops socket; stop the server to run npm run ops',
    )
    return undefined
  }
  // The data directory lock is ours, so a socket file left there is a previous run's.
  await rm(socketPath, { force: true })
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    let text = ''
    connection.setEncoding('utf8')
    connection.on('data', (chunk: string) => {
      text += chunk
      if (text.length > maxRequestBytes) connection.destroy()
    })
    connection.on('end', () => {
      void answer(parseRequest(text), options).then((result) => {
        if (result.exitCode !== 0) options.logger.info({ exitCode: result.exitCode }, 'ops command refused')
        connection.end(JSON.stringify(result))
      })
    })
    connection.on('error', () => connection.destroy())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  return server
}

/**
 * The CLI's side: sends the arguments to the server holding the data directory. `undefined` when
 * no server answers there (none runs: the CLI opens the database itself).
 */
export async function sendToRunningServer(
  dataDirectory: string,
  request: CommandRequest,
): Promise<CommandAnswer | undefined> {
  const socketPath = commandSocketPath(dataDirectory)
  if (!existsSync(socketPath)) return undefined
  return new Promise((resolve, reject) => {
    const connection = createConnection(socketPath)
    let text = ''
    connection.setEncoding('utf8')
    connection.on('connect', () => connection.end(JSON.stringify(request)))
    connection.on('data', (chunk: string) => {
      text += chunk
    })
    connection.on('end', () => {
      try {
        resolve(JSON.parse(text) as CommandAnswer)
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    connection.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file with nobody behind it: the server stopped without removing it.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined)
      else reject(error)
    })
  })
}
