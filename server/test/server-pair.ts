import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { expect } from 'vitest'
import { devOutboxResponseSchema, sessionCookieName, signInResponseSchema } from '#domain/contracts/auth'
import { childEnvironment, findFreePort, startServer, type ServerProcess } from '#server/test/child-processes'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

export const demoBuyerEmail = 'demo@ngernkhuen.test'

export type ServerPair = {
  first: ServerProcess
  second: ServerProcess
  /** The database both serve (the test's own connection to it, for checks). */
  database: TestDatabase
  /** What the processes were started with, for `npm run ops` against the same database. */
  environment: NodeJS.ProcessEnv
  dispose(): Promise<void>
}

/**
 * Two real server processes (`tsx server/main.ts`, the source `npm run dev` runs) started at the
 * same moment on one new PostgreSQL database (they race on its migrations and seed, as a fleet
 * does), with proof pictures in one directory both mount, as an operator would run them behind a
 * load balancer. Each has a data directory of its own: nothing may depend on it.
 */
export async function startServerPair(
  testDatabaseUrl: string,
  variables: Record<string, string> = {},
): Promise<ServerPair> {
  const database = await createTestDatabase({ migrate: false })
  const proofDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-shared-proofs-'))
  const pictureDirectory = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-shared-pictures-'))
  const dataDirectories = await Promise.all([1, 2].map(() => mkdtemp(path.join(tmpdir(), 'ngernkhuen-process-'))))
  if (database.url === undefined) throw new Error(`Not a PostgreSQL test database: ${testDatabaseUrl}`)
  const environment = childEnvironment({
    DATABASE_URL: database.url,
    PROOF_STORAGE: 'filesystem',
    PROOF_DIR: proofDirectory,
    PICTURE_STORAGE: 'filesystem',
    PICTURE_DIR: pictureDirectory,
    LOG_LEVEL: 'info',
    ...variables,
  })
  const started: ServerProcess[] = []
  const stopAll = () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) signalServer(server, 'SIGKILL')
    }
  }
  try {
    const [first, second] = await Promise.all(
      dataDirectories.map(async (dataDirectory) => {
        const server = await startServer({ ...environment, DATA_DIR: dataDirectory }, await findFreePort(), {
          detached: true,
        })
        started.push(server)
        return server
      }),
    )
    if (first === undefined || second === undefined) throw new Error('two servers expected')
    return {
      first,
      second,
      database,
      environment,
      dispose: async () => {
        stopAll()
        await Promise.all(started.map((server) => server.exited))
        await database.dispose()
        await Promise.all(
          [proofDirectory, pictureDirectory, ...dataDirectories].map((directory) =>
            rm(directory, { recursive: true, force: true }),
          ),
        )
      },
    }
  } catch (error) {
    stopAll()
    throw error
  }
}

/**
 * Signals the server's whole process group (it was started detached), as Ctrl-C or systemd does.
 * A group that is gone already (the process exited meanwhile) is not an error.
 */
export function signalServer(server: ServerProcess, signal: NodeJS.Signals): void {
  if (server.child.pid === undefined) return
  try {
    process.kill(-server.child.pid, signal)
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error
  }
}

/** The demo buyer's sign-in code, read from the demo outbox through `server`. */
export async function readSignInCode(server: ServerProcess, identifier = demoBuyerEmail): Promise<string | undefined> {
  const response = await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent(identifier)}`)
  expect(response.status).toBe(200)
  const messages = v.parse(devOutboxResponseSchema, await response.json()).data
  return messages.find((message) => message.kind === 'sign_in_code')?.code ?? undefined
}

/** Signs the demo buyer in: the code is asked for through `asking`, the session made through `signingIn`. */
export async function signInDemoBuyer(asking: ServerProcess, signingIn: ServerProcess = asking) {
  const codeRequest = await fetch(`${asking.baseUrl}/api/auth/codes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: demoBuyerEmail }),
  })
  expect(codeRequest.status, asking.output()).toBe(202)
  const code = await readSignInCode(asking)
  if (code === undefined) throw new Error('no sign-in code in the demo outbox')
  // Whatever cookie the code request set (the browser's claim on its code) goes with the code.
  const codeCookies = codeRequest.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const response = await fetch(`${signingIn.baseUrl}/api/auth/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: codeCookies },
    body: JSON.stringify({ identifier: demoBuyerEmail, code, acceptTerms: true }),
  })
  expect(response.status, signingIn.output()).toBe(200)
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${sessionCookieName}=`))
    ?.split(';')[0]
  if (cookie === undefined) throw new Error('sign-in set no session cookie')
  const { buyer } = v.parse(signInResponseSchema, await response.json())
  return { cookie, buyerId: buyer.buyerId, code }
}
