import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { PostbackOutcome, PostbackStatus } from '#domain/contracts/postback'
import { formatThb, type Satang } from '#domain/money'
import { merchantLogoUrl, productImageUrl } from '#server/catalogue/catalogue-urls'
import { affiliateSubIdParameter } from '#server/clicks/click-records'
import { demoStoreStylesheetPath } from '#server/demo-store/demo-store-styles'

/**
 * Server-rendered pages of the demo storefront. They are the fake merchant's pages, not the app's,
 * so their words are fixed Thai and English side by side instead of going through Lingui. Every
 * value is interpolated through `html`, which escapes it; nothing here runs a script (the CSP
 * allows none inline).
 */

type Page = HtmlEscapedString | Promise<HtmlEscapedString>

export type StoreMerchant = { id: string; nameTh: string; nameEn: string }
export type StoreProduct = { id: string; nameTh: string; nameEn: string; price: Satang }

export type DemoOrder = {
  orderId: string
  /** The `aff_sub` the shopper arrived with; `null` when they came without one. */
  clickId: string | null
  product: Pick<StoreProduct, 'nameTh' | 'nameEn'> | null
  quantity: number
  saleAmount: Satang
  orderTime: Date
  networkStatus: PostbackStatus
  /** NgernKhuen's transaction for the order; `null` while unmatched. */
  transactionId: string | null
  /** NgernKhuen's refusal of the latest update, if any. */
  ignoredReason: string | null
}

/** The statuses a network sends after the first `pending`, as the order page's buttons. */
export const demoNetworkUpdates = [
  { status: 'approved', labelTh: 'ร้านค้ายืนยันคำสั่งซื้อ', labelEn: 'Merchant confirms (approved)' },
  { status: 'rejected', labelTh: 'ลูกค้าคืนสินค้า', labelEn: "Item returned (rejected, reason 'Item returned')" },
  { status: 'cancelled', labelTh: 'คำสั่งซื้อถูกยกเลิก', labelEn: 'Order cancelled (cancelled)' },
] as const satisfies readonly { status: PostbackStatus; labelTh: string; labelEn: string }[]

const networkStatusLabels: Record<PostbackStatus, string> = {
  pending: 'รอตรวจสอบ / Pending',
  approved: 'ยืนยันแล้ว / Approved',
  paid: 'จ่ายค่าคอมมิชชันแล้ว / Paid',
  rejected: 'ถูกปฏิเสธ / Rejected',
  cancelled: 'ยกเลิกแล้ว / Cancelled',
}

const outcomeLabels: Record<PostbackOutcome, string> = {
  created: 'เงินคืน บันทึกรายการเงินคืนใหม่แล้ว / NgernKhuen recorded a new cashback transaction',
  updated: 'เงินคืน อัปเดตสถานะรายการแล้ว / NgernKhuen moved the transaction to the new status',
  unchanged: 'ไม่มีอะไรเปลี่ยน เงินคืน ทราบข้อมูลนี้แล้ว / Nothing new: NgernKhuen already knew this',
  unmatched:
    'ไม่พบคลิกที่ตรงกัน คำสั่งซื้อถูกเก็บไว้ให้เจ้าหน้าที่ตรวจสอบ / No NgernKhuen click matches this order: ' +
    'it is kept as unmatched for an operator',
  ignored: 'เงินคืน ไม่รับการเปลี่ยนแปลงนี้ / NgernKhuen refused this change',
}

const dateFormatters = [
  new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Bangkok' }),
]

function formatOrderTime(date: Date): string {
  return dateFormatters.map((formatter) => formatter.format(date)).join(' / ')
}

function layout(title: string, content: Page): Page {
  return html`<!doctype html>
    <html lang="th">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="stylesheet" href="${demoStoreStylesheetPath}" />
      </head>
      <body>
        <div class="banner" role="note">ร้านค้าจำลอง / Demo store — no real purchase</div>
        <main>${content}</main>
      </body>
    </html>`
}

function storeHeader(merchant: StoreMerchant): Page {
  return html`<header class="store-header">
    <img src="${merchantLogoUrl(merchant.id)}" alt="" width="56" height="56" />
    <div>
      <h1>${merchant.nameTh}</h1>
      <p>${merchant.nameEn}</p>
    </div>
  </header>`
}

export function storePath(merchantId: string, clickId: string | null): string {
  const path = `/demo-store/${merchantId}`
  return clickId === null ? path : `${path}?${new URLSearchParams({ [affiliateSubIdParameter]: clickId }).toString()}`
}

/** A product's page in the demo store (what the demo feeds' `link` points at). */
export function productPagePath(merchantId: string, itemId: string, clickId: string | null): string {
  const path = `/demo-store/${merchantId}/products/${encodeURIComponent(itemId)}`
  return clickId === null ? path : `${path}?${new URLSearchParams({ [affiliateSubIdParameter]: clickId }).toString()}`
}

export function orderPath(merchantId: string, orderId: string): string {
  return `/demo-store/${merchantId}/orders/${orderId}`
}

