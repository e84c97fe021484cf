import { describe, expect, it } from 'vitest'
import { appRoutePatterns } from '#domain/app-routes'
import { productPageSizes } from '#domain/pictures/catalogue-pictures'
import { anyRoute, type RouteCatalogs } from '#domain/route-catalogs'
import {
  collectPagePreloads,
  itemPictureLink,
  preloadLinks,
  routePatternOfChunk,
  routePatternOfFile,
  type BuiltChunk,
} from '#server/static/page-preloads'

const routes = '/work/src/routes'
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = [], isEntry = false) =>
  ({ fileName, facadeModuleId, imports, isEntry }) satisfies BuiltChunk

const chunks: BuiltChunk[] = [
  chunk('assets/index-a.js', '/work/index.html', ['assets/framework-b.js', 'assets/runtime-c.js'], true),
  chunk('assets/framework-b.js', null),
  chunk('assets/runtime-c.js', null),
  chunk('assets/home-d.js', `${routes}/{-$locale}/home.tsx?tsr-split=component`, [
    'assets/browse-e.js',
    'assets/framework-b.js',
  ]),
  chunk('assets/browse-e.js', null, ['assets/gift-f.js']),
  chunk('assets/gift-f.js', null),
  chunk('assets/merchant-g.js', `${routes}/{-$locale}/merchants/$id.tsx?tsr-split=component`, ['assets/browse-e.js']),
  // What the router loads only on failure is not on the first paint's path.
  chunk('assets/home-error-h.js', `${routes}/{-$locale}/home.tsx?tsr-split=errorComponent`, ['assets/big-i.js']),
  chunk('assets/big-i.js', null),
]
const catalogs: RouteCatalogs = Object.fromEntries(
  [anyRoute, ...appRoutePatterns].map((route) => [
    route,
    { th: ['/assets/messages-th.js'], en: ['/assets/messages-en.js'] },
  ]),
)
catalogs['/home'] = { th: ['/assets/messages-th.js', '/assets/messages-th-home.js'], en: ['/assets/messages-en.js'] }
const assets = [
  'assets/ibm-plex-sans-thai-thai-400-normal-x.woff2',
  'assets/ibm-plex-sans-thai-thai-700-normal-y.woff2',
  'assets/ibm-plex-sans-thai-latin-400-normal-z.woff2',
  'assets/ibm-plex-sans-thai-latin-700-normal-w.woff2',
]

describe('routePatternOfFile', () => {
  it('maps route files to the patterns the server matches', () => {
    expect(routePatternOfFile('{-$locale}/home.tsx')).toBe('/home')
    expect(routePatternOfFile('{-$locale}/index.tsx')).toBe('/')
    expect(routePatternOfFile('{-$locale}/merchants/index.tsx')).toBe('/merchants')
    expect(routePatternOfFile('{-$locale}/merchants/$id.tsx')).toBe('/merchants/$id')
    expect(routePatternOfFile('{-$locale}/profile/edit/{-$id}.tsx')).toBe('/profile/edit/{-$id}')
    expect(routePatternOfFile('__root.tsx')).toBe('*')
    expect(routePatternOfFile('{-$locale}/route.tsx')).toBe('*')
    expect(routePatternOfFile('{-$locale}/not-a-page.tsx')).toBeUndefined()
  })
})

describe('routePatternOfChunk', () => {
  it('names the route of a first-render piece, or of any piece when asked', () => {
    expect(routePatternOfChunk(`${routes}/{-$locale}/home.tsx?tsr-split=component`)).toBe('/home')
    expect(routePatternOfChunk(`${routes}/{-$locale}/home.tsx?tsr-split=errorComponent`)).toBeUndefined()
    expect(routePatternOfChunk(`${routes}/{-$locale}/home.tsx?tsr-split=errorComponent`, true)).toBe('/home')
    expect(routePatternOfChunk(`${routes}/{-$locale}/route.tsx?tsr-split=notFoundComponent`, true)).toBe('*')
    expect(routePatternOfChunk('/work/src/features/home/home-screen.tsx', true)).toBeUndefined()
    expect(routePatternOfChunk(null, true)).toBeUndefined()
  })
})

