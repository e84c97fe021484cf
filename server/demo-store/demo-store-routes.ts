import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { catalogueIdSchema } from '#domain/contracts/catalogue'
import {
  postbackOutcomes,
  postbackResponseSchema,
  postbackSignatureHeader,
  type PostbackBodyInput,
  type PostbackResponse,
} from '#domain/contracts/postback'
import { satangPerBaht, type Satang } from '#domain/money'
import { textSchema } from '#domain/validation/text'
import { demoStoreOrigin } from '#server/catalogue/catalogue-urls'
import { affiliateSubIdParameter } from '#server/clicks/click-records'
import type { Database } from '#server/db/database'
import { conversions, merchants, products } from '#server/db/schema'
import {
  demoNetworkUpdates,
  orderPath,
  productPagePath,
  renderMessagePage,
  renderOrderPage,
  renderStorePage,
  storePath,
  type StoreMerchant,
  type StoreProduct,
} from '#server/demo-store/demo-store-pages'
import {
  demoStoreFontRoute,
  demoStoreStylesheet,
  demoStoreStylesheetRoute,
  readDemoStoreFont,
} from '#server/demo-store/demo-store-styles'
import type { AppEnvironment } from '#server/http/app-environment'
import { originCheckMiddleware } from '#server/http/origin-check'
import type { PostbackConfig } from '#server/postbacks/postback-config'
import { demoNetworkName } from '#server/postbacks/postback-secrets'
import { signPostbackBody } from '#server/postbacks/postback-signature'

/**
 * Delivers a postback the way a network's server would: through the app's whole HTTP handler
 * (signature check, body limit, maintenance switch), in process. Never a network `fetch` to an
 * origin taken from the shopper's request: a forged `Host` would make the server post to any
 * address (blind SSRF), and behind port mapping or a TLS proxy the browser's origin is not where
 * the server listens.
 */
export type SendPostback = (request: Request) => Promise<Response>

/**
 * Where the demo network posts: only the path reaches the app's handler, so the origin is a
 * fixed placeholder, never the request's `Host`.
 */
export const demoPostbackUrl = `http://localhost/api/postbacks/${demoNetworkName}`

/** Products shown per store: enough to choose from on a phone screen. */
const storeProductCount = 6

/** What the demo network sends as the sub-id when the shopper arrived without one; matches no click. */
const missingSubId = 'none'

/** The reason the "Item returned" button sends, worded as a merchant would. */
const returnedReason = 'Item returned'

const orderIdPattern = /^DS-[0-9A-F]{12}$/

/** `DS-` and 12 hex digits: short enough to read out to support, random enough not to collide. */
function createOrderId(): string {
  return `DS-${randomBytes(6).toString('hex').toUpperCase()}`
}

const subIdSchema = v.pipe(textSchema(), v.trim(), v.maxLength(100))

const storeQuerySchema = v.object({
  [affiliateSubIdParameter]: v.optional(subIdSchema),
  /** A network deep link's target: one of this store's product pages (demo-store origin). */
  url: v.optional(v.pipe(v.string(), v.maxLength(2000))),
})

/** The item id of a demo product link of `merchantId`, or `undefined` for any other address. */
function linkedItemId(url: string, merchantId: string): string | undefined {
  const prefix = `${demoStoreOrigin}/${merchantId}/products/`
  if (!url.startsWith(prefix)) return undefined
  const itemId = decodeURIComponent(url.slice(prefix.length))
  return /^[A-Za-z0-9._-]{1,50}$/.test(itemId) ? itemId : undefined
}

const orderFormSchema = v.object({
  click_id: v.optional(subIdSchema),
  product_id: catalogueIdSchema,
  quantity: v.pipe(v.string(), v.regex(/^[1-5]$/, 'Expected a quantity from 1 to 5'), v.transform(Number)),
})

const updateFormSchema = v.object({
  status: v.picklist(demoNetworkUpdates.map((update) => update.status)),
})

