import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { consoleReviewListSchema } from '#domain/ops/review'
import { createAccountsTestApp } from '#server/test/accounts'
import {
  applyTestChange,
  createTestBuyer,
  recordTestPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createTestOperator, signInOperator } from '#server/test/operators'

const { database, merchant } = useTestDatabaseWithMerchant()

describe('GET /api/ops/review-list', () => {
  it('shows support the buyers the review rule flags, with why', async () => {
    const { app, clock } = createAccountsTestApp(database())
    const flagged = await createTestBuyer(database(), clock.now(), 'review.route.flagged@example.com')
    await createTestBuyer(database(), clock.now(), 'review.route.clean@example.com')
    const purchase = await recordTestPurchase(database(), {
      buyerId: flagged,
      merchantId: merchant().id,
      purchaseAmount: 1_000,
      now: clock.now(),
    })
    await applyTestChange(database(), {
      transactionId: purchase.id,
      event: { kind: 'network_update', status: 'REJECTED', reasonCode: 'item_returned', rejectionReason: 'Fake order' },
      ratingOutcome: 'flagged',
      actor: 'operator:test',
      now: clock.now(),
    })
    const support = await createTestOperator(database(), 'support', clock.now())
    const { cookie } = await signInOperator(app, clock, support)

    const response = await app.request('/api/ops/review-list', { headers: { Cookie: cookie } })
    expect(response.status).toBe(200)
    const { data } = v.parse(consoleReviewListSchema, await response.json())
    expect(data.filter((buyer) => buyer.email?.startsWith('review.route.'))).toEqual([
      expect.objectContaining({ buyerId: flagged, email: 'review.route.flagged@example.com', reasons: ['fraud_flag'] }),
    ])
  })
})
