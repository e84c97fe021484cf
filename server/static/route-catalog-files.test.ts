import { describe, expect, it } from 'vitest'
import { appRoutePatterns } from '#domain/app-routes'
import { anyRoute, catalogRouteOf } from '#domain/route-catalogs'
import { splitCatalogByRoute, withRouteCatalogs, type CatalogChunk } from '#server/static/route-catalog-files'

const routes = '/work/src/routes'
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  code: string,
  { imports = [], dynamicImports = [], isEntry = false }: Partial<Omit<CatalogChunk, 'fileName' | 'code'>> = {},
): CatalogChunk => ({ fileName, facadeModuleId, code, imports, dynamicImports, isEntry })

// Built code as the Lingui macro leaves it: each message is named by its id.
const chunks: CatalogChunk[] = [
  chunk('assets/index-a.js', '/work/index.html', 'n._({id:"top1"});import("./desktop-b.js");import("./home-c.js")', {
    imports: ['assets/framework-f.js'],
    dynamicImports: [
      'assets/desktop-b.js',
      'assets/home-c.js',
      'assets/wallet-d.js',
      'assets/layout-error-g.js',
      'assets/sender-s.js',
    ],
    isEntry: true,
  }),
  chunk('assets/framework-f.js', null, 'var react'),
  chunk('assets/desktop-b.js', null, `x({id:'desk1'})`),
  chunk('assets/home-c.js', `${routes}/{-$locale}/home.tsx?tsr-split=component`, 'y({id:"home1"})', {
    // A route piece imports the entry's chunk (shared code), as the real build's do.
    imports: ['assets/browse-e.js', 'assets/index-a.js'],
  }),
  chunk('assets/browse-e.js', null, 'z({id:`brow1`}),z({id:"top1"})'),
  chunk('assets/wallet-d.js', `${routes}/{-$locale}/wallet.tsx?tsr-split=component`, 'w({id:"wal1"})', {
    dynamicImports: ['assets/wallet-dialog-h.js'],
  }),
  chunk('assets/wallet-dialog-h.js', null, 'w({id:"dia1"})'),
  chunk('assets/layout-error-g.js', `${routes}/{-$locale}/route.tsx?tsr-split=errorComponent`, 'e({id:"err1"})', {
    imports: ['assets/index-a.js'],
  }),
  // A background sender the entry opens, reaching a contract that sits in the pages' shared chunk.
  chunk('assets/sender-s.js', null, 's({id:"send1"})', { imports: ['assets/browse-e.js'] }),
]
const compiled = {
  th: {
    send1: 'ส่ง',
    top1: 'บน',
    desk1: 'เดสก์',
    home1: 'หน้าแรก',
    brow1: 'เรียกดู',
    wal1: 'กระเป๋า',
    dia1: 'กล่อง',
    err1: 'ผิด',
    unused: 'ไม่ใช้',
  },
  en: {
    send1: 'Send',
    top1: 'Top',
    desk1: 'Desk',
    home1: 'Home',
    brow1: 'Browse',
    wal1: 'Wallet',
    dia1: 'Dialog',
    err1: 'Error',
    unused: 'Unused',
  },
}

/** The messages of an emitted file, by its URL path. */
function messagesOf(result: ReturnType<typeof splitCatalogByRoute>, urlPath: string): Record<string, unknown> {
  const file = result.files.find((candidate) => `/${candidate.fileName}` === urlPath)
  if (file === undefined) throw new Error(`no file ${urlPath}`)
  const json = /JSON\.parse\((".*")\)/.exec(file.source)?.[1]
  return JSON.parse(JSON.parse(json ?? '""') as string) as Record<string, unknown>
}

