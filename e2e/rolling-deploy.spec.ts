import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import {
  carryPreviousGenerations,
  generationsManifestName,
  readGenerations,
} from '../server/static/client-generations.ts'
import { startAppServer } from './support/app-server'

// During a rolling deploy a page can ask a process for a file that process's build lacks
// (docs/decisions/010-rolling-deploys.md). The server answers with a 404 of the file's own type,
// and the page reloads once to get a shell whose files it can load.

test('a missing file is a 404 of its own type from the real server, never the app shell', async ({ request }) => {
  const script = await request.get('/assets/merchants-0ld0ld00.js')
  expect(script.status()).toBe(404)
  expect(script.headers()['content-type']).toMatch(/^text\/javascript/)
  expect(script.headers()['cache-control']).toBe('no-store')
  expect(await script.text()).not.toContain('<html')

  const font = await request.get('/assets/noto-sans-thai-thai-400-normal-0ld0ld00.woff2')
  expect(font.status()).toBe(404)
  expect(font.headers()['content-type']).toBe('font/woff2')
})

test('a page chunk missing after a deploy reloads the page once, and the page then works', async ({ browser }) => {
  // Without the service worker, every chunk comes from the server, as on a first visit.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  try {
    await page.goto('/en/home')
    await expect(
      page.getByRole('heading', { name: 'Shop through NgernKhuen, get cashback on every order' }),
    ).toBeVisible()

    // The process answering is of another release: the merchants page's chunk is not in its build.
    const missingChunks: string[] = []
    await page.route(/\/assets\/merchants-[^/]+\.js$/, async (route) => {
      if (missingChunks.length > 0) return route.continue()
      missingChunks.push(route.request().url())
      return route.fulfill({ status: 404, contentType: 'text/javascript', body: '/* not found in this build */\n' })
    })
    await page.evaluate(() => Object.assign(window, { isSamePage: true }))

    const reloaded = page.waitForEvent('load')
    await page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/en/merchants"]').click()
    await reloaded

    expect(missingChunks).toHaveLength(1)
    expect(await page.evaluate(() => 'isSamePage' in window)).toBe(false)
    await expect(page).toHaveURL(/\/en\/merchants$/)
    await expect(
      page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/en/merchants"]'),
    ).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText('Sorry, something went wrong')).toHaveCount(0)
  } finally {
    await context.close()
  }
})

/**
 * The next release as vite would build it: the merchants page changed, so its chunk gets a new
 * name, and so does every file of this build that names a renamed one, up to the files beside
 * `assets` that name them (index.html, the service worker, the page preloads the server puts in
 * each page's HTML). Then the build step keeps the previous release's files, as `npm run build` does.
 */
function buildNextRelease(previousDirectory: string, nextDirectory: string): { changedChunk: string } {
  cpSync(previousDirectory, nextDirectory, { recursive: true })
  const assets = join(nextDirectory, 'assets')
  const ownFiles = readGenerations(previousDirectory, new Date())[0]?.files.map((file) => basename(file)) ?? []
  // Vite empties its output folder: the next build starts from this build's own files, not the
  // earlier releases' files this one carries.
  for (const name of readdirSync(assets)) if (!ownFiles.includes(name)) rmSync(join(assets, name))
  const merchantsChunk = ownFiles.find((name) => /^merchants-[\w-]+\.js$/.test(name)) ?? ''
  const changed = new Map([
    [merchantsChunk, `${readFileSync(join(assets, merchantsChunk), 'utf8')}\n// next release\n`],
  ])
  const renames = new Map<string, string>()
  for (let next = changed.entries().next(); !next.done; next = changed.entries().next()) {
    const [name, content] = next.value
    changed.delete(name)
    const renamed = name.replace(
      /[\w-]{8}\.js$/,
      `${createHash('sha256').update(content).digest('base64url').slice(0, 8)}.js`,
    )
    rmSync(join(assets, name))
    writeFileSync(join(assets, renamed), content)
    renames.set(name, renamed)
    for (const other of ownFiles.filter((file) => file.endsWith('.js'))) {
      const otherName = renames.get(other) ?? other
      const text = changed.get(other) ?? readFileSync(join(assets, otherName), 'utf8')
      if (otherName === renamed || !text.includes(name)) continue
      // A file already renamed keeps its new name (a simplification: vite hashes a cycle as a whole).
      if (renames.has(other)) writeFileSync(join(assets, otherName), text.replaceAll(name, renamed))
      else changed.set(other, text.replaceAll(name, renamed))
    }
  }
  const entryFiles = readdirSync(nextDirectory, { withFileTypes: true }).filter(
    (entry) =>
      entry.isFile() && /\.(html|js|json|webmanifest)$/.test(entry.name) && entry.name !== generationsManifestName,
  )
  for (const entryFile of entryFiles) {
    let text = readFileSync(join(nextDirectory, entryFile.name), 'utf8')
    for (const [name, renamed] of renames) text = text.replaceAll(name, renamed)
    writeFileSync(join(nextDirectory, entryFile.name), text)
  }
  carryPreviousGenerations({ outputDirectory: nextDirectory, previousDirectory, now: new Date() })
  return { changedChunk: `/assets/${renames.get(merchantsChunk) ?? ''}` }
}

