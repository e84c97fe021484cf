import { Validator } from '@seriousme/openapi-schema-validator'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, readJsonObject } from '#server/test/app'
import { createTestDatabase, type TestDatabase } from '#server/test/database'

const documentSchema = v.object({
  openapi: v.string(),
  info: v.object({ title: v.string() }),
  paths: v.record(v.string(), v.record(v.string(), v.looseObject({ responses: v.record(v.string(), v.unknown()) }))),
})

describe('GET /api/openapi.json', () => {
  let testDatabase: TestDatabase
  let document: Record<string, unknown>
  beforeAll(async () => {
    testDatabase = await createTestDatabase()
    const response = await createTestApp(testDatabase.connection.database).request('/api/openapi.json')
    expect(response.status).toBe(200)
    document = await readJsonObject(response)
  })
  afterAll(() => testDatabase.dispose())

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
  })

  it('describes every endpoint with its responses', () => {
    const parsed = v.parse(documentSchema, document)
    expect(parsed.openapi).toMatch(/^3\.1\./)
    expect(parsed.info.title).toBe('NgernKhuen API')
    // The console's routes are listed by server/ops/console-access.test.ts, which walks each with every role.
    const shopperPaths = Object.keys(parsed.paths).filter((path) => !path.startsWith('/api/ops/'))
    expect(shopperPaths.sort()).toEqual([
      '/api/auth/codes',
      '/api/auth/session',
      '/api/auth/sessions',
      '/api/auth/sessions/current',
      '/api/bank-holidays',
      '/api/buyers/{buyerId}',
      '/api/buyers/{buyerId}/identifier-changes',
      '/api/buyers/{buyerId}/identifier-changes/confirmations',
      '/api/buyers/{buyerId}/identifier-changes/{kind}',
      '/api/buyers/{buyerId}/notification-settings',
      '/api/buyers/{buyerId}/notifications',
      '/api/buyers/{buyerId}/notifications/read',
      '/api/buyers/{buyerId}/profile',
      '/api/buyers/{buyerId}/promotions',
      '/api/buyers/{buyerId}/promotions/premium',
      '/api/buyers/{buyerId}/promotions/special-cashback',
      '/api/buyers/{buyerId}/push-subscriptions',
      '/api/buyers/{buyerId}/push-subscriptions/removal',
      '/api/buyers/{buyerId}/rating',
      '/api/buyers/{buyerId}/referral',
      '/api/buyers/{buyerId}/referral/redemption',
      '/api/buyers/{buyerId}/sync/balance',
      '/api/buyers/{buyerId}/wallet',
      '/api/cashback/{buyerId}/transactions',
      '/api/cashback/{buyerId}/transactions/accept',
      '/api/cashback/{buyerId}/transactions/{transactionId}',
      '/api/cashback/{buyerId}/transactions/{transactionId}/accept',
      '/api/cashback/{buyerId}/transactions/{transactionId}/archive',
      '/api/cashback/{buyerId}/transactions/{transactionId}/proofs',
      '/api/cashback/{buyerId}/transactions/{transactionId}/proofs/{proofId}',
      '/api/cashback/{buyerId}/transactions/{transactionId}/proofs/{proofId}/image',
      '/api/dev/outbox',
      '/api/health',
      '/api/links/resolve',
      '/api/locale',
      '/api/postbacks/{network}',
      '/api/status',
      '/api/support/{buyerId}/attachments',
      '/api/support/{buyerId}/attachments/{attachmentId}/image',
      '/api/support/{buyerId}/conversation',
      '/api/support/{buyerId}/events',
      '/api/support/{buyerId}/messages',
      '/api/support/{buyerId}/purchases',
      '/api/support/{buyerId}/read',
      '/api/wallet/{buyerId}/payout-accounts',
      '/api/wallet/{buyerId}/withdrawals',
      '/api/wallet/{buyerId}/withdrawals/{withdrawalId}',
      '/cws-api/merchants',
      '/cws-api/merchants/{id}',
      '/cws-api/products',
      '/cws-api/products/{id}',
      '/cws-api/products/{id}/offers',
      '/utils/fixed-rate/thb',
    ])
    expect(Object.keys(parsed.paths['/api/health']?.['get']?.responses ?? {})).toEqual(['200', '503'])
    expect(Object.keys(parsed.paths['/api/locale']?.['put']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '403', '503']),
    )
  })

  it("tags every console route 'Console'", () => {
    const paths = v.parse(documentSchema, document).paths
    const consolePaths = Object.entries(paths).filter(([path]) => path.startsWith('/api/ops/'))
    expect(consolePaths.map(([path]) => path)).toContain('/api/ops/auth/second-factor')
    for (const [, operations] of consolePaths) {
      for (const operation of Object.values(operations)) expect(JSON.stringify(operation)).toContain('"Console"')
    }
  })

  it('documents the catalogue queries, answers and error codes', () => {
    const paths = v.parse(documentSchema, document).paths
    for (const path of ['/cws-api/merchants', '/cws-api/products']) {
      expect(Object.keys(paths[path]?.['get']?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '304', '400', '503']),
      )
    }
    const merchants = JSON.stringify(paths['/cws-api/merchants']?.['get'])
    for (const parameter of ['limit', 'skip', 'search', 'sort', 'filter']) {
      expect(merchants).toContain(`"name":"${parameter}"`)
    }
    expect(merchants).toContain('"enum":["relevance","popular","cashback","newest","name"]')
    expect(merchants).toContain('"rateBasisPoints"')
    expect(JSON.stringify(paths['/cws-api/products']?.['get'])).toContain('"price-low","price-high"')
    expect(JSON.stringify(paths['/cws-api/merchants/{id}']?.['get'])).toContain('"merchant_not_found"')
    expect(JSON.stringify(paths['/cws-api/products/{id}']?.['get'])).toContain('"product_not_found"')
    expect(Object.keys(paths['/cws-api/products/{id}/offers']?.['get']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '404']),
    )
  })

  it('documents the account routes with their error codes', () => {
    const paths = v.parse(documentSchema, document).paths
    const codes = JSON.stringify(paths['/api/auth/codes']?.['post'])
    expect(Object.keys(paths['/api/auth/codes']?.['post']?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '403', '429', '503']),
    )
    expect(codes).toContain('too_many_codes')
    expect(codes).toContain('"identifier"')
    expect(JSON.stringify(paths['/api/auth/sessions']?.['post'])).toContain('"acceptTerms"')
    expect(Object.keys(paths['/api/buyers/{buyerId}/identifier-changes']?.['post']?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '409', '429', '503']),
    )
    expect(JSON.stringify(paths['/api/buyers/{buyerId}/identifier-changes/confirmations']?.['post'])).toContain(
      'identifier_taken',
    )
    for (const [path, method] of [
      ['/api/buyers/{buyerId}', 'get'],
      ['/api/buyers/{buyerId}/sync/balance', 'get'],
      ['/api/buyers/{buyerId}/profile', 'put'],
      ['/api/cashback/{buyerId}/transactions', 'get'],
    ] as const) {
      expect(Object.keys(paths[path]?.[method]?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '401', '403']),
      )
      expect(JSON.stringify(paths[path]?.[method]), path).toContain('"name":"buyerId"')
    }
    const transactions = JSON.stringify(paths['/api/cashback/{buyerId}/transactions']?.['get'])
    expect(transactions).toContain('"name":"select"')
    expect(transactions).toContain('"name":"filter"')
    expect(JSON.stringify(paths['/api/buyers/{buyerId}/profile']?.['put'])).toContain('"phoneOrIdNumber"')
    const fixedRate = JSON.stringify(paths['/utils/fixed-rate/thb']?.['get'])
    expect(fixedRate).toContain('"withdrawalFee"')
    expect(fixedRate).toContain('"stairLv3"')
  })

  it('documents the request body and errors from the same schemas the code validates with', () => {
    const locale = JSON.stringify(v.parse(documentSchema, document).paths['/api/locale']?.['put'])
    expect(locale).toContain('"enum":["th","en"]')
    // Our error shape, not the validator library's `{ success, error, data }`.
    expect(locale).toContain('"forbidden_origin"')
    expect(locale).not.toContain('"success"')
  })

  it('documents the withdrawal routes with their refusals and the idempotency key', () => {
    const paths = v.parse(documentSchema, document).paths
    const create = paths['/api/wallet/{buyerId}/withdrawals']?.['post']
    expect(Object.keys(create?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '422', '503']),
    )
    const created = JSON.stringify(create)
    for (const text of [
      'Idempotency-Key',
      '"promptPayId"',
      '"payoutAccountId"',
      'whole_baht_required',
      'pending_withdrawal',
      'above_balance',
      'payout_account_waiting',
      'payout_account_not_found',
    ]) {
      expect(created).toContain(text)
    }
    const saveAccount = paths['/api/wallet/{buyerId}/payout-accounts']?.['post']
    expect(Object.keys(saveAccount?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '400', '422', '429']),
    )
    for (const text of ['Idempotency-Key', 'idempotency_key_reused', 'too_many_payout_account_changes']) {
      expect(JSON.stringify(saveAccount)).toContain(text)
    }
    expect(JSON.stringify(paths['/api/wallet/{buyerId}/withdrawals']?.['get'])).toContain('"name":"limit"')
    expect(JSON.stringify(paths['/api/wallet/{buyerId}/withdrawals/{withdrawalId}']?.['get'])).toContain(
      'withdrawal_not_found',
    )
  })

  it('documents the promotion and referral routes with their refusals and the idempotency key', () => {
    const paths = v.parse(documentSchema, document).paths
    const writes: [string, string[]][] = [
      ['/api/buyers/{buyerId}/promotions/premium', ['premium_already_joined', 'balance_below_premium_price']],
      [
        '/api/buyers/{buyerId}/promotions/special-cashback',
        ['"level"', 'balance_below_tier', 'not_combinable_with_premium'],
      ],
      ['/api/buyers/{buyerId}/referral/redemption', ['"code"', 'invalid_referral_code', 'referral_window_closed']],
    ]
    for (const [path, texts] of writes) {
      const operation = paths[path]?.['post']
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['201', '400', '401', '403', '409', '422', '503']),
      )
      for (const text of ['Idempotency-Key', '"name":"buyerId"', ...texts])
        expect(JSON.stringify(operation), path).toContain(text)
    }
    expect(Object.keys(paths['/api/buyers/{buyerId}/referral/redemption']?.['post']?.responses ?? {})).toEqual(
      expect.arrayContaining(['404', '429']),
    )
    expect(JSON.stringify(paths['/api/buyers/{buyerId}/promotions']?.['get'])).toContain('"awaitingCashback"')
    expect(JSON.stringify(paths['/api/buyers/{buyerId}/referral']?.['get'])).toContain('"friendState"')
  })

  it('documents both postback forms: the signed body, the token query and their refusals', () => {
    const paths = v.parse(documentSchema, document).paths
    const signed = JSON.stringify(paths['/api/postbacks/{network}']?.['post'])
    expect(signed).toContain('X-Postback-Signature')
    expect(signed).toContain('"conversion_id"')
    expect(signed).toContain('"timestamp"')
    const withToken = JSON.stringify(paths['/api/postbacks/{network}']?.['get'])
    expect(withToken).toContain('"name":"token"')
    for (const method of ['post', 'get'] as const) {
      expect(Object.keys(paths['/api/postbacks/{network}']?.[method]?.responses ?? {}), method).toEqual(
        expect.arrayContaining(['200', '400', '401', '404', '503']),
      )
    }
  })
})
