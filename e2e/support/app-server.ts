import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

/** A separate instance of the real server (its own port, data and build), for tests that restart it. */
export async function startAppServer(options: { port: number; dataDirectory: string; clientDirectory: string }) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDirectory,
      CLIENT_DIR: options.clientDirectory,
      LOG_LEVEL: 'warn',
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
