import { randomUUID } from 'node:crypto'
import { asc, isNotNull } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionCookieName } from '#domain/contracts/auth'
import { createSession } from '#server/auth/sessions'
import type { App } from '#server/app'
import type { Database } from '#server/db/database'
import { merchants, products } from '#server/db/schema'
import { signPostbackBody } from '#server/postbacks/postback-signature'
import { demoBuyer, demoTransactionIds, seedDemoBuyersIfMissing } from '#server/seed/demo-buyer'
import { seedCatalogueIfEmpty } from '#server/seed/seed-catalogue'
import type { TestClock } from '#server/test/accounts'
import { readJsonObject } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'
import {
  hostileJsonValues,
  hostileRawBodies,
  hostileStrings,
  hostileUrlValues,
  percentEncodeCodeUnits,
  sampledJsonValues,
  sampledStrings,
  sampledUrlValues,
} from '#server/test/hostile-input'
import { createPostbackTestApp, testNetworkName, testNetworkSecret, unixSeconds } from '#server/test/postbacks'

/**
 * Every operation of the app's own OpenAPI document, and the routes outside it that read input
 * (`/go`, `/media`, `/demo-store`), gets malformed input in each path parameter, query parameter
 * and body field, and malformed whole bodies: wrong types, NUL, lone surrogates, invalid UTF-8,
 * huge strings, deep JSON, wrong content types. Anonymous and as the signed-in demo buyer (so
 * the guards do not answer 401 to everything); postbacks signed with the network's secret (so
 * the signature check does not answer 401 to everything). Any 5xx fails the test: a network or
 * the phone's outbox retries a 5xx for ever, while the request itself is the problem.
 */

type JsonSchema = {
  type?: string
  const?: unknown
  enum?: unknown[]
  minimum?: number
  properties?: Record<string, JsonSchema>
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
}

const parameterSchema = v.looseObject({ in: v.string(), name: v.string(), required: v.optional(v.boolean()) })
const openApiSchema = v.looseObject({
  paths: v.record(
    v.string(),
    v.record(
      v.string(),
      v.looseObject({
        parameters: v.optional(v.array(parameterSchema)),
        requestBody: v.optional(
          v.looseObject({ content: v.record(v.string(), v.looseObject({ schema: v.optional(v.unknown()) })) }),
        ),
      }),
    ),
  ),
})

type Operation = {
  method: string
  /** With `{name}` placeholders. */
  path: string
  pathParameters: string[]
  queryParameters: { name: string; required: boolean }[]
  /** The JSON body's variants (one object schema each); empty when the route reads no JSON. */
  bodyVariants: JsonSchema[]
  /** A form body's fields (the demo store's forms), with valid values. */
  formFields?: Record<string, string>
}

type Identity = 'anonymous' | 'demo buyer'

type FuzzCase = {
  label: string
  /** Path parameter values, percent-encoded. */
  path: Record<string, string>
  /** The query string without `?`, percent-encoded. */
  query: string
  body?: { contentType: string | undefined; content: string | Uint8Array }
}

let testDatabase: TestDatabase
let database: Database
let app: App
let clock: TestClock
let operations: Operation[]
let merchantId: string
let productId: string
let orderId: string
let cookie: string | undefined