export function renderStorePage(input: {
  merchant: StoreMerchant
  products: readonly StoreProduct[]
  clickId: string | null
  /** The product the link named, shown first under its own heading. */
  featured: StoreProduct | null
}): Page {
  const { merchant, products, clickId, featured } = input
  const tracking =
    clickId === null
      ? html`<p class="notice warning">
          ไม่มีรหัสอ้างอิงจาก เงินคืน (aff_sub) การซื้อจะไม่ถูกจับคู่กับคลิก / No NgernKhuen sub-id (aff_sub): a purchase here reaches
          NgernKhuen as unmatched.
        </p>`
      : html`<p class="notice">มาจาก เงินคืน รหัสอ้างอิง / Arrived from NgernKhuen with sub-id <code>${clickId}</code></p>`
  const item = (product: StoreProduct) =>
    html`<li class="product">
      <img src="${productImageUrl(product.id)}" alt="" width="160" height="160" loading="lazy" />
      <h2>${product.nameTh}</h2>
      <p class="name-en">${product.nameEn}</p>
      <p class="price">${formatThb(product.price, 'th')}</p>
      <form method="post" action="/demo-store/${merchant.id}/orders">
        ${clickId === null ? '' : html`<input type="hidden" name="click_id" value="${clickId}" />`}
        <input type="hidden" name="product_id" value="${product.id}" />
        <label
          >จำนวน / Qty
          <select name="quantity">
            ${[1, 2, 3, 4, 5].map((quantity) => html`<option value="${quantity}">${quantity}</option>`)}
          </select>
        </label>
        <button type="submit">ซื้อ / Buy</button>
      </form>
    </li>`
  const items = products.map(item)
  return layout(
    `${merchant.nameTh} / ${merchant.nameEn}`,
    html`${storeHeader(merchant)} ${tracking}
    ${
      featured === null
        ? ''
        : html`<section aria-labelledby="featured-title">
            <h2 id="featured-title">สินค้าที่คุณเลือก / The product you chose</h2>
            <ul class="products">
              ${item(featured)}
            </ul>
          </section>`
    }
    ${featured === null ? '' : html`<h2>สินค้าอื่นในร้าน / More from this store</h2>`}
    ${
      products.length === 0
        ? html`<p class="notice">ยังไม่มีสินค้า / No products yet</p>`
        : html`<ul class="products">
            ${items}
          </ul>`
    }`,
  )
}

export function renderOrderPage(input: {
  merchant: StoreMerchant
  order: DemoOrder
  outcome: PostbackOutcome | undefined
}): Page {
  const { merchant, order, outcome } = input
  const outcomeNotice =
    outcome === undefined
      ? ''
      : html`<p class="notice${outcome === 'ignored' || outcome === 'unmatched' ? ' warning' : ''}">
          ผลการแจ้ง เงินคืน / Postback outcome: <strong>${outcome}</strong> — ${outcomeLabels[outcome]}
        </p>`
  const productName = order.product === null ? '—' : `${order.product.nameTh} / ${order.product.nameEn}`
  const updates = demoNetworkUpdates.map(
    (update) =>
      html`<form method="post" action="${orderPath(merchant.id, order.orderId)}/updates">
        <input type="hidden" name="status" value="${update.status}" />
        <button type="submit" class="secondary">${update.labelTh} / ${update.labelEn}</button>
      </form>`,
  )
  return layout(
    `${order.orderId} — ${merchant.nameEn}`,
    html`${storeHeader(merchant)} ${outcomeNotice}
      <section class="order" aria-labelledby="order-title">
        <h2 id="order-title">ขอบคุณสำหรับคำสั่งซื้อ / Thank you for your order</h2>
        <dl>
          <dt>เลขที่คำสั่งซื้อ / Order</dt>
          <dd><code>${order.orderId}</code></dd>
          <dt>สินค้า / Item</dt>
          <dd>${productName}</dd>
          <dt>จำนวน / Qty</dt>
          <dd>${order.quantity}</dd>
          <dt>ยอดชำระ / Total</dt>
          <dd>${formatThb(order.saleAmount, 'th', { alwaysShowSatang: true })}</dd>
          <dt>เวลาสั่งซื้อ / Ordered</dt>
          <dd>${formatOrderTime(order.orderTime)}</dd>
          <dt>รหัสอ้างอิง / Sub-id</dt>
          <dd>${order.clickId === null ? 'ไม่มี / none' : html`<code>${order.clickId}</code>`}</dd>
          <dt>สถานะที่เครือข่ายแจ้ง / Network status</dt>
          <dd>${networkStatusLabels[order.networkStatus]}</dd>
          <dt>รายการใน เงินคืน / NgernKhuen</dt>
          <dd>
            ${order.transactionId === null ? 'ไม่ถูกจับคู่ / unmatched' : html`<code>${order.transactionId}</code>`}${
              order.ignoredReason === null
                ? ''
                : html` (ไม่รับการแจ้งล่าสุด / last update refused: <code>${order.ignoredReason}</code>)`
            }
          </dd>
        </dl>
      </section>
      <section class="network" aria-labelledby="network-title">
        <h2 id="network-title">เครือข่ายพันธมิตรจำลอง / Demo affiliate network</h2>
        <p>
          ส่งการอัปเดตที่เครือข่ายจะส่งภายหลัง / Send the update a network would send later, signed, to NgernKhuen's postback
          endpoint.
        </p>
        ${updates}
      </section>
      <div class="actions">
        <a class="back" href="/cashback">กลับไปที่ เงินคืน / Back to NgernKhuen</a>
        <a class="back" href="${storePath(merchant.id, order.clickId)}">ช้อปต่อ / Keep shopping</a>
      </div>`,
  )
}

/** A dead end of the store (unknown merchant or order, a refused form, a failed postback). */
export function renderMessagePage(input: { titleTh: string; titleEn: string; detail: string; backHref: string }): Page {
  return layout(
    `${input.titleTh} / ${input.titleEn}`,
    html`<section class="order">
      <h1>${input.titleTh} / ${input.titleEn}</h1>
      <p>${input.detail}</p>
      <a class="back" href="${input.backHref}">กลับ / Back</a>
    </section>`,
  )
}
