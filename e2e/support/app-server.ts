import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'

const host = '127.0.0.1'

/** The servers this test process started: none outlives it (see `startAppServer`). */
const runningServers = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of runningServers) child.kill('SIGTERM')
})

/**
 * Takes `port` (0: one the system picks) and lets it go: the port a server can listen on now.
 * A port something already listens on is an error. Waiting for `/api/health` cannot tell whose
 * server answers it: a server left from an interrupted run (or another person's run) would stand
 * in for this test's, with its own build and data, while the new one exits on EADDRINUSE.
 */
async function claimPort(port: number): Promise<number> {
  const probe = createServer()
  probe.listen(port, host)
  const outcome = await Promise.race([
    once(probe, 'listening').then(() => null),
    once(probe, 'error').then(([error]) => error as NodeJS.ErrnoException),
  ])
  if (outcome?.code === 'EADDRINUSE') {
    throw new Error(`Port ${port} is already in use: another server (one left from an earlier run?) would answer`)
  }
  if (outcome) throw outcome
  const address = probe.address()
  probe.close()
  await once(probe, 'close')
  if (address === null || typeof address === 'string') throw new Error('The port probe has no TCP address')
  return address.port
}

/**
 * A separate instance of the real server (its own port, data and build), for tests that restart
 * it. Without `port`, a free one: another run on this machine cannot collide with it.
 */
export async function startAppServer(options: {
  port?: number
  dataDirectory: string
  clientDirectory: string
  /** More variables for the server (a test's own certificate authority, say). */
  environment?: Record<string, string>
  /** The time the server's clock reads at its start (e2e/support/server-clock.ts); the real time when left out. */
  serverNow?: Date
  /** How long to wait for its health check at most; a fresh data folder's start imports the demo. */
  startWithinSeconds?: number
}) {
  const port = await claimPort(options.port ?? 0)
  // The server stops when the test process does, even when it dies too abruptly to stop it:
  // its end of the server's stdin closes, and the server reads the end of its input.
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      './e2e/support/stop-with-parent.ts',
      ...(options.serverNow === undefined ? [] : ['--import', './e2e/support/server-clock.ts']),
      'dist/server/main.js',
    ],
    {
      stdio: ['pipe', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: host,
        DATA_DIR: options.dataDirectory,
        CLIENT_DIR: options.clientDirectory,
        LOG_LEVEL: 'warn',
        ENV_FILE: '',
        ...options.environment,
        ...(options.serverNow === undefined ? {} : { E2E_SERVER_NOW: options.serverNow.toISOString() }),
      },
    },
  )
  runningServers.add(child)
  child.once('exit', () => runningServers.delete(child))
  const url = `http://${host}:${port}`
  // A fresh data folder's first start imports the demo catalogue (decision 023).
  const startWithinSeconds = options.startWithinSeconds ?? 120
  const deadline = Date.now() + startWithinSeconds * 1000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (isUp) break
    if (Date.now() > deadline) throw new Error(`The server did not start within ${startWithinSeconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

let seededTemplate: Promise<string> | undefined

/**
 * A data folder with the demo seeded, made once per test process by a server's first start and
 * stopped cleanly: each own server starts from a copy, as a restarted server would, instead of
 * importing the demo's 642 feed files again.
 */
function seededDataTemplate(clientDirectory: string): Promise<string> {
  seededTemplate ??= (async () => {
    const dataDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-e2e-seeded-'))
    // Each copy is a few hundred MB: a machine running the suite often must not fill its disk.
    process.once('exit', () => rmSync(dataDirectory, { recursive: true, force: true }))
    const server = await startAppServer({ dataDirectory, clientDirectory })
    await server.stop()
    return dataDirectory
  })()
  return seededTemplate
}

/**
 * A server of its own, with a copy of the build and a copy of a freshly seeded data folder, for tests that change
 * its data or run operator commands. `runOperatorCommands` runs `server/ops.ts` against the same
 * data folder while the server runs: with the embedded database the CLI hands each command to
 * the running server over its command socket (server/ops/command-socket.ts), as an operator would.
 */
export async function startOwnAppServer(environment: Record<string, string> = {}, options: { serverNow?: Date } = {}) {
  const workDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-e2e-own-'))
  const clientDirectory = join(workDirectory, 'client')
  cpSync('dist/client', clientDirectory, { recursive: true })
  const dataDirectory = join(workDirectory, 'data')
  cpSync(await seededDataTemplate(clientDirectory), dataDirectory, { recursive: true })
  const server = await startAppServer({ dataDirectory, clientDirectory, environment, ...options }).catch(
    (error: unknown) => {
      rmSync(workDirectory, { recursive: true, force: true })
      throw error
    },
  )
  return {
    url: server.url,
    async runOperatorCommands(...commands: string[][]) {
      for (const command of commands) {
        execFileSync(process.execPath, ['--import', 'tsx', 'server/ops.ts', ...command], {
          env: { ...process.env, DATA_DIR: dataDirectory, LOG_LEVEL: 'silent' },
          stdio: 'pipe',
        })
      }
    },
    async stop() {
      await server.stop()
      rmSync(workDirectory, { recursive: true, force: true })
    },
  }
}
