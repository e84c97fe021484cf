import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, readErrorBody } from '#server/test/app'
import { appRoutePatterns } from '#domain/app-routes'
import { anyRoute } from '#domain/route-catalogs'
import { buildIdOf, carryPreviousGenerations } from '#server/static/client-generations'
import { prerenderBuildRecordName } from '#server/static/detail-pages'
import { sessionCookieName } from '#domain/contracts/auth'
import { pagePreloadsFileName, type PagePreloads } from '#server/static/page-preloads'
import { pageShellsFileName, type PageShells } from '#server/static/page-shells'
import {
  createClientBuild,
  createClientFixture,
  fixtureIndexHtml,
  fixtureScript,
  type ClientFixture,
  writeClientFiles,
} from '#server/test/client-fixture'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'

let testDatabase: TestDatabase
let client: ClientFixture
let app: ReturnType<typeof createTestApp>
/** A product and a merchant of the seeded catalogue. */
let productId: string
let merchantId: string

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  await seedCatalogueIfEmpty(testDatabase.connection.database, { size: { merchantCount: 14, productCount: 80 } })
  client = await createClientFixture()
  app = createTestApp(testDatabase.connection.database, { clientDirectory: client.directory })
  const firstId = async (list: string) => {
    const body = v.parse(
      v.object({ data: v.tuple([v.object({ _id: v.string() })]) }),
      await (await app.request(`/cws-api/${list}?limit=1`)).json(),
    )
    return body.data[0]._id
  }
  productId = await firstId('products')
  merchantId = await firstId('merchants')
})
afterAll(async () => {
  await testDatabase.dispose()
  await client.dispose()
})

const englishCookie = { Cookie: 'locale=en' }

describe('built files', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const response = await app.request('/assets/index-3f9a1c2b.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect(await response.text()).toContain('console.log')
  })

  it.each(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest'])(
    'makes browsers revalidate %s every time',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
    },
  )

  it('serves the manifest with its media type', async () => {
    const response = await app.request('/manifest.webmanifest')
    expect(response.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/)
  })

  it('caches other public files for a modest time', async () => {
    const response = await app.request('/icons/icon-192.png')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400')
  })

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app.request('/sw.js')
    const entityTag = first.headers.get('ETag')
    expect(entityTag).toBeTruthy()
    const second = await app.request('/sw.js', { headers: { 'If-None-Match': entityTag ?? '' } })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  it('never serves files outside the build', async () => {
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const response = await app.request(path)
      expect(await response.text(), path).not.toContain('"dependencies"')
    }
  })
})

describe('page loads', () => {
  it.each(['/', '/home', '/home/', '/maintenance'])('serves the Thai app shell for %s with 200', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(response.headers.get('Vary')).toContain('Cookie')
    expect(await response.text()).toBe(fixtureIndexHtml)
  })

  it.each(['/en', '/en/', '/en/home'])('serves the English app shell with lang="en" for %s', async (path) => {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="en">')
    expect(html).not.toContain('lang="th"')
    expect(html).toBe(fixtureIndexHtml.replace('lang="th"', 'lang="en"'))
  })

  it.each(['/nope', '/fr/home', '/en/nope', '/home/extra'])(
    'answers the unknown page %s with the app shell and status 404',
    async (path) => {
      const response = await app.request(path)
      expect(response.status).toBe(404)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
      expect(response.headers.get('Cache-Control')).toBe('no-cache')
      expect(await response.text()).toContain('<div id="root"></div>')
    },
  )

  it('sends a shopper with the English cookie from an unprefixed page to /en, keeping the query', async () => {
    const response = await app.request('/home?utm_source=line&x=1', { headers: englishCookie })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/en/home?utm_source=line&x=1')
    expect(response.headers.get('Vary')).toContain('Cookie')

    const root = await app.request('/', { headers: englishCookie })
    expect(root.status).toBe(302)
    expect(root.headers.get('Location')).toBe('/en')
  })

  it('does not redirect an explicit /en page, a Thai cookie, an unknown cookie value or a file', async () => {
    expect((await app.request('/en/home', { headers: englishCookie })).status).toBe(200)
    expect((await app.request('/home', { headers: { Cookie: 'locale=th' } })).status).toBe(200)
    expect((await app.request('/home', { headers: { Cookie: 'locale=fr' } })).status).toBe(200)
    expect((await app.request('/sw.js', { headers: englishCookie })).status).toBe(200)
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await app.request('/home', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-cache')
    expect(await response.text()).toBe('')
  })

  it('answers other methods on pages with the JSON 404', async () => {
    const response = await app.request('/home', { method: 'POST' })
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })

  it('answers page loads with the JSON 404 when the web app is not built', async () => {
    const apiOnly = createTestApp(testDatabase.connection.database)
    const response = await apiOnly.request('/home')
    expect(response.status).toBe(404)
    expect((await readErrorBody(response)).error.code).toBe('not_found')
  })
})

