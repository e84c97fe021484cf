import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { merchantListResponseSchema } from '#domain/contracts/catalogue'
import { readErrorBody } from '#server/test/app'
import {
  childEnvironment,
  findFreePort,
  runScript,
  startRequestInFlight,
  startServer,
  waitUntilRefused,
  type ServerProcess,
} from '#server/test/child-processes'
import { createClientFixture, type ClientFixture } from '#server/test/client-fixture'

/**
 * The real entry point as a child process on an embedded database on disk: in-flight requests
 * survive SIGTERM, the process exits 0, and what was committed is there after a restart.
 */
describe('server process', () => {
  let dataDirectory: string
  let client: ClientFixture
  let environment: NodeJS.ProcessEnv
  const started: ServerProcess[] = []

  beforeAll(async () => {
    dataDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-main-'))
    client = await createClientFixture()
    environment = childEnvironment({ DATA_DIR: dataDirectory, CLIENT_DIR: client.directory })
  })
  afterAll(async () => {
    for (const server of started) server.child.kill('SIGKILL')
    await rm(dataDirectory, { recursive: true, force: true })
    await client.dispose()
  })

  async function start(): Promise<ServerProcess> {
    const server = await startServer(environment, await findFreePort())
    started.push(server)
    return server
  }

  it('drains in-flight requests on SIGTERM, exits 0, and keeps committed data across restarts', async () => {
    const first = await start()

    const slow = startRequestInFlight(first.port)
    await slow.started
    first.child.kill('SIGTERM')
    // No new connections once shutdown started...
    await waitUntilRefused(first.port)
    // ...but the request already in flight completes normally.
    slow.finish()
    const answer = await slow.response
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('{"locale":"en"}')
    expect(answer.setCookie?.[0]).toMatch(/^locale=en;/)
    expect(await first.exited, first.output()).toBe(0)
    expect(existsSync(path.join(dataDirectory, 'pglite.lock'))).toBe(false)

    // The operator CLI opens the data directory the server left behind and commits a write.
    const enable = await runScript('server/ops.ts', ['maintenance', 'on'], environment)
    expect(enable.stderr).toBe('')
    expect(enable.exitCode).toBe(0)
    expect(enable.stdout).toMatch(/^maintenance: on\n/)

    const second = await start()
    const status = await fetch(`${second.baseUrl}/api/status`)
    expect(status.status).toBe(503)
    expect((await readErrorBody(status)).error.code).toBe('maintenance')
    const page = await fetch(`${second.baseUrl}/en/home`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<html lang="en">')

    // While the server holds the embedded database, the CLI never opens it (two openers would
    // diverge): the server runs the command for it, and the running server sees the change.
    const switchedOff = await runScript('server/ops.ts', ['maintenance', 'off'], environment)
    expect(switchedOff.stderr).toBe('')
    expect(switchedOff.exitCode).toBe(0)
    expect(switchedOff.stdout).toMatch(/^maintenance: off\n/)
    await expect.poll(async () => (await fetch(`${second.baseUrl}/api/status`)).status, { timeout: 30_000 }).toBe(200)
    const refused = await runScript('server/ops.ts', ['maintenance', 'maybe'], environment)
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toContain('Usage: npm run ops -- <command>')
    const switchedOn = await runScript('server/ops.ts', ['maintenance', 'on'], environment)
    expect(switchedOn.exitCode).toBe(0)

    second.child.kill('SIGTERM')
    expect(await second.exited, second.output()).toBe(0)
    expect(existsSync(path.join(dataDirectory, 'ops.sock'))).toBe(false)

    const status2 = await runScript('server/ops.ts', ['maintenance', 'status'], environment)
    expect(status2.exitCode).toBe(0)
    expect(status2.stdout).toBe('maintenance: on\n')
  }, 180_000)

  it("delivers the demo store's postbacks to itself, whatever Host a request names", async () => {
    // A data directory of its own: the test above leaves maintenance on in the shared one.
    const ownDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-main-demo-'))
    try {
      const server = await startServer(
        childEnvironment({ DATA_DIR: ownDirectory, CLIENT_DIR: client.directory }),
        await findFreePort(),
      )
      started.push(server)
      const merchants = v.parse(
        merchantListResponseSchema,
        await (await fetch(`${server.baseUrl}/cws-api/merchants`)).json(),
      )
      const merchantId = merchants.data[0]?._id ?? ''
      const store = await (await fetch(`${server.baseUrl}/demo-store/${merchantId}`)).text()
      const productId = /name="product_id" value="([0-9a-f]{24})"/.exec(store)?.[1] ?? ''

      // A forged Host (or one a proxy rewrote): the server must not post back to it.
      const body = new URLSearchParams({ product_id: productId, quantity: '1' }).toString()
      const answer = await new Promise<{ status: number | undefined; location: string | undefined }>(
        (resolve, reject) => {
          const order = request({
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: `/demo-store/${merchantId}/orders`,
            headers: {
              Host: 'attacker.invalid:9',
              'X-Forwarded-Proto': 'https',
              'Content-Type': 'application/x-www-form-urlencoded',
              'Content-Length': Buffer.byteLength(body),
            },
          })
          order.on('error', reject)
          order.on('response', (incoming) => {
            incoming.resume()
            incoming.on('end', () => resolve({ status: incoming.statusCode, location: incoming.headers.location }))
          })
          order.end(body)
        },
      )
      expect(answer.status, server.output()).toBe(303)
      // Delivered and answered: no sub-id, so the conversion is kept unmatched.
      expect(answer.location).toMatch(/\/orders\/DS-[0-9A-F]{12}\?outcome=unmatched$/)

      server.child.kill('SIGTERM')
      expect(await server.exited, server.output()).toBe(0)
    } finally {
      await rm(ownDirectory, { recursive: true, force: true })
    }
  }, 120_000)

  it('exits with usage help and code 2 on a bad ops command', async () => {
    const result = await runScript('server/ops.ts', ['maintenance', 'maybe'], environment)
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toContain('Usage: npm run ops -- <command>')
    expect(result.stdout).toBe('')
  })

  it('loads the .env file (ENV_FILE names another), where the environment wins', async () => {
    const file = path.join(dataDirectory, 'production.env')
    await writeFile(file, 'APP_MODE=production\n')
    const fromFile = await runScript('server/main.ts', [], { ...environment, ENV_FILE: file })
    expect(fromFile.exitCode).not.toBe(0)
    expect(fromFile.stderr).toContain('APP_MODE=production requires DATABASE_URL')

    const overridden = await runScript('server/ops.ts', ['maintenance', 'status'], {
      ...environment,
      ENV_FILE: file,
      APP_MODE: 'demo',
    })
    expect(overridden.stderr).toBe('')
    expect(overridden.exitCode).toBe(0)

    const missing = await runScript('server/ops.ts', ['maintenance', 'status'], {
      ...environment,
      ENV_FILE: path.join(dataDirectory, 'no-such.env'),
    })
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toContain('Cannot read ENV_FILE')
  })

  it('refuses to start in production mode without DATABASE_URL', async () => {
    const result = await runScript('server/main.ts', [], { ...environment, APP_MODE: 'production' })
    expect(result.exitCode).not.toBe(0)
    expect(result.stderr).toContain('APP_MODE=production requires DATABASE_URL')
  })

  it('refuses to start on PostgreSQL until proof pictures have storage every process shares', async () => {
    // Refused while reading the environment, before any connection: the address need not answer.
    const postgres = { ...environment, DATABASE_URL: 'postgres://app:secret@127.0.0.1:1/ngernkhuen' }
    for (const script of ['server/main.ts', 'server/ops.ts']) {
      const result = await runScript(script, script === 'server/ops.ts' ? ['maintenance', 'status'] : [], postgres)
      expect(result.exitCode, script).toBe(1)
      expect(result.stderr, script).toContain('DATABASE_URL requires PROOF_STORAGE')
    }
    const withoutDirectory = await runScript('server/main.ts', [], { ...postgres, PROOF_STORAGE: 'filesystem' })
    expect(withoutDirectory.exitCode).toBe(1)
    expect(withoutDirectory.stderr).toContain('PROOF_STORAGE=filesystem with DATABASE_URL requires PROOF_DIR')
    // Catalogue pictures likewise: one process makes a picture, every process serves it.
    const proofs = { PROOF_STORAGE: 'filesystem', PROOF_DIR: '/mnt/shared/proofs' }
    const withoutPictures = await runScript('server/main.ts', [], { ...postgres, ...proofs })
    expect(withoutPictures.exitCode).toBe(1)
    expect(withoutPictures.stderr).toContain('DATABASE_URL requires PICTURE_STORAGE')
  })
})
