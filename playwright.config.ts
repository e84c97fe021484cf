import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4319)
// Each run starts on an empty database. Set once: the config is evaluated again in every worker,
// which inherits the variable. The process that made the folder removes it when it exits, after
// Playwright has stopped the server (about 290 MB a run, left behind before).
if (process.env.E2E_DATA_DIR === undefined) {
  const madeDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-e2e-'))
  process.env.E2E_DATA_DIR = madeDirectory
  process.on('exit', () => rmSync(madeDirectory, { recursive: true, force: true }))
}
const dataDirectory = process.env.E2E_DATA_DIR

export const baseURL = `http://127.0.0.1:${port}`

// Debian's Chromium (never a downloaded browser); the flags keep it off the network it cannot reach.
const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: ['--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run'],
}

const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  browserName: 'chromium' as const,
  launchOptions: chromiumLaunch,
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [{ name: 'phone', use: phone }],
  webServer: {
    // The compiled server `npm run build` made: what production runs.
    command: 'node --enable-source-maps dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      // As behind the load balancer of a deployment: the shopper's address is the last
      // X-Forwarded-For entry, so each signed-in phone of a test is on a network of its own
      // (see `signInOnScreen`) and the per-address code limits hold as they do for real shoppers.
      TRUSTED_PROXY_HOPS: '1',
      // A developer's .env must not reach the test server.
      ENV_FILE: '',
    },
  },
})
