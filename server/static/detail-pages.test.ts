import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import type { CatalogueService, JsonRepresentation } from '#server/catalogue/catalogue-service'
import { createDetailPages, type DetailPageData, type PrerenderModule } from '#server/static/detail-pages'

const productId = '4939bc1efae275c1017440c2'
const logger = pino({ level: 'silent' })

function representation(value: unknown, entityTag: string): JsonRepresentation {
  return { body: new TextEncoder().encode(JSON.stringify(value)), entityTag, gzipped: () => undefined }
}

/** A catalogue of one product whose data the test can change, and whose lookups can fail. */
function createCatalogue() {
  const state = { name: 'รองเท้า', version: 1, fails: false }
  const catalogue = {
    getProduct: (id: string) => {
      if (state.fails) return Promise.reject(new Error('the database is away'))
      return Promise.resolve(
        id === productId ? representation({ _id: id, name: { th: state.name } }, `"v${state.version}"`) : undefined,
      )
    },
    getMerchant: () => Promise.resolve(undefined),
  } as unknown as CatalogueService
  return { catalogue, state }
}

/** A renderer that writes what it was given, counts its renders and can be held or made to fail. */
function createRenderer() {
  const calls: { path: string; data: DetailPageData | undefined }[] = []
  const control = { fails: false, hold: undefined as Promise<void> | undefined }
  const renderer: PrerenderModule = {
    async prerenderPage(path, data) {
      calls.push({ path, data })
      if (control.hold !== undefined) await control.hold
      if (control.fails) throw new Error('render failed')
      const name = data !== undefined && 'product' in data ? (data.product as { name: { th: string } }).name.th : ''
      return `<main><h1>${name}</h1></main><script>scroll()</script>`
    },
  }
  return { renderer, calls, control }
}

describe('detail pages', () => {
  it("renders a visitor's product page with the product, in the page's language, scripts removed", async () => {
    const { catalogue } = createCatalogue()
    const { renderer, calls } = createRenderer()
    const pages = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    const page = await pages.find({ pattern: '/products/$id', itemId: productId, locale: 'en', render: true })
    expect(page).toEqual({
      kind: 'found',
      itemId: productId,
      dataEntityTag: '"v1"',
      pageHtml: '<main><h1>รองเท้า</h1></main>',
    })
    expect(calls).toEqual([
      { path: `/en/products/${productId}`, data: { product: { _id: productId, name: { th: 'รองเท้า' } } } },
    ])
  })

  it('renders an item once per version of its data and language', async () => {
    const { catalogue, state } = createCatalogue()
    const { renderer, calls } = createRenderer()
    const pages = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    const find = (locale: 'th' | 'en') =>
      pages.find({ pattern: '/products/$id', itemId: productId, locale, render: true })
    await Promise.all([find('th'), find('th'), find('th')])
    await find('en')
    expect(calls.map((call) => call.path)).toEqual([`/products/${productId}`, `/en/products/${productId}`])
    state.name = 'รองเท้าผ้าใบ'
    state.version = 2
    expect(await find('th')).toMatchObject({ dataEntityTag: '"v2"', pageHtml: '<main><h1>รองเท้าผ้าใบ</h1></main>' })
    expect(calls).toHaveLength(3)
  })

  it('answers missing for an unknown or malformed id, without rendering', async () => {
    const { catalogue } = createCatalogue()
    const { renderer, calls } = createRenderer()
    const pages = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    for (const itemId of ['000000000000000000000000', 'not-an-id', productId.toUpperCase()]) {
      expect(await pages.find({ pattern: '/products/$id', itemId, locale: 'th', render: true })).toEqual({
        kind: 'missing',
      })
    }
    expect(calls).toEqual([])
  })

  it('looks the item up without rendering when the page is not a visitor’s', async () => {
    const { catalogue } = createCatalogue()
    const { renderer, calls } = createRenderer()
    const pages = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    const page = await pages.find({ pattern: '/products/$id', itemId: productId, locale: 'th', render: false })
    expect(page).toMatchObject({ kind: 'found', pageHtml: undefined })
    expect(calls).toEqual([])
  })

  it('sends the page unrendered when there is no renderer, the render fails, or the lookup fails', async () => {
    const { catalogue, state } = createCatalogue()
    const withoutRenderer = createDetailPages({ catalogue, renderer: Promise.resolve(undefined), logger })
    const options = { pattern: '/products/$id', itemId: productId, locale: 'th', render: true } as const
    expect(await withoutRenderer.find(options)).toMatchObject({ kind: 'found', pageHtml: undefined })

    const { renderer, control } = createRenderer()
    control.fails = true
    const failing = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    expect(await failing.find(options)).toMatchObject({ kind: 'found', pageHtml: undefined })

    state.fails = true
    expect(await failing.find(options)).toBeUndefined()
  })

  it('sends pages unrendered while 4 renders wait, and renders them once the renderer is free', async () => {
    const { renderer, calls, control } = createRenderer()
    let release = () => {}
    control.hold = new Promise((resolve) => {
      release = resolve
    })
    // Every id is a product named by its id.
    const catalogue = {
      getProduct: (id: string) => Promise.resolve(representation({ _id: id, name: { th: id } }, `"${id}"`)),
    } as unknown as CatalogueService
    const pages = createDetailPages({ catalogue, renderer: Promise.resolve(renderer), logger })
    const find = (letter: string) =>
      pages.find({ pattern: '/products/$id', itemId: letter.repeat(24), locale: 'th', render: true })
    const waiting = ['a', 'b', 'c', 'd'].map(find)
    await expect.poll(() => calls.length).toBe(4)
    expect(await find('e')).toMatchObject({ kind: 'found', pageHtml: undefined })
    release()
    control.hold = undefined
    expect((await Promise.all(waiting)).map((page) => page?.kind === 'found' && page.pageHtml)).toEqual(
      ['a', 'b', 'c', 'd'].map((letter) => `<main><h1>${letter.repeat(24)}</h1></main>`),
    )
    // A busy renderer's answer is not kept: the next visit renders.
    expect(await find('e')).toMatchObject({ pageHtml: `<main><h1>${'e'.repeat(24)}</h1></main>` })
    expect(calls).toHaveLength(5)
  })
})