describe('splitCatalogByRoute', () => {
  const result = splitCatalogByRoute(chunks, compiled)
  const filesOf = (route: string, locale: 'th' | 'en') => result.catalogs[route]?.[locale] ?? []

  it("puts what every page can show in a base file: the entry's code, its lazy parts and the layouts' pieces", () => {
    const [base] = filesOf(anyRoute, 'th')
    expect(filesOf(anyRoute, 'th')).toHaveLength(1)
    expect(messagesOf(result, base ?? '')).toEqual({ top1: 'บน', desk1: 'เดสก์', err1: 'ผิด', send1: 'ส่ง' })
  })

  it("leaves out of the base what a lazy part reaches of the pages' chunks: those pages load it", () => {
    const [base] = filesOf(anyRoute, 'en')
    expect(messagesOf(result, base ?? '')).not.toHaveProperty('brow1')
    expect(messagesOf(result, filesOf('/home', 'en')[1] ?? '')).toHaveProperty('brow1')
  })

  it("adds per route what its pieces, their imports and their lazy parts show, without the base's", () => {
    const [base, home] = filesOf('/home', 'en')
    expect(base).toBe(filesOf(anyRoute, 'en')[0])
    expect(messagesOf(result, home ?? '')).toEqual({ brow1: 'Browse', home1: 'Home' })
    expect(messagesOf(result, filesOf('/wallet', 'en')[1] ?? '')).toEqual({ dia1: 'Dialog', wal1: 'Wallet' })
  })

  it('gives a route whose pieces add nothing the base file alone, and every route an entry', () => {
    expect(filesOf('/ban', 'th')).toEqual(filesOf(anyRoute, 'th'))
    expect(Object.keys(result.catalogs).sort()).toEqual([anyRoute, ...appRoutePatterns].sort())
  })

  it('names each file by its language and content, and leaves out messages no code names', () => {
    for (const file of result.files) expect(file.fileName).toMatch(/^assets\/messages-(th|en)-[\w-]{8}\.js$/)
    expect(result.files.some((file) => file.source.includes('unused'))).toBe(false)
    expect(splitCatalogByRoute(chunks, compiled)).toEqual(result)
  })

  it('fails the build when the entry names no message (the ids are not where this looks)', () => {
    const withoutIds = chunks.map((candidate) => ({ ...candidate, code: '' }))
    expect(() => splitCatalogByRoute(withoutIds, compiled)).toThrow(/no message id/)
  })
})

