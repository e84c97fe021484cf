import { appendFileSync, cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startAppServer } from './support/app-server'

// A real release: the server restarts with a build whose service worker differs.
test('a new version waits for the shopper, then reloads only when they accept', async ({ page }) => {
  test.setTimeout(120_000)
  const workDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-update-'))
  const clientDirectory = join(workDirectory, 'client')
  cpSync('dist/client', clientDirectory, { recursive: true })
  const dataDirectory = join(workDirectory, 'data')

  let server = await startAppServer({ dataDirectory, clientDirectory })
  try {
    await page.goto(`${server.url}/en/home`)
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })

    await server.stop()
    appendFileSync(join(clientDirectory, 'sw.js'), `\n// the next release\n`)
    // The same origin: the service worker the page registered checks the restarted server.
    server = await startAppServer({ port: server.port, dataDirectory, clientDirectory })

    await page.evaluate(() => Object.assign(window, { isSamePage: true }))
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    const prompt = page.getByRole('alertdialog', { name: 'A new version of NgernKhuen is ready. Update now?' })
    await expect(prompt).toBeVisible()
    // Nothing reloaded behind the shopper's back.
    expect(await page.evaluate(() => 'isSamePage' in window)).toBe(true)

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update' }).click()])
    expect(await page.evaluate(() => 'isSamePage' in window)).toBe(false)
    await expect(
      page.getByRole('heading', { name: 'Shop through NgernKhuen, get cashback on every order' }),
    ).toBeVisible()
    await expect(prompt).toHaveCount(0)
  } finally {
    await server.stop()
  }
})