const orderPageQuerySchema = v.object({
  outcome: v.fallback(v.optional(v.picklist(postbackOutcomes)), undefined),
})

/** The order facts the demo network adds to its postbacks, as real networks add their own fields. */
const demoOrderFactsSchema = v.object({
  merchant_id: catalogueIdSchema,
  product_id: catalogueIdSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
})
type DemoOrderFacts = v.InferOutput<typeof demoOrderFactsSchema>

/** The posted form's fields; a body that is not a form (a broken multipart one) has none. */
async function readForm(c: Context<AppEnvironment>): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody()
  } catch {
    return {}
  }
}

/** `123450` satang → `"1234.50"`, the form `bahtDecimalSchema` reads back. */
function toBahtDecimal(amount: Satang): string {
  const satang = String(amount % satangPerBaht).padStart(2, '0')
  return `${Math.floor(amount / satangPerBaht)}.${satang}`
}

/**
 * The merchant's storefront of the demo catalogue (demo mode only, mounted at `/demo-store`):
 * where "Shop now" leads, so the whole cashback flow works on a fresh machine. A purchase here is
 * reported to `/api/postbacks/demo` as an HTTP request through the app's own handler, signed,
 * exactly as an affiliate network would, and the order page sends the network's later updates. Orders live only in their conversion rows
 * (conversion id = order id), since after the postback that is all a network has of them either.
 */
