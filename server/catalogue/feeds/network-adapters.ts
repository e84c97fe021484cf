import type { MerchantCategoryId } from '#domain/categories'
import { MalformedFeedError, readFeedRows } from '#server/catalogue/feeds/feed-files'
import { offerRecordOf, type OfferFields, type OfferRecord } from '#server/catalogue/feeds/offer-records'
import {
  productFeedRecordOf,
  type ProductFeedRecord,
  type RowResult,
} from '#server/catalogue/feeds/product-feed-records'

/** A row of a feed, numbered as the file counts them, kept or refused with the reason. */
export type ReadRow<Record> = { row: number } & RowResult<Record>

/**
 * What the catalogue import needs from an affiliate network: its merchants' offers from the file
 * the network publishes, and product feeds. Every network here publishes product feeds in the
 * Google Merchant Center format, so they share that reader; offers differ per network.
 */
export type NetworkAdapter = {
  /** Stored with each merchant (`merchants.network`) and named on the command line. */
  id: string
  readOffers(input: AsyncIterable<Buffer | string>): AsyncGenerator<ReadRow<OfferRecord>>
}

/** A product feed of any network, read row by row. */
export async function* readProductFeed(
  input: AsyncIterable<Buffer | string>,
  merchantCategory: MerchantCategoryId,
): AsyncGenerator<ReadRow<ProductFeedRecord>> {
  for await (const row of readFeedRows(input)) yield { row: row.row, ...productFeedRecordOf(row, merchantCategory) }
}

/** Offer exports are small (one row per merchant): read whole, up to this size. */
const maxOfferFileBytes = 64 * 1024 * 1024

async function readWhole(input: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of input) {
    const buffer = Buffer.from(chunk)
    size += buffer.length
    if (size > maxOfferFileBytes) throw new MalformedFeedError('the offers file is larger than 64 MB')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Involve Asia: pages of the Publisher API's `POST /offers/all`, saved as they came
 * (`{ status, data: { page, limit, count, nextPage, data: [offer…] } }`), one page or an array of
 * pages. The envelope is as documented; the offer fields read here (`offer_id`, `offer_name`, `preview_url`,
 * `categories`, `commission_rate`, `commission_type`, `commission_cap`, `tracking_period`,
 * `validation_period`, `terms`, `tracking_link`, `logo`, `offer_status`, and the `_th` texts of a
 * Thai export) are to be confirmed against a live account before production use. The deep link
 * is the tracking link with the page in its `url` parameter, as Involve Asia's links take it.
 */
export const involveAsiaAdapter: NetworkAdapter = {
  id: 'involve-asia',
  async *readOffers(input) {
    const text = await readWhole(input)
    let document: unknown
    try {
      document = JSON.parse(text)
    } catch (error) {
      throw new MalformedFeedError(`the offers file is not JSON: ${error instanceof Error ? error.message : ''}`)
    }
    const pages = Array.isArray(document) ? document : [document]
    let row = 0
    for (const page of pages) {
      const offers = isRecord(page) && isRecord(page['data']) ? page['data']['data'] : undefined
      if (!isRecord(page) || page['status'] !== 'success' || !Array.isArray(offers)) {
        throw new MalformedFeedError(
          'the offers file is not a page of /offers/all ({ status: "success", data: { data: [...] } })',
        )
      }
      for (const offer of offers) {
        row += 1
        if (!isRecord(offer)) {
          yield { row, ok: false, reason: 'the offer is not an object' }
          continue
        }
        const trackingLink = offer['tracking_link']
        const categories = offer['categories']
        const fields: OfferFields = {
          id: offer['offer_id'],
          name: offer['offer_name'],
          nameTh: offer['offer_name_th'],
          description: offer['description'],
          descriptionTh: offer['description_th'],
          // Involve Asia gives a comma-separated list; the first is the offer's main category.
          category: typeof categories === 'string' ? categories.split(',')[0]?.trim() : categories,
          rate: offer['commission_rate'],
          rateType: offer['commission_type'],
          cap: offer['commission_cap'],
          trackingDays: offer['tracking_period'],
          confirmationDays: offer['validation_period'],
          terms: offer['terms'],
          termsTh: offer['terms_th'],
          trackingLink,
          websiteUrl: offer['preview_url'],
          deepLinkTemplate:
            typeof trackingLink === 'string' && /^https?:\/\//i.test(trackingLink)
              ? `${trackingLink}${trackingLink.includes('?') ? '&' : '?'}url={url}`
              : undefined,
          logo: offer['logo'],
          status: offer['offer_status'],
        }
        yield { row, ...offerRecordOf(fields) }
      }
    }
  },
}

/**
 * Accesstrade Thailand: the publisher dashboard's campaign export, CSV with a header row
 * (`campaign_id`, `campaign_name`, `campaign_name_th`, `category`, `commission_rate`,
 * `commission_type`, `commission_cap`, `cookie_days`, `approval_days`, `terms`, `terms_th` (a term
 * per line), `website_url`, `tracking_url`, `deeplink_url` (with `{url}`), `logo_url`, `status`, `description`,
 * `description_th`). Column names to be confirmed against a live account before production use.
 */
export const accesstradeAdapter: NetworkAdapter = {
  id: 'accesstrade',
  async *readOffers(input) {
    for await (const { row, fields, tooLong } of readFeedRows(input)) {
      if (tooLong.length > 0) {
        yield { row, ok: false, reason: `${tooLong.join(', ')} too long` }
        continue
      }
      const field = (name: string) => fields.get(name)
      yield {
        row,
        ...offerRecordOf({
          id: field('campaign_id'),
          name: field('campaign_name'),
          nameTh: field('campaign_name_th'),
          description: field('description'),
          descriptionTh: field('description_th'),
          category: field('category'),
          rate: field('commission_rate'),
          rateType: field('commission_type'),
          cap: field('commission_cap'),
          trackingDays: field('cookie_days'),
          confirmationDays: field('approval_days'),
          terms: field('terms'),
          termsTh: field('terms_th'),
          trackingLink: field('tracking_url'),
          websiteUrl: field('website_url'),
          deepLinkTemplate: field('deeplink_url'),
          logo: field('logo_url'),
          status: field('status'),
        }),
      }
    }
  },
}

export const networkAdapters: readonly NetworkAdapter[] = [involveAsiaAdapter, accesstradeAdapter]

export function findNetworkAdapter(id: string): NetworkAdapter | undefined {
  return networkAdapters.find((adapter) => adapter.id === id)
}
