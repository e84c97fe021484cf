import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  childEnvironment,
  findFreePort,
  startRequestInFlight,
  startServer,
  waitForOutput,
  waitUntilRefused,
  type ServerProcess,
} from '#server/test/child-processes'
import { createClientFixture, type ClientFixture } from '#server/test/client-fixture'

const repositoryRoot = path.resolve(import.meta.dirname, '..')

/**
 * The production start: the compiled server run by `node` (no tsx), directly or through
 * `npm run start:prod`, must receive signals itself and drain however it is stopped:
 * - `kill -TERM <pid>` of the top process (`docker stop`, systemd with KillMode=process),
 * - `kill -TERM -<pgid>` of the whole group (Ctrl-C, systemd's default), where npm relays the
 *   signal again, so the server gets it twice and the second must not cut the drain short.
 */
describe('production start', () => {
  let dataDirectory: string
  let client: ClientFixture
  let environment: NodeJS.ProcessEnv
  const started: ServerProcess[] = []

  beforeAll(async () => {
    const build = spawnSync(path.join(repositoryRoot, 'node_modules/.bin/tsx'), ['scripts/build-server.ts'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    })
    expect(build.status, build.stderr + build.stdout).toBe(0)
    dataDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-production-start-'))
    client = await createClientFixture()
    // Info logs, so the test can wait for the server to say it is shutting down.
    environment = childEnvironment({
      DATA_DIR: dataDirectory,
      CLIENT_DIR: client.directory,
      LOG_LEVEL: 'info',
      HOME: process.env['HOME'] ?? tmpdir(),
    })
  }, 120_000)
  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.pid !== undefined) {
        process.kill(-server.child.pid, 'SIGKILL')
      }
    }
    await rm(dataDirectory, { recursive: true, force: true })
    await client.dispose()
  })

  async function start(command: string[]): Promise<ServerProcess> {
    const server = await startServer(environment, await findFreePort(), { command, detached: true })
    started.push(server)
    return server
  }

  /** Sends `signals` one after another (each once the server has reacted), with a request in flight. */
  async function expectDrainedShutdown(server: ServerProcess, signals: Array<() => void>) {
    const inFlight = startRequestInFlight(server.port)
    await inFlight.started
    for (const [index, send] of signals.entries()) {
      send()
      await waitForOutput(server.output, index === 0 ? 'shutting down' : 'already shutting down')
    }
    await waitUntilRefused(server.port)
    inFlight.finish()
    const answer = await inFlight.response
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('{"locale":"en"}')
    expect(await server.exited, server.output()).toBe(0)
    expect(server.output()).toContain('shutdown complete')
    // PGlite closed its data directory: the next start (or an ops command) can open it.
    expect(existsSync(path.join(dataDirectory, 'pglite.lock'))).toBe(false)
  }

  it('node dist/server/main.js drains on SIGTERM, and a second signal to its group does not cut it short', async () => {
    const server = await start([process.execPath, 'dist/server/main.js'])
    const groupId = -(server.child.pid ?? 0)
    await expectDrainedShutdown(server, [() => process.kill(groupId, 'SIGTERM'), () => process.kill(groupId, 'SIGINT')])
  }, 120_000)

  it('npm run start:prod hands SIGTERM to the server, sent to npm alone', async () => {
    const server = await start(['npm', 'run', 'start:prod'])
    const npmProcessId = server.child.pid ?? 0
    await expectDrainedShutdown(server, [() => process.kill(npmProcessId, 'SIGTERM')])
  }, 120_000)

  it('npm run start:prod drains when the whole group gets SIGTERM (the server hears it again from npm)', async () => {
    const server = await start(['npm', 'run', 'start:prod'])
    const groupId = -(server.child.pid ?? 0)
    // npm's relayed copy may arrive during the drain or after the exit; the first test sends the
    // second signal at a known moment.
    await expectDrainedShutdown(server, [() => process.kill(groupId, 'SIGTERM')])
  }, 120_000)
})
