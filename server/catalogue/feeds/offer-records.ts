import * as v from 'valibot'
import { categoryOfLabel } from '#domain/categories'
import type { Cashback, LocalizedList, LocalizedText } from '#domain/contracts/catalogue'
import { isSafeText } from '#domain/validation/text'
import { hasControlCharacters } from '#server/catalogue/feeds/feed-files'
import { parseFeedPrice, type RowResult } from '#server/catalogue/feeds/product-feed-records'

/** A merchant's offer as a network publishes it, checked and in our terms. */
export type OfferRecord = {
  externalId: string
  name: LocalizedText
  description: LocalizedText
  /** The network's label; one of domain/categories.ts. */
  categoryLabel: string
  cashback: Cashback
  trackingDays: number
  confirmationDays: number
  terms: LocalizedList
  /** The network's tracked link to the shop; the click id is added as its sub-id. */
  trackingLink: string
  /** The shop's own site: links a shopper pastes are recognised by its host. */
  websiteUrl: string | null
  /** The tracked link to one page of the shop, `{url}` standing for the page's encoded address. */
  deepLinkTemplate: string | null
  logoUrl: string | null
  /** Paused offers are kept but not listed. */
  isActive: boolean
}

/**
 * An offer's fields under our names, as each adapter reads them from its network's file. Thai
 * texts come from the network's Thai export where it has one; otherwise the English text serves
 * both languages.
 */
export type OfferFields = {
  id?: unknown
  name?: unknown
  nameTh?: unknown
  description?: unknown
  descriptionTh?: unknown
  category?: unknown
  /** `8%`, `8.5`, or for flat offers `2%`. */
  rate?: unknown
  /** `up_to` (the most a purchase earns) or `flat` (every purchase, capped). */
  rateType?: unknown
  /** The most one order earns, in THB (`150 THB` or `150`). */
  cap?: unknown
  trackingDays?: unknown
  confirmationDays?: unknown
  /** A list, or one text with a line per term. */
  terms?: unknown
  termsTh?: unknown
  trackingLink?: unknown
  websiteUrl?: unknown
  deepLinkTemplate?: unknown
  logo?: unknown
  status?: unknown
}

function text(name: string, max: number) {
  return v.pipe(
    v.union([v.string(), v.number()], `${name} is not text`),
    v.transform(String),
    v.check(isSafeText, `${name} contains a NUL byte or broken characters`),
    v.transform((value) => value.trim()),
    v.check((value) => !hasControlCharacters(value, true), `${name} contains control characters`),
    v.maxLength(max, `${name} is longer than ${max} characters`),
  )
}

function required(name: string, max: number) {
  return v.pipe(text(name, max), v.minLength(1, `${name} is missing`))
}

function webAddress(name: string) {
  return v.pipe(
    required(name, 2000),
    v.check((value) => {
      if (!URL.canParse(value.replace('{url}', 'x'))) return false
      const url = new URL(value.replace('{url}', 'x'))
      return url.protocol === 'https:' || url.protocol === 'http:'
    }, `${name} is not an http(s) address`),
  )
}

const days = (name: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.regex(/^\s*\d+\s*$/), v.transform(Number))],
      `${name} is not a number of days`,
    ),
    v.integer(`${name} is not a number of days`),
    v.minValue(0, `${name} is not a number of days`),
    v.maxValue(365, `${name} is more than a year`),
  )

const termList = (name: string) =>
  v.pipe(
    v.optional(v.union([v.array(text(name, 500)), text(name, 5000)]), []),
    v.transform((value) =>
      (Array.isArray(value) ? value : value.split(/\r?\n/)).map((term) => term.trim()).filter((term) => term !== ''),
    ),
    v.maxLength(30, `${name} has more than 30 terms`),
  )

const offerFieldsSchema = v.object({
  id: required('id', 100),
  name: required('name', 120),
  nameTh: v.optional(text('name_th', 120)),
  description: v.optional(text('description', 2000), ''),
  descriptionTh: v.optional(text('description_th', 2000)),
  category: required('category', 100),
  rate: required('rate', 20),
  rateType: v.optional(text('rate_type', 20), 'up_to'),
  cap: v.optional(text('cap', 30)),
  trackingDays: days('tracking_days'),
  confirmationDays: days('confirmation_days'),
  terms: termList('terms'),
  termsTh: v.optional(termList('terms_th')),
  trackingLink: webAddress('tracking_link'),
  websiteUrl: v.optional(webAddress('website_url')),
  deepLinkTemplate: v.optional(webAddress('deeplink_template')),
  logo: v.optional(webAddress('logo')),
  status: v.optional(text('status', 20), 'active'),
})

/** `8%` or `8.25` as basis points (825); at most two decimals, 0 to 100 %. */
function parseRate(value: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(value)
  if (match === null) return undefined
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return basisPoints <= 10_000 ? basisPoints : undefined
}

const statuses = new Map([
  ['active', true],
  ['approved', true],
  ['paused', false],
  ['inactive', false],
  ['suspended', false],
])

/** The offer, or why it is refused. */
export function offerRecordOf(fields: OfferFields): RowResult<OfferRecord> {
  const present = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  )
  const parsed = v.safeParse(offerFieldsSchema, present)
  if (!parsed.success) return { ok: false, reason: parsed.issues.map((issue) => issue.message).join('; ') }
  const offer = parsed.output

  if (categoryOfLabel(offer.category) === undefined)
    return { ok: false, reason: `category is unknown: ${offer.category}` }
  const rateBasisPoints = parseRate(offer.rate)
  if (rateBasisPoints === undefined) return { ok: false, reason: `rate is not a percentage: ${offer.rate}` }
  const kind = ({ up_to: 'up-to', 'up-to': 'up-to', flat: 'flat' } as const)[offer.rateType.toLowerCase()]
  if (kind === undefined) return { ok: false, reason: `rate_type is unknown: ${offer.rateType}` }
  const cap =
    offer.cap === undefined ? null : parseFeedPrice(/^[\d.,]+$/.test(offer.cap) ? `${offer.cap} THB` : offer.cap)
  if (cap === 'not-thb' || cap === undefined) return { ok: false, reason: `cap is not an amount in THB: ${offer.cap}` }
  // Spec section 9: a flat rate always has a cap.
  if (kind === 'flat' && cap === null) return { ok: false, reason: 'a flat rate needs a cap' }
  const isActive = statuses.get(offer.status.toLowerCase())
  if (isActive === undefined) return { ok: false, reason: `status is unknown: ${offer.status}` }
  if (offer.deepLinkTemplate !== undefined && !offer.deepLinkTemplate.includes('{url}')) {
    return { ok: false, reason: 'deeplink_template has no {url}' }
  }

  return {
    ok: true,
    record: {
      externalId: offer.id,
      name: { th: offer.nameTh ?? offer.name, en: offer.name },
      description: { th: offer.descriptionTh ?? offer.description, en: offer.description },
      categoryLabel: offer.category,
      cashback: { kind, rateBasisPoints, maxPerOrder: cap },
      trackingDays: offer.trackingDays,
      confirmationDays: offer.confirmationDays,
      terms: { th: offer.termsTh ?? offer.terms, en: offer.terms },
      trackingLink: offer.trackingLink,
      websiteUrl: offer.websiteUrl ?? null,
      deepLinkTemplate: offer.deepLinkTemplate ?? null,
      logoUrl: offer.logo ?? null,
      isActive,
    },
  }
}