describe('files the build lacks', () => {
  it.each([
    ['/assets/home-0ld0ld00.js', /^text\/javascript/],
    ['/assets/index-0ld0ld00.css', /^text\/css/],
    ['/assets/noto-sans-thai-thai-400-normal-0ld0ld00.woff2', /^font\/woff2/],
    ['/assets/ibm-plex-sans-thai-latin-400-normal-0ld0ld00.woff', /^font\/woff/],
    ['/assets/home-0ld0ld00.js.map', /^application\/json/],
    ['/icons/icon-1024.png', /^image\/png/],
    ['/icons/apple-touch-icon.png', /^image\/png/],
    ['/site.webmanifest', /^application\/manifest\+json/],
    ['/sw-old.js', /^text\/javascript/],
    ['/workbox-4f2a1b3c.js', /^text\/javascript/],
    ['/favicon.ico', /^image\//],
    ['/robots.txt', /^text\/plain/],
    ['/assets/no-extension', /^text\/plain/],
    ['/en/assets/home-0ld0ld00.js', /^text\/javascript/],
  ])('answers %s with 404 in its own media type, never the app shell', async (path, contentType) => {
    const response = await app.request(path)
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toMatch(contentType)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = await response.text()
    expect(body).not.toContain('<html')
    expect(body.length).toBeLessThan(64)
  })

  it('answers a missing script with a comment, a missing picture with nothing', async () => {
    expect(await (await app.request('/assets/home-0ld0ld00.js')).text()).toBe('/* not found in this build */\n')
    expect(await (await app.request('/assets/index-0ld0ld00.css')).text()).toBe('/* not found in this build */\n')
    expect(await (await app.request('/icons/icon-1024.png')).text()).toBe('')
  })

  it('answers a missing file the same with the English cookie (no locale redirect)', async () => {
    const response = await app.request('/assets/home-0ld0ld00.js', { headers: englishCookie })
    expect(response.status).toBe(404)
    expect(response.headers.get('Location')).toBeNull()
  })

  it('answers HEAD of a missing file with 404 and its media type', async () => {
    const response = await app.request('/assets/home-0ld0ld00.js', { method: 'HEAD' })
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/)
  })

  it('serves the app shell only for page loads: a script, style or image request for a page path gets a 404', async () => {
    const asScript = await app.request('/home', { headers: { 'Sec-Fetch-Dest': 'script' } })
    expect(asScript.status).toBe(404)
    expect(asScript.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    const asStyle = await app.request('/nope', { headers: { 'Sec-Fetch-Dest': 'style' } })
    expect(asStyle.headers.get('Content-Type')).toMatch(/^text\/css/)
    const asImage = await app.request('/merchants', { headers: { 'Sec-Fetch-Dest': 'image' } })
    expect(asImage.status).toBe(404)
    expect(asImage.headers.get('Content-Type')).not.toMatch(/html/)

    for (const destination of ['document', 'empty']) {
      const page = await app.request('/home', { headers: { 'Sec-Fetch-Dest': destination } })
      expect(page.status, destination).toBe(200)
      expect(await page.text()).toBe(fixtureIndexHtml)
    }
    // An unknown destination value is not a reason to refuse a page.
    expect((await app.request('/home', { headers: { 'Sec-Fetch-Dest': 'constructor' } })).status).toBe(200)
  })

  it('answers a missing file with its own 404 when the web app is not built', async () => {
    const apiOnly = createTestApp(testDatabase.connection.database)
    const response = await apiOnly.request('/assets/home-0ld0ld00.js')
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/)
  })
})

