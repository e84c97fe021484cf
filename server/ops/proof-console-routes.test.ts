import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { proofQueueSchema, proofReviewDetailSchema, proofReviewResponseSchema } from '#domain/ops/proofs'
import { cashbackTransactions, operatorAuditLog, proofs, walletLedgerEntries } from '#server/db/schema'
import { addProof } from '#server/proofs/proof-service'
import { readErrorBody } from '#server/test/app'
import {
  applyTestChange,
  createTestBuyer,
  recordApprovedPurchase,
  useTestDatabaseWithMerchant,
} from '#server/test/cashback'
import { createConsoleTestApp } from '#server/test/console'
import { smallJpeg } from '#server/test/proofs'

const { database, merchant } = useTestDatabaseWithMerchant()

type ConsoleTestApp = ReturnType<typeof createConsoleTestApp>

/**
 * A ฿1,000 purchase (฿50 cashback) approved, accepted, then rejected by the network (the credit is
 * reversed), with `pictures` proofs sent to appeal it.
 */
async function appealedPurchase(consoleApp: ConsoleTestApp, pictures = 2) {
  const now = consoleApp.clock.now()
  const buyerId = await createTestBuyer(database(), now)
  const approved = await recordApprovedPurchase(database(), {
    buyerId,
    merchantId: merchant().id,
    purchaseAmount: 100_000,
    now,
  })
  await applyTestChange(database(), { transactionId: approved.id, event: { kind: 'accept' }, now })
  await applyTestChange(database(), {
    transactionId: approved.id,
    event: {
      kind: 'network_update',
      status: 'REJECTED',
      reasonCode: 'item_returned',
      rejectionReason: 'Item returned',
    },
    now,
  })
  const proofIds: string[] = []
  for (let index = 0; index < pictures; index += 1) {
    const bytes = new Uint8Array(smallJpeg)
    const proof = await database().transaction((tx) =>
      addProof(tx, consoleApp.proofStorage, {
        buyerId,
        transactionId: approved.id,
        bytes,
        contentType: 'image/jpeg',
        width: 3,
        height: 2,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        now: new Date(now.getTime() + index),
      }),
    )
    proofIds.push(proof.id)
  }
  return { buyerId, transactionId: approved.id, proofIds }
}

