import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import path from 'node:path'

const repositoryRoot = path.resolve(import.meta.dirname, '../..')
const tsxBinary = path.join(repositoryRoot, 'node_modules/.bin/tsx')

/**
 * Only these variables reach the child, so a developer's own DATABASE_URL or MAINTENANCE cannot
 * leak into the test; PATH is needed for tsx to find node.
 */
export function childEnvironment(variables: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'], LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...variables }
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

/** Runs `tsx <script> ...arguments` to completion, like `npm run ops -- ...` does. */
export async function runScript(
  script: string,
  argumentList: string[],
  environment: NodeJS.ProcessEnv,
): Promise<RunResult> {
  const child = spawn(tsxBinary, [script, ...argumentList], { cwd: repositoryRoot, env: environment })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const [exitCode] = await once(child, 'exit')
  return { exitCode: typeof exitCode === 'number' ? exitCode : null, stdout, stderr }
}

export type ServerProcess = {
  child: ChildProcess
  baseUrl: string
  port: number
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  output: () => string
}

/** Starts `tsx server/main.ts` and resolves once `/api/health` answers 200. */
export async function startServer(environment: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const child = spawn(tsxBinary, ['server/main.ts'], {
    cwd: repositoryRoot,
    env: { ...environment, PORT: String(port) },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let hasExited = false
  void exited.then(() => (hasExited = true))

  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server exited before it was healthy:\n${output}`)
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