/**
 * Opens the app on one process and lists the hashed files its pages asked for: the home page, the
 * merchants page from its menu (the app loads that page's chunk), and the merchants page loaded
 * cold (the server names its chunks in the HTML). Each waits until the app has drawn the page
 * from its own code: a prerendered page is painted before any of it has loaded, and the menu link
 * is current before the page's chunk is.
 */
async function loadPages(page: Page, origin: string): Promise<string[]> {
  const requested = new Set<string>()
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/assets/')) requested.add(path)
  })
  const merchantCount = page.getByText(/^\d[\d,]* merchants$/)
  const prerendered = page.locator('[data-prerendered]')

  await page.goto(`${origin}/en/home`)
  await expect(prerendered).toHaveCount(0)
  const merchantsLink = page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/en/merchants"]')
  await merchantsLink.click()
  await expect(merchantsLink).toHaveAttribute('aria-current', 'page')
  await expect(merchantCount).toBeVisible()

  await page.goto(`${origin}/en/merchants`)
  await expect(prerendered).toHaveCount(0)
  await expect(merchantCount).toBeVisible()
  await expect(page.getByText('Sorry, something went wrong')).toHaveCount(0)
  return [...requested]
}

/**
 * Every hashed file a release's pages can ask for, its own build's (the first generation its
 * asset-generations.json lists): the pages above are two of many, and some files load later
 * (after the first render, or on other pages).
 */
function filesOfRelease(clientDirectory: string): string[] {
  return (readGenerations(clientDirectory, new Date())[0]?.files ?? []).map((file) => `/${file}`)
}

async function expectEveryProcessServes(origins: string[], files: string[]) {
  for (const origin of origins) {
    for (const file of files) {
      expect((await fetch(`${origin}${file}`)).status, `${origin}${file}`).toBe(200)
    }
  }
}

test('in a two-phase rollout, every process has the files of every page any process serves', async ({ browser }) => {
  // Three fresh servers import the demo at once, beside the other e2e worker, on a 2-core CI
  // machine: once that took over 120 s to the last health check (a CI run of session 15).
  test.setTimeout(420_000)
  const workDirectory = mkdtempSync(join(tmpdir(), 'ngernkhuen-rolling-'))
  const previousRelease = join(workDirectory, 'previous', 'client')
  const nextRelease = join(workDirectory, 'next', 'client')
  cpSync('dist/client', previousRelease, { recursive: true })
  const { changedChunk } = buildNextRelease(previousRelease, nextRelease)

  const start = (name: string, clientDirectory: string) =>
    startAppServer({ dataDirectory: join(workDirectory, `data-${name}`), clientDirectory, startWithinSeconds: 300 })
  const [oldProcess, phaseOneProcess, phaseTwoProcess] = await Promise.all([
    start('old', previousRelease),
    start('phase-one', `${nextRelease}-previous`),
    start('phase-two', nextRelease),
  ])
  // Every chunk from the network, as on a first visit.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    const oldReleaseFiles = filesOfRelease(previousRelease)
    const newReleaseFiles = filesOfRelease(nextRelease)

    // Phase 1: old processes and new ones serving the old release's pages.
    const oldPageFiles = await loadPages(await context.newPage(), phaseOneProcess.url)
    expect(oldPageFiles).not.toContain(changedChunk)
    expect(oldReleaseFiles).toEqual(expect.arrayContaining(oldPageFiles))
    await expectEveryProcessServes([oldProcess.url, phaseOneProcess.url], oldReleaseFiles)

    // Phase 2: no old process left; new pages, and old pages still open.
    const newPageFiles = await loadPages(await context.newPage(), phaseTwoProcess.url)
    expect(newPageFiles).toContain(changedChunk)
    expect(newReleaseFiles).toEqual(expect.arrayContaining(newPageFiles))
    await expectEveryProcessServes([phaseOneProcess.url, phaseTwoProcess.url], [...oldReleaseFiles, ...newReleaseFiles])

    // Why phase 1 exists: a process of the old release cannot have the new files.
    const missing = await fetch(`${oldProcess.url}${changedChunk}`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/^text\/javascript/)
  } finally {
    await context.close()
    await Promise.all([oldProcess.stop(), phaseOneProcess.stop(), phaseTwoProcess.stop()])
    rmSync(workDirectory, { recursive: true, force: true })
  }
})