export function demoStoreRoutes(database: Database, postbacks: PostbackConfig, deliverPostback: SendPostback) {
  const configuredSecret = postbacks.secrets.get(demoNetworkName)
  if (configuredSecret === undefined) {
    throw new Error(`The demo store needs the "${demoNetworkName}" postback network`)
  }
  const secret: string = configuredSecret

  async function storeProducts(merchantId: string): Promise<StoreProduct[]> {
    return database
      .select({ id: products.id, nameTh: products.nameTh, nameEn: products.nameEn, price: products.price })
      .from(products)
      .where(eq(products.merchantId, merchantId))
      .orderBy(desc(products.popularity), products.id)
      .limit(storeProductCount)
  }

  async function findMerchant(merchantId: string): Promise<StoreMerchant | undefined> {
    if (!v.is(catalogueIdSchema, merchantId)) return undefined
    const [merchant] = await database
      .select({ id: merchants.id, nameTh: merchants.nameTh, nameEn: merchants.nameEn })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
    return merchant
  }

  async function findOrder(merchantId: string, orderId: string) {
    if (!orderIdPattern.test(orderId)) return undefined
    const [row] = await database
      .select()
      .from(conversions)
      .where(and(eq(conversions.network, demoNetworkName), eq(conversions.conversionId, orderId)))
    const facts = v.safeParse(demoOrderFactsSchema, row?.payload)
    if (row === undefined || !facts.success || facts.output.merchant_id !== merchantId) return undefined
    return { row, facts: facts.output }
  }

  /** Sends one signed postback; the outcome, or a sentence saying why there is none. */
  async function sendPostback(
    c: Context<AppEnvironment>,
    fields: Omit<PostbackBodyInput, 'timestamp'> & DemoOrderFacts,
  ): Promise<{ ok: true; response: PostbackResponse } | { ok: false; detail: string }> {
    const body = JSON.stringify({ ...fields, timestamp: Math.floor(postbacks.now().getTime() / 1000) })
    const request = new Request(demoPostbackUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [postbackSignatureHeader]: signPostbackBody(secret, body),
      },
      body,
    })
    try {
      const response = await deliverPostback(request)
      const answer: unknown = await response.json().catch(() => undefined)
      const parsed = v.safeParse(postbackResponseSchema, answer)
      if (response.status === 200 && parsed.success) return { ok: true, response: parsed.output }
      c.get('logger').warn({ status: response.status, answer }, 'the demo postback was refused')
      return { ok: false, detail: `NgernKhuen answered HTTP ${response.status}; a real network would retry later.` }
    } catch (error) {
      c.get('logger').warn({ err: error }, 'the demo postback could not be delivered')
      return { ok: false, detail: 'NgernKhuen could not be reached; a real network would retry later.' }
    }
  }

  function message(
    c: Context<AppEnvironment>,
    status: ContentfulStatusCode,
    page: Parameters<typeof renderMessagePage>[0],
  ) {
    return c.html(renderMessagePage(page), status)
  }

  const storeNotFound = {
    titleTh: 'ไม่พบร้านค้า',
    titleEn: 'Store not found',
    detail: 'This store or order is not in the NgernKhuen demo catalogue.',
    backHref: '/merchants',
  }

  // Forms post to these pages only from themselves; a small form never needs more.
  const formGuards = [originCheckMiddleware(), bodyLimit({ maxSize: 8 * 1024 })] as const

  return new Hono<AppEnvironment>()
    .use(async (c, next) => {
      await next()
      // Pages carry the shopper's sub-id and live order state.
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
    })
    .get(demoStoreStylesheetRoute, (c) => {
      c.header('Cache-Control', 'public, max-age=3600')
      c.header('Content-Type', 'text/css; charset=utf-8')
      return c.body(demoStoreStylesheet)
    })
    .get(`${demoStoreFontRoute}/:weight{(?:400|700)}`, async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      c.header('Content-Type', 'font/woff2')
      return c.body(await readDemoStoreFont(c.req.param('weight') === '700' ? 700 : 400))
    })
    .get('/:merchantId', async (c) => {
      const merchant = await findMerchant(c.req.param('merchantId'))
      if (merchant === undefined) return message(c, 404, storeNotFound)
      const query = v.safeParse(storeQuerySchema, c.req.query())
      if (!query.success) {
        return message(c, 400, { ...storeNotFound, titleTh: 'ลิงก์ไม่ถูกต้อง', titleEn: 'Invalid link' })
      }
      const clickId = query.output[affiliateSubIdParameter] || null
      // A network's deep link lands on the shop with the page in `url`: the shop shows that page.
      const itemId = query.output.url === undefined ? undefined : linkedItemId(query.output.url, merchant.id)
      if (itemId !== undefined) return c.redirect(productPagePath(merchant.id, itemId, clickId), 302)
      return c.html(renderStorePage({ merchant, products: await storeProducts(merchant.id), clickId, featured: null }))
    })
    .get('/:merchantId/products/:itemId', async (c) => {
      const merchant = await findMerchant(c.req.param('merchantId'))
      if (merchant === undefined) return message(c, 404, storeNotFound)
      const query = v.safeParse(storeQuerySchema, c.req.query())
      const [featured] = await database
        .select({ id: products.id, nameTh: products.nameTh, nameEn: products.nameEn, price: products.price })
        .from(products)
        .where(and(eq(products.merchantId, merchant.id), eq(products.feedItemId, c.req.param('itemId'))))
      if (!query.success || featured === undefined) {
        return message(c, 404, { ...storeNotFound, titleTh: 'ไม่พบสินค้า', titleEn: 'Product not found' })
      }
      const clickId = query.output[affiliateSubIdParameter] || null
      const others = (await storeProducts(merchant.id)).filter((product) => product.id !== featured.id)
      return c.html(renderStorePage({ merchant, products: others, clickId, featured }))
    })
    .post('/:merchantId/orders', ...formGuards, async (c) => {
      const merchant = await findMerchant(c.req.param('merchantId'))
      if (merchant === undefined) return message(c, 404, storeNotFound)
      const form = v.safeParse(orderFormSchema, await readForm(c))
      const [product] = form.success
        ? await database
            .select({ id: products.id, price: products.price })
            .from(products)
            .where(and(eq(products.id, form.output.product_id), eq(products.merchantId, merchant.id)))
        : []
      if (!form.success || product === undefined) {
        return message(c, 400, {
          titleTh: 'สั่งซื้อไม่สำเร็จ',
          titleEn: 'Order not placed',
          detail: 'Choose one of this store’s products and a quantity from 1 to 5.',
          backHref: storePath(merchant.id, null),
        })
      }
      const clickId = form.output.click_id || null
      const orderId = createOrderId()
      const result = await sendPostback(c, {
        conversion_id: orderId,
        click_id: clickId ?? missingSubId,
        order_id: orderId,
        status: 'pending',
        sale_amount: toBahtDecimal(product.price * form.output.quantity),
        currency: 'THB',
        order_time: postbacks.now().toISOString(),
        merchant_id: merchant.id,
        product_id: product.id,
        // The item and pieces, as networks report them: the daily item limit counts them.
        sku: product.id,
        quantity: form.output.quantity,
      })
      if (!result.ok) {
        return message(c, 502, {
          titleTh: 'แจ้ง เงินคืน ไม่สำเร็จ',
          titleEn: 'The postback to NgernKhuen failed',
          detail: result.detail,
          backHref: storePath(merchant.id, clickId),
        })
      }
      return c.redirect(`${orderPath(merchant.id, orderId)}?outcome=${result.response.outcome}`, 303)
    })
    .get('/:merchantId/orders/:orderId', async (c) => {
      const merchant = await findMerchant(c.req.param('merchantId'))
      const order = merchant === undefined ? undefined : await findOrder(merchant.id, c.req.param('orderId'))
      if (merchant === undefined || order === undefined) {
        return message(c, 404, { ...storeNotFound, titleTh: 'ไม่พบคำสั่งซื้อ', titleEn: 'Order not found' })
      }
      const [product] = await database
        .select({ nameTh: products.nameTh, nameEn: products.nameEn })
        .from(products)
        .where(eq(products.id, order.facts.product_id))
      const { row } = order
      return c.html(
        renderOrderPage({
          merchant,
          outcome: v.parse(orderPageQuerySchema, c.req.query()).outcome,
          order: {
            orderId: row.conversionId,
            clickId: row.clickId === missingSubId ? null : row.clickId,
            product: product ?? null,
            quantity: order.facts.quantity,
            saleAmount: row.saleAmount,
            orderTime: row.orderTime,
            networkStatus: row.networkStatus,
            transactionId: row.transactionId,
            ignoredReason: row.ignoredReason,
          },
        }),
      )
    })
    .post('/:merchantId/orders/:orderId/updates', ...formGuards, async (c) => {
      const merchant = await findMerchant(c.req.param('merchantId'))
      const order = merchant === undefined ? undefined : await findOrder(merchant.id, c.req.param('orderId'))
      if (merchant === undefined || order === undefined) {
        return message(c, 404, { ...storeNotFound, titleTh: 'ไม่พบคำสั่งซื้อ', titleEn: 'Order not found' })
      }
      const backHref = orderPath(merchant.id, order.row.conversionId)
      const form = v.safeParse(updateFormSchema, await readForm(c))
      if (!form.success) {
        return message(c, 400, {
          titleTh: 'สถานะไม่ถูกต้อง',
          titleEn: 'Unknown status',
          detail: 'Use one of the buttons.',
          backHref,
        })
      }
      const { row, facts } = order
      const { status } = form.output
      const result = await sendPostback(c, {
        conversion_id: row.conversionId,
        click_id: row.clickId,
        order_id: row.orderId,
        status,
        sale_amount: toBahtDecimal(row.saleAmount),
        currency: row.currency,
        order_time: row.orderTime.toISOString(),
        ...(status === 'rejected' ? { reason: returnedReason } : {}),
        ...facts,
        sku: facts.product_id,
      })
      if (!result.ok) {
        return message(c, 502, {
          titleTh: 'แจ้ง เงินคืน ไม่สำเร็จ',
          titleEn: 'The postback to NgernKhuen failed',
          detail: result.detail,
          backHref,
        })
      }
      return c.redirect(`${backHref}?outcome=${result.response.outcome}`, 303)
    })
}