describe('a rolling deploy', () => {
  const releaseFiles = (name: string) => ({
    'index.html': `<!doctype html><html lang="th"><script type="module" src="/assets/index-${name}.js"></script></html>`,
    'sw.js': `// precache of ${name}\n`,
    [`assets/index-${name}.js`]: `import('./home-${name}.js')\n`,
    [`assets/home-${name}.js`]: `export const release = '${name}'\n`,
  })
  let previousRelease: ClientFixture
  let nextRelease: ClientFixture
  beforeAll(async () => {
    previousRelease = await createClientBuild(releaseFiles('aaaa1111'))
    nextRelease = await createClientBuild(releaseFiles('bbbb2222'))
    carryPreviousGenerations({
      outputDirectory: nextRelease.directory,
      previousDirectory: previousRelease.directory,
      now: new Date(),
    })
  })
  afterAll(async () => {
    await previousRelease.dispose()
    await nextRelease.dispose()
  })

  it('serves a page of the previous release its files from a process of the new one', async () => {
    const newProcess = createTestApp(testDatabase.connection.database, { clientDirectory: nextRelease.directory })
    for (const file of ['/assets/index-aaaa1111.js', '/assets/home-aaaa1111.js']) {
      const response = await newProcess.request(file)
      expect(response.status, file).toBe(200)
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    }
    expect(await (await newProcess.request('/assets/home-aaaa1111.js')).text()).toBe(
      "export const release = 'aaaa1111'\n",
    )
    // The new shell is the new release's; the bookkeeping is not served.
    expect(await (await newProcess.request('/home')).text()).toContain('index-bbbb2222.js')
    expect((await newProcess.request('/asset-generations.json')).status).toBe(404)
  })

  it('in the first phase, serves the previous shell and service worker with the new release’s files in place', async () => {
    const firstPhase = createTestApp(testDatabase.connection.database, {
      clientDirectory: `${nextRelease.directory}-previous`,
    })
    expect(await (await firstPhase.request('/home')).text()).toContain('index-aaaa1111.js')
    expect(await (await firstPhase.request('/sw.js')).text()).toBe('// precache of aaaa1111\n')
    for (const file of ['/assets/home-aaaa1111.js', '/assets/home-bbbb2222.js', '/assets/index-bbbb2222.js']) {
      expect((await firstPhase.request(file)).status, file).toBe(200)
    }
  })
})