describe('console proofs', () => {
  it('lists purchases with proofs waiting, oldest first, and shows one with its pictures', async () => {
    const consoleApp = createConsoleTestApp(database())
    const older = await appealedPurchase(consoleApp)
    consoleApp.clock.advance(60_000)
    const newer = await appealedPurchase(consoleApp, 1)
    const queue = v.parse(proofQueueSchema, await (await consoleApp.get('/api/ops/proofs?status=pending')).json())
    const order = queue.data.map((item) => item.transactionId)
    expect(order.indexOf(older.transactionId)).toBeLessThan(order.indexOf(newer.transactionId))
    expect(queue.data.find((item) => item.transactionId === older.transactionId)).toMatchObject({
      pending: 2,
      buyerId: older.buyerId,
      transaction: expect.objectContaining({ status: 'REJECTED' }),
    })

    const detail = v.parse(
      proofReviewDetailSchema,
      await (await consoleApp.get(`/api/ops/proofs/${older.transactionId}`)).json(),
    )
    expect(detail.transaction.rejectionReason).toBe('Item returned')
    expect(detail.proofs.map((proof) => proof.id)).toEqual(older.proofIds)

    const picture = await consoleApp.get(detail.proofs[0]?.imageUrl ?? '')
    expect(picture.status).toBe(200)
    expect(picture.headers.get('Content-Type')).toBe('image/jpeg')
    expect(picture.headers.get('Cache-Control')).toBe('private, no-store')
    expect(Buffer.from(await picture.arrayBuffer()).equals(smallJpeg)).toBe(true)
    const missing = await consoleApp.get('/api/ops/proofs/0123456789abcdef01234567/picture')
    expect((await readErrorBody(missing)).error.code).toBe('record_not_found')
  })

  it('approves an appeal as the CLI does: the purchase is approved and the credit given back', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { transactionId, proofIds } = await appealedPurchase(consoleApp)
    const response = await consoleApp.post(`/api/ops/proofs/${transactionId}/review`, { decision: 'approve' })
    expect(response.status).toBe(200)
    const review = v.parse(proofReviewResponseSchema, await response.json())
    expect(review).toMatchObject({ decided: 2, effect: 'appeal_approved', transaction: { status: 'APPROVED' } })
    expect(review.proofs.map((proof) => [proof.id, proof.status])).toEqual(proofIds.map((id) => [id, 'approved']))
    const ledger = await database()
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.transactionId, transactionId))
    expect(ledger.map((entry) => entry.kind).sort()).toEqual([
      'cashback_credit',
      'cashback_reinstatement',
      'cashback_reversal',
    ])
    const [audit] = await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.subjectId, transactionId))
    expect(audit).toMatchObject({ action: 'proof.approved', subjectType: 'proof' })
    expect(audit?.after).toMatchObject({ transactionStatus: 'APPROVED', effect: 'appeal_approved' })
    const [reviewed] = await database()
      .select()
      .from(proofs)
      .where(eq(proofs.id, proofIds[0] ?? ''))
    expect(reviewed?.reviewedBy).toMatch(/^operator:op_/)
  })

  it('rejects only with a reason code of the closed set, which the shopper sees; the note stays with operators', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { transactionId, proofIds } = await appealedPurchase(consoleApp, 1)
    const path = `/api/ops/proofs/${transactionId}/review`
    for (const body of [
      { decision: 'reject' },
      { decision: 'reject', reason: 'The receipt is for another order' },
      { decision: 'reject', reasonCode: 'blurry', reason: 'The receipt is for another order' },
      // A purchase's reason is not a proof's.
      { decision: 'reject', reasonCode: 'item_returned' },
      { decision: 'reject', reasonCode: null },
    ]) {
      const refused = await consoleApp.post(path, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect((await readErrorBody(refused)).error.code, JSON.stringify(body)).toBe('proof_reason_code_required')
    }
    // Other mistakes stay `invalid_request`.
    for (const body of [
      { decision: 'refuse', reasonCode: 'unreadable' },
      { decision: 'reject', reasonCode: 'unreadable', reason: '  ' },
    ]) {
      expect((await readErrorBody(await consoleApp.post(path, body))).error.code, JSON.stringify(body)).toBe(
        'invalid_request',
      )
    }
    // Nothing was decided by the refused requests.
    const [waiting] = await database()
      .select()
      .from(proofs)
      .where(eq(proofs.id, proofIds[0] ?? ''))
    expect(waiting).toMatchObject({ status: 'pending', rejectionReasonCode: null, rejectionReason: null })

    const response = await consoleApp.post(path, {
      decision: 'reject',
      reasonCode: 'not_this_purchase',
      reason: 'The receipt is for another order',
    })
    expect(response.status).toBe(200)
    const review = v.parse(proofReviewResponseSchema, await response.json())
    expect(review.proofs).toEqual([
      {
        id: proofIds[0],
        status: 'rejected',
        rejectionReasonCode: 'not_this_purchase',
        rejectionReason: 'The receipt is for another order',
      },
    ])
    expect(review.transaction.status).toBe('REJECTED')

    // The operator sees both, on the review page and in the audit log.
    const detail = v.parse(
      proofReviewDetailSchema,
      await (await consoleApp.get(`/api/ops/proofs/${transactionId}`)).json(),
    )
    expect(detail.proofs).toEqual([
      expect.objectContaining({
        status: 'rejected',
        rejectionReasonCode: 'not_this_purchase',
        rejectionReason: 'The receipt is for another order',
      }),
    ])
    expect(detail.audit).toEqual([
      expect.objectContaining({
        action: 'proof.rejected',
        reason: 'The receipt is for another order',
        after: expect.objectContaining({ rejectionReasonCode: 'not_this_purchase' }),
      }),
    ])
  })

  it('rejects without a note: the code alone', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { transactionId } = await appealedPurchase(consoleApp, 1)
    const response = await consoleApp.post(`/api/ops/proofs/${transactionId}/review`, {
      decision: 'reject',
      reasonCode: 'unreadable',
    })
    expect(response.status).toBe(200)
    const review = v.parse(proofReviewResponseSchema, await response.json())
    expect(review.proofs).toEqual([
      expect.objectContaining({ status: 'rejected', rejectionReasonCode: 'unreadable', rejectionReason: null }),
    ])
  })

  it('lets one of two parallel reviews win: one approval, one credit given back, one audit entry', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { transactionId } = await appealedPurchase(consoleApp)
    await consoleApp.cookieOf('support')
    await consoleApp.cookieOf('admin')
    const path = `/api/ops/proofs/${transactionId}/review`
    const responses = await Promise.all([
      consoleApp.post(path, { decision: 'approve' }, 'support'),
      consoleApp.post(path, { decision: 'reject', reasonCode: 'unreadable', reason: 'Blurry' }, 'admin'),
    ])
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409])
    const conflict = responses.find((response) => response.status === 409)
    expect((await readErrorBody(conflict ?? new Response())).error.code).toBe('operator_conflict')
    const reinstatements = await database()
      .select()
      .from(walletLedgerEntries)
      .where(eq(walletLedgerEntries.transactionId, transactionId))
    expect(reinstatements.filter((entry) => entry.kind === 'cashback_reinstatement').length).toBeLessThanOrEqual(1)
    const audit = await database().select().from(operatorAuditLog).where(eq(operatorAuditLog.subjectId, transactionId))
    expect(audit).toHaveLength(1)
    const [transaction] = await database()
      .select()
      .from(cashbackTransactions)
      .where(eq(cashbackTransactions.id, transactionId))
    expect(transaction?.status).toBe(audit[0]?.action === 'proof.approved' ? 'APPROVED' : 'REJECTED')
  })

  it('is for support and admin only', async () => {
    const consoleApp = createConsoleTestApp(database())
    const { transactionId, proofIds } = await appealedPurchase(consoleApp, 1)
    await consoleApp.expectSupportOnly('GET', '/api/ops/proofs?status=pending')
    await consoleApp.expectSupportOnly('GET', `/api/ops/proofs/${transactionId}`)
    await consoleApp.expectSupportOnly('GET', `/api/ops/proofs/${proofIds[0] ?? ''}/picture`)
    await consoleApp.expectSupportOnly('POST', `/api/ops/proofs/${transactionId}/review`, { decision: 'approve' })
  })
})