beforeAll(async () => {
  testDatabase = await createTestDatabase()
  database = testDatabase.connection.database
  await seedCatalogueIfEmpty(database, { size: { merchantCount: 16, productCount: 40 } })
  const setup = createPostbackTestApp(database)
  app = setup.app
  clock = setup.clock
  await seedDemoBuyersIfMissing(database, clock.now())
  const [merchant] = await database
    .select({ id: merchants.id, shopUrl: merchants.shopUrl })
    .from(merchants)
    .where(isNotNull(merchants.topRank))
    .orderBy(asc(merchants.topRank))
    .limit(1)
  if (merchant === undefined) throw new Error('the seeded catalogue has no top merchant')
  merchantId = merchant.id
  const [product] = await database
    .select({ id: products.id, merchantId: products.merchantId })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1)
  if (product === undefined) throw new Error('the seeded catalogue has no product')
  productId = product.id
  const order = await app.request(`/demo-store/${product.merchantId}/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ product_id: product.id, quantity: '1' }).toString(),
  })
  const location = order.headers.get('Location') ?? ''
  const placed = /\/orders\/(DS-[0-9A-F]{12})/.exec(location)
  if (order.status !== 303 || placed?.[1] === undefined) throw new Error(`no demo order: ${order.status} ${location}`)
  orderId = placed[1]
  // The store's own order pages need that order's merchant.
  merchantId = product.merchantId

  const response = await app.request('/api/openapi.json')
  expect(response.status).toBe(200)
  operations = [...documentedOperations(await readJsonObject(response)), ...undocumentedOperations()]
})
afterAll(() => testDatabase.dispose())

function documentedOperations(document: Record<string, unknown>): Operation[] {
  const { paths } = v.parse(openApiSchema, document)
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => {
      const parameters = operation.parameters ?? []
      const jsonBody = operation.requestBody?.content['application/json']?.schema as JsonSchema | undefined
      return {
        method: method.toUpperCase(),
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name),
        queryParameters: parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, required }) => ({ name, required: required ?? false })),
        bodyVariants: jsonBody === undefined ? [] : (jsonBody.oneOf ?? jsonBody.anyOf ?? [jsonBody]),
      }
    }),
  )
}

/** Routes that take input but are pages, pictures or redirects, not API operations. */
function undocumentedOperations(): Operation[] {
  const operation = (method: string, path: string, query: string[] = [], formFields?: Record<string, string>) => ({
    method,
    path,
    pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
    queryParameters: query.map((name) => ({ name, required: false })),
    bodyVariants: [],
    formFields,
  })
  return [
    operation('GET', '/go/{merchantId}', ['product', 'locale']),
    operation('GET', '/media/merchants/{id}/logo.svg'),
    operation('GET', '/media/products/{id}/picture.svg'),
    operation('GET', '/demo-store/{merchantId}', ['aff_sub']),
    operation('POST', '/demo-store/{merchantId}/orders', [], { click_id: 'fuzz', product_id: '', quantity: '1' }),
    operation('GET', '/demo-store/{merchantId}/orders/{orderId}', ['outcome']),
    operation('POST', '/demo-store/{merchantId}/orders/{orderId}/updates', [], { status: 'approved' }),
  ]
}

/** Valid path parameters, so each case changes one thing. */
function validPathParameter(operation: Operation, name: string): string {
  switch (name) {
    case 'buyerId':
      return demoBuyer.id
    case 'transactionId':
      return demoTransactionIds.rejected
    case 'proofId':
    case 'withdrawalId':
      return 'a'.repeat(24)
    case 'network':
      return testNetworkName
    case 'merchantId':
      return merchantId
    case 'orderId':
      return orderId
    case 'id':
      return operation.path.includes('/products') ? productId : merchantId
    case 'kind':
      return 'email'
    default:
      // A new route's parameter: most are ids of this shape; the hostile cases still apply.
      return 'a'.repeat(24)
  }
}

/** Valid values of fields and required query parameters, by name. */
function validFieldValues(): Record<string, unknown> {
  return {
    identifier: 'fuzz.buyer@example.com',
    to: 'fuzz.buyer@example.com',
    code: '123456',
    acceptTerms: true,
    locale: 'en',
    firstName: 'Fuzz',
    lastName: 'Buyer',
    age: 30,
    gender: 'male',
    email: demoBuyer.email,
    phone: demoBuyer.phone,
    birthDate: '1996-01-01',
    phoneOrIdNumber: '0812345678',
    amount: 10_000,
    bank: 'KBANK',
    accountNumber: '1234567890',
    accountName: 'Fuzz Buyer',
    branchName: 'Silom',
    promptPayId: '0812345678',
    mobileNumber: '0812345678',
    token: testNetworkSecret,
    conversion_id: 'FUZZ-1',
    order_id: 'FUZZ-1',
    click_id: '',
    status: 'pending',
    sale_amount: '100.00',
    payout: '5.00',
    currency: 'THB',
    reason: 'fuzz',
    order_time: clock.now().toISOString(),
    timestamp: unixSeconds(clock),
  }
}

function exampleOf(name: string, schema: JsonSchema): unknown {
  const known = validFieldValues()
  if (name in known) return known[name]
  if (schema.const !== undefined) return schema.const
  if (schema.enum !== undefined) return schema.enum[0]
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1
  if (schema.type === 'boolean') return true
  if (schema.type === 'object') return {}
  if (schema.type === 'array') return []
  return 'fuzz'
}

function exampleBody(variant: JsonSchema): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(variant.properties ?? {}).map(([name, schema]) => [name, exampleOf(name, schema)]),
  )
}

const urlValues = [
  ...hostileUrlValues,
  ...sampledUrlValues,
  ...hostileStrings.filter((value) => value.length < 5_000).map(percentEncodeCodeUnits),
]
const jsonFieldValues = [...hostileStrings, ...hostileJsonValues, ...sampledStrings, ...sampledJsonValues]

function describeValue(value: unknown): string {
  // JSON.stringify answers undefined for undefined and functions, whatever its type says.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text
}

function queryString(entries: [string, string][]): string {
  return entries.map(([name, value]) => `${name}=${value}`).join('&')
}

function casesOf(operation: Operation): FuzzCase[] {
  const path = Object.fromEntries(operation.pathParameters.map((name) => [name, validPathParameter(operation, name)]))
  const known = validFieldValues()
  const requiredQuery: [string, string][] = operation.queryParameters
    .filter(({ required }) => required)
    .map(({ name }) => [name, encodeURIComponent(String(known[name]))])
  const query = queryString(requiredQuery)
  const cases: FuzzCase[] = [{ label: 'valid', path, query }]

  for (const name of operation.pathParameters) {
    for (const value of urlValues)
      cases.push({ label: `path ${name}=${describeValue(value)}`, path: { ...path, [name]: value }, query })
  }
  for (const { name } of operation.queryParameters) {
    const others = requiredQuery.filter(([other]) => other !== name)
    for (const value of urlValues) {
      cases.push({
        label: `query ${name}=${describeValue(value)}`,
        path,
        query: queryString([...others, [name, value]]),
      })
    }
    cases.push({ label: `query ${name} twice`, path, query: queryString([...requiredQuery, [name, 'a'], [name, 'b']]) })
  }
  for (const extra of ['%00=1', 'extra=%00', '%ED%A0%80=%ED%A0%80', 'extra=a%00b&extra=%00']) {
    cases.push({ label: `extra query ${extra}`, path, query: query === '' ? extra : `${query}&${extra}` })
  }

  for (const [index, variant] of operation.bodyVariants.entries()) {
    const valid = exampleBody(variant)
    const json = (body: unknown) => ({ contentType: 'application/json', content: JSON.stringify(body) })
    for (const name of Object.keys(valid)) {
      for (const value of jsonFieldValues) {
        cases.push({
          label: `body ${name}=${describeValue(value)}`,
          path,
          query,
          body: json({ ...valid, [name]: value }),
        })
      }
    }
    cases.push({ label: 'body with a NUL key', path, query, body: json({ ...valid, '\u0000': 1 }) })
    cases.push({ label: 'body with a lone surrogate key', path, query, body: json({ ...valid, '\uD800': 'x' }) })
    // Last: a write that succeeds can make later ones stop early (one pending withdrawal at a time).
    cases.push({ label: `body variant ${index} valid`, path, query, body: json(valid) })
  }

  if (operation.formFields !== undefined) {
    const valid = { ...operation.formFields, product_id: productId }
    const form = (fields: [string, string][]) => ({
      contentType: 'application/x-www-form-urlencoded',
      content: queryString(fields),
    })
    const encoded = Object.entries(valid).map(([name, value]): [string, string] => [name, encodeURIComponent(value)])
    for (const name of Object.keys(valid)) {
      for (const value of urlValues) {
        cases.push({
          label: `form ${name}=${describeValue(value)}`,
          path,
          query,
          body: form([...encoded.filter(([other]) => other !== name), [name, value]]),
        })
      }
    }
  }

  if (operation.method !== 'GET') {
    for (const raw of hostileRawBodies) {
      cases.push({
        label: `body: ${raw.label}`,
        path,
        query,
        body: { contentType: raw.contentType, content: raw.body },
      })
    }
  }
  return cases
}

function urlOf(operation: Operation, fuzzCase: FuzzCase): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => fuzzCase.path[name] ?? '')
  return fuzzCase.query === '' ? path : `${path}?${fuzzCase.query}`
}

/** A session of the demo buyer, made again after a case signed it out. */
async function demoBuyerCookie(): Promise<string> {
  if (cookie === undefined) {
    const { token } = await createSession(database, { buyerId: demoBuyer.id, userAgent: 'fuzz', now: clock.now() })
    cookie = `${sessionCookieName}=${token}`
  }
  return cookie
}

async function send(operation: Operation, fuzzCase: FuzzCase, identity: Identity): Promise<Response> {
  const headers = new Headers({ 'Idempotency-Key': randomUUID() })
  if (identity === 'demo buyer') headers.set('Cookie', await demoBuyerCookie())
  const body = fuzzCase.body
  if (body?.contentType !== undefined) headers.set('Content-Type', body.contentType)
  if (operation.path === '/api/postbacks/{network}' && body !== undefined) {
    const bytes = typeof body.content === 'string' ? new TextEncoder().encode(body.content) : body.content
    headers.set('X-Postback-Signature', signPostbackBody(testNetworkSecret, bytes))
  }
  const response = await app.request(urlOf(operation, fuzzCase), {
    method: operation.method,
    headers,
    body: body?.content,
  })
  if (identity === 'demo buyer' && operation.path.startsWith('/api/auth/sessions')) cookie = undefined
  return response
}

describe('text with a NUL or an unpaired surrogate', () => {
  type Expected = { status: number; code: string; field?: string }
  const refused: Expected = { status: 400, code: 'invalid_request' }

  async function expectRefused(response: Response, expected: Expected, label: string) {
    expect(response.status, label).toBe(expected.status)
    const body = await readJsonObject(response)
    const error = v.parse(
      v.object({ code: v.string(), details: v.optional(v.object({ fields: v.record(v.string(), v.string()) })) }),
      body['error'],
    )
    expect(error.code, label).toBe(expected.code)
    if (expected.field !== undefined) expect(error.details?.fields[expected.field], label).toBe('invalid_text')
  }

  function jsonBody(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
    return { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }
  }

  it('is refused as a 400 (or the not-found of a malformed id) before it reaches the database', async () => {
    const member = { Cookie: await demoBuyerCookie() }
    const writeHeaders = { ...member, 'Idempotency-Key': randomUUID() }
    const withdrawals = `/api/wallet/${demoBuyer.id}/withdrawals`
    const requests: [string, string, RequestInit, Expected][] = [
      ['a NUL in a merchant search', '/cws-api/merchants?search=%00', {}, refused],
      ['a NUL in a product search', '/cws-api/products?search=shoe%00s', {}, refused],
      [
        'a NUL in a catalogue filter',
        `/cws-api/products?filter=${encodeURIComponent('{"comparisonKey":"a\u0000"}')}`,
        {},
        refused,
      ],
      [
        'a NUL in a transaction select',
        `/api/cashback/${demoBuyer.id}/transactions?select=_id%00`,
        { headers: member },
        refused,
      ],
      [
        'a NUL in a first name',
        `/api/buyers/${demoBuyer.id}/profile`,
        jsonBody('PUT', { firstName: 'Som\u0000chai' }, member),
        { ...refused, field: 'firstName' },
      ],
      [
        'a lone surrogate in a last name',
        `/api/buyers/${demoBuyer.id}/profile`,
        jsonBody('PUT', { lastName: 'Jai\uD800' }, member),
        { ...refused, field: 'lastName' },
      ],
      [
        'a lone surrogate in an account name',
        withdrawals,
        jsonBody(
          'POST',
          { target: 'promptpay', amount: 10_000, promptPayId: '0812345678', accountName: 'a\uDC00' },
          writeHeaders,
        ),
        { ...refused, field: 'accountName' },
      ],
      [
        'a NUL in a referral code',
        `/api/buyers/${demoBuyer.id}/referral/redemption`,
        jsonBody('POST', { code: 'ABCD\u0000EFG' }, { ...member, 'Idempotency-Key': randomUUID() }),
        { status: 400, code: 'invalid_referral_code', field: 'code' },
      ],
      [
        'a NUL in a sign-in identifier',
        '/api/auth/codes',
        jsonBody('POST', { identifier: 'fuzz\u0000@example.com' }),
        { ...refused, field: 'identifier' },
      ],
      [
        'a NUL in a withdrawal id',
        `${withdrawals}/${'a'.repeat(23)}%00`,
        { headers: member },
        { status: 404, code: 'withdrawal_not_found' },
      ],
    ]
    for (const [label, path, init, expected] of requests)
      await expectRefused(await app.request(path, init), expected, label)
  })

  it('in a signed postback, or nesting too deep, is refused with 400', async () => {
    const valid = {
      conversion_id: 'TEXT-1',
      order_id: 'TEXT-1',
      status: 'rejected',
      sale_amount: '10.00',
      timestamp: unixSeconds(clock),
    }
    const bodies: [string, string][] = [
      ['a lone surrogate in the reason', JSON.stringify({ ...valid, reason: '\uD800' })],
      ['a lone surrogate in a field we do not read', JSON.stringify({ ...valid, sub_id2: ['\uDFFF'] })],
      ['a NUL in a key', JSON.stringify({ ...valid, ['sub\u0000']: 1 })],
      [
        'nesting 20,000 deep',
        `${JSON.stringify(valid).slice(0, -1)},"extra":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
      ],
    ]
    for (const [label, body] of bodies) {
      const response = await app.request(`/api/postbacks/${testNetworkName}`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          'X-Postback-Signature': signPostbackBody(testNetworkSecret, body),
        },
      })
      await expectRefused(response, refused, label)
    }
  })
})