describe('what a page needs first, named in its HTML', () => {
  let build: ClientFixture
  let withPreloads: ReturnType<typeof createTestApp>
  const preloads: PagePreloads = {
    pages: Object.fromEntries(appRoutePatterns.map((pattern) => [pattern, []])),
    catalogs: Object.fromEntries(
      [anyRoute, ...appRoutePatterns].map((route) => [
        route,
        { th: ['/assets/messages-th01.js'], en: ['/assets/messages-en01.js'] },
      ]),
    ),
    fonts: { th: ['/assets/thai-400.woff2', '/assets/thai-700.woff2'], en: ['/assets/latin-400.woff2'] },
    priceFonts: { th: ['/assets/latin-700.woff2'], en: [] },
  }
  preloads.pages['/home'] = ['/assets/home-01.js', '/assets/browse-01.js']
  preloads.catalogs['/home'] = { th: ['/assets/messages-th01.js', '/assets/messages-th-home.js'], en: [] }
  preloads.pages['/merchants/$id'] = ['/assets/merchant-01.js', '/assets/browse-01.js']

  beforeAll(async () => {
    build = await createClientBuild({
      'index.html': fixtureIndexHtml,
      'assets/index-3f9a1c2b.js': fixtureScript,
      [pagePreloadsFileName]: JSON.stringify(preloads),
    })
    withPreloads = createTestApp(testDatabase.connection.database, { clientDirectory: build.directory })
  })
  afterAll(() => build.dispose())

  const linksOf = (html: string) =>
    [...html.matchAll(/<link rel="(?:module)?preload"[^>]*href="([^"]+)"/g)].map((m) => m[1])

  it("preloads the Thai page's chunks, its Thai catalogs and the Thai font", async () => {
    const html = await (await withPreloads.request('/home')).text()
    expect(linksOf(html)).toEqual([
      '/assets/thai-400.woff2',
      '/assets/thai-700.woff2',
      '/assets/messages-th01.js',
      '/assets/messages-th-home.js',
      '/assets/home-01.js',
      '/assets/browse-01.js',
    ])
    // In the head, where the browser finds them before it runs anything.
    expect(html.indexOf('/assets/home-01.js')).toBeLessThan(html.indexOf('</head>'))
  })

  it('preloads the English catalog and font on an English page, matching ids as the router does', async () => {
    const html = await (await withPreloads.request('/en/merchants/64f1c0ffee')).text()
    expect(html).toContain('<html lang="en">')
    expect(linksOf(html)).toEqual([
      '/assets/latin-400.woff2',
      '/assets/messages-en01.js',
      '/assets/merchant-01.js',
      '/assets/browse-01.js',
    ])
  })

  it('gives an unknown page only the catalog and font, with its 404', async () => {
    const response = await withPreloads.request('/nope')
    expect(response.status).toBe(404)
    expect(linksOf(await response.text())).toEqual([
      '/assets/thai-400.woff2',
      '/assets/thai-700.woff2',
      '/assets/messages-th01.js',
    ])
  })

  it('gives each variant its own entity tag, and does not serve the preload list', async () => {
    const home = await withPreloads.request('/home')
    const merchant = await withPreloads.request('/merchants/1')
    expect(home.headers.get('ETag')).not.toBe(merchant.headers.get('ETag'))
    const again = await withPreloads.request('/home', { headers: { 'If-None-Match': home.headers.get('ETag') ?? '' } })
    expect(again.status).toBe(304)
    expect((await withPreloads.request(`/${pagePreloadsFileName}`)).status).toBe(404)
  })
})