describe('collectPagePreloads', () => {
  const preloads = collectPagePreloads(chunks, assets, catalogs)

  it("names a page's route chunk and everything it imports, but not what the entry already loads", () => {
    expect(preloads.pages['/home']).toEqual(['/assets/home-d.js', '/assets/browse-e.js', '/assets/gift-f.js'])
    expect(preloads.pages['/merchants/$id']).toEqual([
      '/assets/merchant-g.js',
      '/assets/browse-e.js',
      '/assets/gift-f.js',
    ])
  })

  it('lists every app route, with nothing for a page whose component ships with the entry', () => {
    expect(Object.keys(preloads.pages).sort()).toEqual([...appRoutePatterns].sort())
    expect(preloads.pages['/wallet']).toEqual([])
  })

  it("names each route's catalogs in each language and the regular and bold faces of its script", () => {
    expect(preloads.catalogs).toEqual(catalogs)
    expect(preloads.fonts).toEqual({
      th: ['/assets/ibm-plex-sans-thai-thai-400-normal-x.woff2', '/assets/ibm-plex-sans-thai-thai-700-normal-y.woff2'],
      en: [
        '/assets/ibm-plex-sans-thai-latin-400-normal-z.woff2',
        '/assets/ibm-plex-sans-thai-latin-700-normal-w.woff2',
      ],
    })
    expect(preloads.priceFonts).toEqual({
      th: [
        '/assets/ibm-plex-sans-thai-latin-400-normal-z.woff2',
        '/assets/ibm-plex-sans-thai-latin-700-normal-w.woff2',
      ],
      en: [],
    })
  })

  it('fails the build when the catalog or the font it should name is missing', () => {
    const withoutWallet = Object.fromEntries(Object.entries(catalogs).filter(([route]) => route !== '/wallet'))
    expect(() => collectPagePreloads(chunks, assets, withoutWallet)).toThrow(/no catalog for \/wallet/)
    expect(() => collectPagePreloads(chunks, assets.slice(0, 3), catalogs)).toThrow(/no latin font of weight 700/)
  })
})

describe('preloadLinks', () => {
  const preloads = collectPagePreloads(chunks, assets, catalogs)

  it("links the page's font, its language's catalogs and its chunks", () => {
    expect(preloadLinks(preloads, '/home', 'en')).toBe(
      '<link rel="preload" href="/assets/ibm-plex-sans-thai-latin-400-normal-z.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="preload" href="/assets/ibm-plex-sans-thai-latin-700-normal-w.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="modulepreload" crossorigin href="/assets/messages-en.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/home-d.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/browse-e.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/gift-f.js">',
    )
  })

  it("adds the Latin faces of a Thai detail page's prices, and nothing on other pages", () => {
    const fontsOf = (pattern: string, locale: 'th' | 'en') =>
      [...preloadLinks(preloads, pattern, locale).matchAll(/href="([^"]+\.woff2)"/g)].map((match) => match[1])
    expect(fontsOf('/merchants/$id', 'th')).toEqual([
      '/assets/ibm-plex-sans-thai-thai-400-normal-x.woff2',
      '/assets/ibm-plex-sans-thai-thai-700-normal-y.woff2',
      '/assets/ibm-plex-sans-thai-latin-400-normal-z.woff2',
      '/assets/ibm-plex-sans-thai-latin-700-normal-w.woff2',
    ])
    expect(fontsOf('/merchants/$id', 'en')).toEqual(fontsOf('/home', 'en'))
    expect(fontsOf('/home', 'th')).toHaveLength(2)
  })

  it('links only the font and the base catalog for a page the app does not know', () => {
    expect(preloadLinks(preloads, undefined, 'th')).toBe(
      '<link rel="preload" href="/assets/ibm-plex-sans-thai-thai-400-normal-x.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="preload" href="/assets/ibm-plex-sans-thai-thai-700-normal-y.woff2" as="font" type="font/woff2" crossorigin>' +
        '<link rel="modulepreload" crossorigin href="/assets/messages-th.js">',
    )
  })
})

describe('itemPictureLink', () => {
  const picture = { path: `/media/pictures/${'a'.repeat(32)}`, widths: [160, 320, 640], width: 640, height: 480 }

  it("preloads a product's made picture as the WebP its page's <picture> picks, first", () => {
    expect(itemPictureLink('/products/$id', { imageUrl: `${picture.path}/640.jpg`, image: picture })).toBe(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${picture.path}/160.webp 160w, ` +
        `${picture.path}/320.webp 320w, ${picture.path}/640.webp 640w" imagesizes="${productPageSizes}" fetchpriority="high">`,
    )
  })

  it('preloads the placeholder while there is no made picture, and a logo without priority', () => {
    expect(itemPictureLink('/products/$id', { imageUrl: '/media/products/x/picture.svg', image: null })).toBe(
      '<link rel="preload" href="/media/products/x/picture.svg" as="image" fetchpriority="high">',
    )
    expect(itemPictureLink('/merchants/$id', { logoUrl: `${picture.path}/160.jpg`, logo: picture })).toContain(
      'imagesizes="72px">',
    )
    // An answer saved before pictures existed has no field at all.
    expect(itemPictureLink('/merchants/$id', { logoUrl: '/media/merchants/x/logo.svg' })).toBe(
      '<link rel="preload" href="/media/merchants/x/logo.svg" as="image">',
    )
    expect(itemPictureLink('/merchants/$id', { name: 'no logo' })).toBeUndefined()
  })
})
