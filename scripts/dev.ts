/**
 * `npm run dev`: the API on API_PORT (restarting when server code changes) and Vite with hot
 * reload on PORT, proxying the API paths to it, so the app is used from one address.
 */
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const appPort = process.env.PORT ?? '3000'

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn('npx', ['vite', '--port', appPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]

function stopAll() {
  for (const child of children) child.kill('SIGTERM')
}

process.on('SIGINT', stopAll)
process.on('SIGTERM', stopAll)
for (const child of children) {
  child.on('exit', (code) => {
    stopAll()
    process.exitCode = code ?? 0
  })
}