describe('splitCatalogByRoute with lazy parts of their own', () => {
  // A member-only part the entry opens, module by module: its own lazy part (an offer), a module it
  // shares with a page (in that page's chunk, beside the page's screen), an icon in the pages'
  // shared chunk, and a message it shares with the entry.
  const member = '/work/src/components/layout/member-shell.tsx'
  const modules: Record<string, { chunk: string; code: string; imports?: string[]; dynamicImports?: string[] }> = {
    [member]: {
      chunk: 'assets/member-m.js',
      code: 'm({id:"mem1"}),m({id:"top1"})',
      imports: ['/work/src/features/device.ts', '/work/src/icons/bell.ts'],
      dynamicImports: ['/work/src/features/offer.tsx'],
    },
    '/work/src/features/offer.tsx': { chunk: 'assets/offer-o.js', code: 'o({id:"off1"})' },
    '/work/src/features/device.ts': { chunk: 'assets/wallet-d.js', code: 'd({id:"dev1"})' },
    '/work/src/features/wallet-screen.tsx': { chunk: 'assets/wallet-d.js', code: 'w({id:"wal1"})' },
    '/work/src/icons/bell.ts': { chunk: 'assets/browse-e.js', code: 'var bell' },
    '/work/src/features/home-screen.tsx': { chunk: 'assets/browse-e.js', code: 'z({id:`brow1`}),z({id:"top1"})' },
  }
  const withModules = (candidate: CatalogChunk): CatalogChunk => ({
    ...candidate,
    modules: Object.fromEntries(
      Object.entries(modules)
        .filter(([, module]) => module.chunk === candidate.fileName)
        .map(([id, module]) => [id, { code: module.code }]),
    ),
  })
  const withPart: CatalogChunk[] = [
    ...chunks.map((candidate) =>
      candidate.isEntry
        ? { ...candidate, dynamicImports: [...candidate.dynamicImports, 'assets/member-m.js'] }
        : candidate,
    ),
    chunk('assets/member-m.js', member, 'm({id:"mem1"}),m({id:"top1"})', {
      imports: ['assets/index-a.js', 'assets/browse-e.js', 'assets/wallet-d.js'],
      dynamicImports: ['assets/offer-o.js'],
    }),
    chunk('assets/offer-o.js', null, 'o({id:"off1"})'),
  ].map(withModules)
  const withPartCompiled = {
    th: { ...compiled.th, mem1: 'สมาชิก', off1: 'ข้อเสนอ', dev1: 'เครื่อง' },
    en: { ...compiled.en, mem1: 'Member', off1: 'Offer', dev1: 'Device' },
  }
  const part = { key: 'part:member', module: 'src/components/layout/member-shell.tsx' }
  const moduleImports = (id: string) => {
    const module = modules[id]
    return module && { imports: module.imports ?? [], dynamicImports: module.dynamicImports ?? [] }
  }
  const result = splitCatalogByRoute(withPart, withPartCompiled, { parts: [part], moduleImports })

  it('gives the part a file of its own, named under its key, and leaves its messages out of the base', () => {
    const [base] = result.catalogs[anyRoute]?.th ?? []
    expect(messagesOf(result, base ?? '')).toEqual({ top1: 'บน', desk1: 'เดสก์', err1: 'ผิด', send1: 'ส่ง' })
    const files = result.catalogs[part.key]?.en ?? []
    expect(files).toHaveLength(1)
    // Its own lazy part's message and its shared module's are in it; the base's, the page's
    // screen beside that module and the pages' shared chunk's are not.
    expect(messagesOf(result, files[0] ?? '')).toEqual({ mem1: 'Member', off1: 'Offer', dev1: 'Device' })
  })

  it("leaves a route's lazy part with a file of its own out of the route's file", () => {
    const homeOpensPart = withPart.map((candidate) =>
      candidate.fileName === 'assets/home-c.js'
        ? { ...candidate, dynamicImports: [...candidate.dynamicImports, 'assets/member-m.js'] }
        : candidate,
    )
    const split = splitCatalogByRoute(homeOpensPart, withPartCompiled, { parts: [part], moduleImports })
    expect(messagesOf(split, split.catalogs['/home']?.en[1] ?? '')).toEqual({ brow1: 'Browse', home1: 'Home' })
  })

  it('fails the build when a named part is no lazy part of its own', () => {
    const gone = { key: 'part:x', module: 'src/components/layout/gone.tsx' }
    expect(() => splitCatalogByRoute(withPart, withPartCompiled, { parts: [gone], moduleImports })).toThrow(
      /gone\.tsx is no lazy part/,
    )
    const staticallyImported = withPart.map((candidate) =>
      candidate.isEntry ? { ...candidate, imports: [...candidate.imports, 'assets/member-m.js'] } : candidate,
    )
    expect(() => splitCatalogByRoute(staticallyImported, withPartCompiled, { parts: [part], moduleImports })).toThrow(
      /no lazy part/,
    )
  })
})

describe('withRouteCatalogs', () => {
  it('names the files in the head as JSON the HTML cannot end early', () => {
    const html = withRouteCatalogs(
      '<html><head></head><body></body></html>',
      { '/x': { th: ['</script>'], en: [] } },
      'c',
    )
    expect(html).toBe(
      '<html><head><script type="application/json" id="c">{"/x":{"th":["\\u003c/script>"],"en":[]}}</script></head><body></body></html>',
    )
  })
})

describe('catalogRouteOf', () => {
  it('keys a path by its route pattern in either language, and an unknown path by anyRoute', () => {
    expect(catalogRouteOf('/home')).toBe('/home')
    expect(catalogRouteOf('/en/products/abc')).toBe('/products/$id')
    expect(catalogRouteOf('/en')).toBe('/')
    expect(catalogRouteOf('/nope/deeper')).toBe(anyRoute)
  })
})
