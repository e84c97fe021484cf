import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'

/** A separate instance of the real server (its own port, data and build), for tests that restart it. */
export async function startAppServer(options: { port: number; dataDirectory: string; clientDirectory: string }) {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDirectory,
      CLIENT_DIR: options.clientDirectory,
      LOG_LEVEL: 'warn',
      ENV_FILE: '',
    },
  })
  const url = `http://127.0.0.1:${options.port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`)
    const isUp = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (isUp) break
    if (Date.now() > deadline) throw new Error('The server did not start within 60 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

/**
 * A server of its own, with a copy of the build and an empty data folder, for tests that run
 * operator commands. The embedded database belongs to one process, so `runOperatorCommands`
 * stops the server, runs `server/ops.ts` against the folder, and starts the server again (the
 * browser keeps its session: sessions live in the database).
 */
export async function startOwnAppServer(port: number) {
  const workDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-e2e-own-'))
  const clientDirectory = join(workDirectory, 'client')
  cpSync('dist/client', clientDirectory, { recursive: true })
  const dataDirectory = join(workDirectory, 'data')
  const options = { port, dataDirectory, clientDirectory }
  let server = await startAppServer(options)
  return {
    url: server.url,
    async runOperatorCommands(...commands: string[][]) {
      await server.stop()
      try {
        for (const command of commands) {
          execFileSync(process.execPath, ['--import', 'tsx', 'server/ops.ts', ...command], {
            env: { ...process.env, DATA_DIR: dataDirectory, LOG_LEVEL: 'silent' },
            stdio: 'pipe',
          })
        }
      } finally {
        server = await startAppServer(options)
      }
    },
    stop: () => server.stop(),
  }
}