describe("a visitor's first paint, prerendered into the HTML", () => {
  let build: ClientFixture
  let withShells: ReturnType<typeof createTestApp>
  const shellIndexHtml = fixtureIndexHtml.replace('<div id="root"></div>', '<div id="app"></div>')
  const shells: PageShells = {
    th: { '/home': '<main>หน้าแรก</main>', '/merchants': '<main>ร้านค้า</main>' },
    en: { '/home': '<main>Home</main>' },
  }

  beforeAll(async () => {
    build = await createClientBuild({ 'index.html': shellIndexHtml, [pageShellsFileName]: JSON.stringify(shells) })
    withShells = createTestApp(testDatabase.connection.database, { clientDirectory: build.directory })
  })
  afterAll(() => build.dispose())

  const appOf = async (response: Response | Promise<Response>) =>
    /<div id="app">([\s\S]*)<\/div>(?:<script|<\/body>)/.exec(await (await response).text())?.[1]

  it('puts the page inside #app for a visitor, in the page’s language', async () => {
    expect(await appOf(withShells.request('/home'))).toBe('<div data-prerendered inert><main>หน้าแรก</main></div>')
    expect(await appOf(withShells.request('/merchants'))).toBe('<div data-prerendered inert><main>ร้านค้า</main></div>')
    expect(await appOf(withShells.request('/en/home'))).toBe('<div data-prerendered inert><main>Home</main></div>')
  })

  it('paints the home page for the root, which the app sends on to /home', async () => {
    expect(await appOf(withShells.request('/'))).toBe('<div data-prerendered inert><main>หน้าแรก</main></div>')
  })

  it('sends the plain shell to a member, to a link with a query, and for pages without a prerender', async () => {
    const member = withShells.request('/home', { headers: { Cookie: `${sessionCookieName}=anything` } })
    expect(await appOf(member)).toBe('')
    expect(await appOf(withShells.request('/merchants?category=fashion'))).toBe('')
    expect(await appOf(withShells.request('/en/merchants'))).toBe('')
    expect(await appOf(withShells.request('/wallet'))).toBe('')
    const unknown = await withShells.request('/nope')
    expect(unknown.status).toBe(404)
    expect(await appOf(unknown)).toBe('')
  })

  it('asks for the scripts of a prerendered page once what it paints has loaded, and only there', async () => {
    const visitor = await (await withShells.request('/home')).text()
    expect(visitor).not.toContain('<script type="module"')
    const list =
      /<script type="application\/json" id="app-scripts">([^<]*)<\/script><script src="(\/start-after-paint-[0-9a-f]+\.js)" defer><\/script><\/head>/.exec(
        visitor,
      )
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual({ entry: '/assets/index-3f9a1c2b.js', modules: [] })
    const script = await withShells.request(list?.[2] ?? '')
    expect(script.status).toBe(200)
    expect(script.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect(script.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(await script.text()).toContain("document.getElementById('app-scripts')")
    const member = await (await withShells.request('/home', { headers: { Cookie: `${sessionCookieName}=x` } })).text()
    expect(member).toContain('<script type="module" src="/assets/index-3f9a1c2b.js">')
    expect(member).not.toContain('app-scripts')
  })

  it('gives the prerendered and the plain page their own entity tags, and does not serve the shells', async () => {
    const visitor = await withShells.request('/home')
    const member = await withShells.request('/home', { headers: { Cookie: `${sessionCookieName}=x` } })
    expect(visitor.headers.get('ETag')).not.toBe(member.headers.get('ETag'))
    expect(visitor.headers.get('Vary')).toContain('Cookie')
    expect((await withShells.request(`/${pageShellsFileName}`)).status).toBe(404)
  })
})

describe("a detail page's data and picture, named in its HTML", () => {
  const itemLinksOf = async (response: Response | Promise<Response>) =>
    [...(await (await response).text()).matchAll(/<link rel="preload" href="([^"]+)" as="(fetch|image)"/g)].map(
      (match) => `${match[2]} ${match[1]}`,
    )

  it('preloads a product page’s product and picture, and a merchant page’s merchant and logo', async () => {
    expect(await itemLinksOf(app.request(`/products/${productId}`))).toEqual([
      `fetch /cws-api/products/${productId}`,
      `image /media/products/${productId}/picture.svg`,
    ])
    expect(await itemLinksOf(app.request(`/en/merchants/${merchantId}`))).toEqual([
      `fetch /cws-api/merchants/${merchantId}`,
      `image /media/merchants/${merchantId}/logo.svg`,
    ])
  })

  it('names nothing for an id that is not one, or for other pages', async () => {
    expect(await itemLinksOf(app.request('/products/not-an-id'))).toEqual([])
    expect(await itemLinksOf(app.request(`/products/${productId.toUpperCase()}`))).toEqual([])
    expect(await itemLinksOf(app.request('/merchants'))).toEqual([])
  })

  it('gives each item its own entity tag', async () => {
    const first = await app.request(`/products/${productId}`)
    const second = await app.request(`/merchants/${merchantId}`)
    expect(first.headers.get('ETag')).not.toBe(second.headers.get('ETag'))
    const again = await app.request(`/products/${productId}`, {
      headers: { 'If-None-Match': first.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
  })
})

describe("a visitor's detail page, rendered by the server with the item", () => {
  let root: string
  let rendering: ReturnType<typeof createTestApp>
  // Stands in for the built src/prerender.tsx: writes the path and the item's names it was given.
  const fakeRenderer =
    'export async function prerenderPage(path, data) {\n' +
    '  const item = data.product ?? data.merchant\n' +
    '  return `<main data-path="${path}"><h1>${item.name.th} / ${item.name.en}</h1></main><script>restoreScroll()</script>`\n' +
    '}\n'

  async function createBuild(directory: string, clientBuildId: (client: string) => string) {
    const client = path.join(directory, 'client')
    await writeClientFiles(client, {
      'index.html': fixtureIndexHtml.replace('<div id="root"></div>', '<div id="app"></div>'),
    })
    await writeClientFiles(path.join(directory, 'prerender'), {
      'prerender.js': fakeRenderer,
      [prerenderBuildRecordName]: JSON.stringify({ clientBuildId: clientBuildId(client) }),
    })
    return client
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-rendered-'))
    const client = await createBuild(root, buildIdOf)
    rendering = createTestApp(testDatabase.connection.database, { clientDirectory: client })
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  const appOf = async (response: Response | Promise<Response>) =>
    /<div id="app">([\s\S]*)<\/div>(?:<script|<\/body>)/.exec(await (await response).text())?.[1]
  const namesOf = async (apiPath: string) => {
    const item = v.parse(
      v.object({ name: v.object({ th: v.string(), en: v.string() }) }),
      await (await rendering.request(apiPath)).json(),
    )
    return `${item.name.th} / ${item.name.en}`
  }

  it('puts the product, as the API answers it, inside #app in the page’s language, its scripts removed', async () => {
    const names = await namesOf(`/cws-api/products/${productId}`)
    const thai = await rendering.request(`/products/${productId}`)
    expect(thai.status).toBe(200)
    const html = await thai.text()
    expect(await appOf(Promise.resolve(new Response(html)))).toBe(
      `<div data-prerendered inert><main data-path="/products/${productId}"><h1>${names}</h1></main></div>`,
    )
    expect(html).toContain(
      `<link rel="preload" href="/media/products/${productId}/picture.svg" as="image" fetchpriority="high">`,
    )
    expect(html).toContain('<script type="application/json" id="app-scripts">')
    expect(await appOf(rendering.request(`/en/products/${productId}`))).toContain(
      `<main data-path="/en/products/${productId}">`,
    )
  })

  it('renders a merchant page with the merchant', async () => {
    const names = await namesOf(`/cws-api/merchants/${merchantId}`)
    expect(await appOf(rendering.request(`/en/merchants/${merchantId}`))).toBe(
      `<div data-prerendered inert><main data-path="/en/merchants/${merchantId}"><h1>${names}</h1></main></div>`,
    )
  })

  it('sends a member and a link with a query the plain page, with the item still preloaded', async () => {
    const member = await rendering.request(`/products/${productId}`, { headers: { Cookie: `${sessionCookieName}=x` } })
    const html = await member.text()
    expect(await appOf(Promise.resolve(new Response(html)))).toBe('')
    expect(html).toContain(`<link rel="preload" href="/cws-api/products/${productId}" as="fetch"`)
    expect(await appOf(rendering.request(`/products/${productId}?page=Cashbacks`))).toBe('')
  })

  it('answers 404 for an item that does not exist, or an id that is none', async () => {
    for (const pagePath of ['/products/000000000000000000000000', `/merchants/${productId}`, '/en/products/nope']) {
      const response = await rendering.request(pagePath)
      expect(response.status, pagePath).toBe(404)
      const html = await response.text()
      expect(html, pagePath).not.toContain('rel="preload" href="/cws-api')
      expect(html, pagePath).toContain('<div id="app"></div>')
    }
  })

  it('gives the rendered page its own entity tag and answers its revalidation with 304', async () => {
    const visitor = await rendering.request(`/products/${productId}`)
    const member = await rendering.request(`/products/${productId}`, { headers: { Cookie: `${sessionCookieName}=x` } })
    expect(visitor.headers.get('ETag')).not.toBe(member.headers.get('ETag'))
    const again = await rendering.request(`/products/${productId}`, {
      headers: { 'If-None-Match': visitor.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('renders nothing with a renderer built for another client build (an earlier release’s, during a rollout)', async () => {
    const otherRoot = await mkdtemp(path.join(tmpdir(), 'ngernkhuen-rendered-'))
    try {
      const client = await createBuild(otherRoot, () => 'another-build')
      const app = createTestApp(testDatabase.connection.database, { clientDirectory: client })
      const response = await app.request(`/products/${productId}`)
      expect(response.status).toBe(200)
      expect(await appOf(response)).toBe('')
    } finally {
      await rm(otherRoot, { recursive: true, force: true })
    }
  })
})