/**
 * A 429 the case earned: the demo buyer's own limits on identifier-change codes, support
 * messages, new payout accounts and the like,
 * reached once the input was read. A limit on the client address or on everyone
 * (`too_many_requests`) would answer before the case's input is handled, so the case would
 * prove nothing: the app's limits must be the raised test ones.
 */
async function isExpectedRefusal(response: Response): Promise<boolean> {
  const code = v.parse(v.object({ error: v.object({ code: v.string() }) }), await response.clone().json()).error.code
  return ['too_many_codes', 'too_many_attempts', 'too_many_messages', 'too_many_payout_account_changes'].includes(code)
}

describe('malformed input', () => {
  it('never answers 5xx, for any operation, input or caller', { timeout: 240_000 }, async () => {
    expect(operations.length).toBeGreaterThan(35)
    const failures: string[] = []
    let requestCount = 0
    for (const operation of operations) {
      const cases = casesOf(operation)
      for (const identity of ['anonymous', 'demo buyer'] as const) {
        for (const fuzzCase of cases) {
          requestCount += 1
          const where = `${identity}: ${operation.method} ${operation.path} ${fuzzCase.label}`
          try {
            const response = await send(operation, fuzzCase, identity)
            if (response.status >= 500 || (response.status === 429 && !(await isExpectedRefusal(response))))
              failures.push(
                `${where} → ${response.status} ${(await response.text()).replace(/\s+/g, ' ').slice(0, 100)}`,
              )
            // An event stream (the support chat's) answers 200 and never ends: hang up.
            else if (response.headers.get('Content-Type')?.startsWith('text/event-stream') === true)
              await response.body?.cancel()
            else await response.arrayBuffer()
          } catch (error) {
            failures.push(`${where} → threw ${String(error).slice(0, 120)}`)
          }
        }
      }
    }
    console.info(`malformed input: ${requestCount} requests to ${operations.length} operations`)
    if (failures.length > 0) console.info(failures.join('\n'))
    expect(failures).toEqual([])
  })
})
