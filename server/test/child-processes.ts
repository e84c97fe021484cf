import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { request } from 'node:http'
import { createServer } from 'node:net'
import path from 'node:path'

const repositoryRoot = path.resolve(import.meta.dirname, '../..')
/**
 * TypeScript runs through tsx as a loader inside the one node process (`node --import tsx`), not
 * the `tsx` command, which starts the script as a second process: a signal or SIGKILL sent to the
 * child would reach only tsx and leave the server running.
 */
const typeScriptCommand = [process.execPath, '--import', 'tsx']

/**
 * Only these variables reach the child, so a developer's own DATABASE_URL or MAINTENANCE cannot
 * leak into the test, neither from the environment nor from a `.env` file (`ENV_FILE=` loads none);
 * PATH is needed for tsx to find node.
 */
export function childEnvironment(variables: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'], LOG_LEVEL: 'silent', HOST: '127.0.0.1', ENV_FILE: '', ...variables }
}

export async function findFreePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (address === null || typeof address === 'string') throw new Error('No TCP address')
  return address.port
}

export type RunResult = { exitCode: number | null; stdout: string; stderr: string }

/** Runs `<script> ...arguments` through tsx to completion, like `npm run ops -- ...` does. */
export async function runScript(
  script: string,
  argumentList: string[],
  environment: NodeJS.ProcessEnv,
): Promise<RunResult> {
  const [binary = '', ...loader] = typeScriptCommand
  const child = spawn(binary, [...loader, script, ...argumentList], { cwd: repositoryRoot, env: environment })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { exitCode, stdout, stderr }
}

export type ServerProcess = {
  child: ChildProcess
  baseUrl: string
  port: number
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  output: () => string
}

/** The server from source. */
const sourceServerCommand = [...typeScriptCommand, 'server/main.ts']

/**
 * Starts the server (from source unless `command` says otherwise, e.g. the compiled
 * `node dist/server/main.js` or `npm run start:prod`) and resolves once `/api/health` answers 200.
 * `detached` gives it a process group of its own, so a test can signal the group as Ctrl-C does.
 */
export async function startServer(
  environment: NodeJS.ProcessEnv,
  port: number,
  options: { command?: string[]; detached?: boolean } = {},
): Promise<ServerProcess> {
  const [binary = '', ...argumentList] = options.command ?? sourceServerCommand
  const child = spawn(binary, argumentList, {
    cwd: repositoryRoot,
    env: { ...environment, PORT: String(port) },
    detached: options.detached ?? false,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited before it was healthy:\n${output}`)
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    )
    if (healthy) return { child, baseUrl, port, exited, output: () => output }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`The server did not become healthy in time:\n${output}`)
}

/**
 * A `PUT /api/locale` held in flight on demand: it resolves `started` once the server has read
 * its headers (the server's `100 Continue` says so, a state rather than a guess at timing), and
 * its body goes out only when `finish` is called.
 */
export function startRequestInFlight(port: number) {
  const body = JSON.stringify({ locale: 'en' })
  const pending = request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: '/api/locale',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      Expect: '100-continue',
    },
  })
  const started = new Promise<void>((resolve, reject) => {
    pending.once('continue', () => resolve())
    pending.once('error', reject)
  })
  const response = new Promise<{ status: number | undefined; setCookie: string[] | undefined; text: string }>(
    (resolve, reject) => {
      pending.on('error', reject)
      pending.on('response', (incoming) => {
        let text = ''
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode, setCookie: incoming.headers['set-cookie'], text }),
        )
      })
    },
  )
  pending.flushHeaders()
  return { started, response, finish: () => pending.end(body) }
}

/** Resolves once nothing accepts connections on `port` any more (the server stopped listening). */
export async function waitUntilRefused(port: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const isRefused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => false,
      () => true,
    )
    if (isRefused) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`port ${port} still accepts connections`)
}

/** Resolves once `read()` contains `text` (a log line the process wrote). */
export async function waitForOutput(read: () => string, text: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in the output:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
