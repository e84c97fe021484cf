import { and, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import { describeRoute } from 'hono-openapi'
import * as v from 'valibot'

import {
  proofQueueQuerySchema,
  proofQueueSchema,
  proofReviewDetailSchema,
  proofReviewRequestSchema,
  proofReviewResponseSchema,
  type ProofQueue,
  type ProofReviewDetail,
  type ProofReviewRequest,
  type ProofReviewResponse,
} from '#domain/ops/proofs'
import { consoleTransactionParamSchema } from '#domain/ops/transactions'
import type { Database } from '#server/db/database'
import { cashbackTransactions, proofs } from '#server/db/schema'
import { ApiError } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import {
  errorResponseDescription,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
  jsonResponse,
} from '#server/http/openapi-responses'
import { validateFormRequest, validateRecordParam, validateRequest } from '#server/http/validation'
import { readRecordAuditEntries } from '#server/ops/audit-entries'
import {
  consoleActor,
  listTransactionProofs,
  readConsoleTransaction,
  selectConsoleTransactions,
} from '#server/ops/console-views'
import { respondToOperatorWrite, type OperatorAction } from '#server/ops/console-writes'
import { consoleAccessErrors, requireOperator, supportRoles } from '#server/ops/operator-access'
import { isActiveProof, selectWaitingAppeals } from '#server/proofs/proof-queries'
import { recordProofReview } from '#server/proofs/proof-review-audit'
import { reviewProofs, type ProofReview } from '#server/proofs/proof-service'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { pictureResponse } from '#server/proofs/uploaded-picture'
import { recordIdSchema } from '#domain/validation/record-id'

/** Purchases with proofs waiting, the longest waiting first, with the purchase. */
async function listProofQueue(database: Database, limit: number): Promise<ProofQueue> {
  const waiting = await selectWaitingAppeals(database, limit)
  if (waiting.length === 0) return { data: [] }
  const transactions = await selectConsoleTransactions(database, {
    where: inArray(
      cashbackTransactions.id,
      waiting.map((row) => row.transactionId),
    ),
    limit,
  })
  const byId = new Map(transactions.map((transaction) => [transaction.id, transaction]))
  return {
    data: waiting.flatMap((row) => {
      const transaction = byId.get(row.transactionId)
      if (transaction === undefined || row.oldest === null) return []
      return [
        {
          transactionId: row.transactionId,
          buyerId: row.buyerId,
          pending: row.pending,
          oldestAt: row.oldest.toISOString(),
          transaction,
        },
      ]
    }),
  }
}

async function readReviewDetail(database: Database, transactionId: string): Promise<ProofReviewDetail> {
  const transaction = await readConsoleTransaction(database, transactionId)
  const [proofList, proofAudit, transactionAudit] = await Promise.all([
    listTransactionProofs(database, transactionId),
    readRecordAuditEntries(database, { subjectType: 'proof', subjectId: transactionId }),
    readRecordAuditEntries(database, { subjectType: 'transaction', subjectId: transactionId }),
  ])
  const audit = [...proofAudit, ...transactionAudit].sort((first, second) => second.id - first.id)
  return { transaction, proofs: proofList, audit }
}

/**
 * The review through `reviewProofs` (what `npm run ops -- proofs approve|reject` runs), which locks
 * the transaction: of two operators reviewing at once, the second finds no proof waiting and gets
 * 409 `operator_conflict`. The audit entry's subject is the transaction whose proofs were decided.
 */
async function reviewInConsole(
  tx: Database,
  input: { transactionId: string; request: ProofReviewRequest; action: OperatorAction },
): Promise<ProofReviewResponse> {
  const { request, action } = input
  const before = await readConsoleTransaction(tx, input.transactionId)
  const reviewer = consoleActor(action.operator.id)
  const review: ProofReview =
    request.decision === 'approve'
      ? { decision: 'approve', reviewer, now: action.now }
      : { decision: 'reject', reviewer, reasonCode: request.reasonCode, note: request.reason ?? null, now: action.now }
  const outcome = await reviewProofs(tx, input.transactionId, review)
  if (outcome.decided === 0) {
    throw new ApiError(409, 'operator_conflict', 'No proof of this purchase waits for review any more')
  }
  const transaction = await readConsoleTransaction(tx, input.transactionId)
  const decided = await recordProofReview(tx, {
    transactionId: input.transactionId,
    review,
    outcome,
    transactionStatus: { before: before.status, after: transaction.status },
    reason: request.reason ?? null,
    actor: action.operator.id,
  })
  return { decided: outcome.decided, effect: outcome.effect, transaction, proofs: decided }
}

const proofParamSchema = v.object({ proofId: recordIdSchema })

const validateTransactionParam = () =>
  validateRecordParam(consoleTransactionParamSchema, 'record_not_found', 'No such purchase')

export function proofConsoleRoutes(options: { database: Database; storage: ProofStorage; now: () => Date }) {
  const { database, storage, now } = options
  return new Hono<AppEnvironment>()
    .get(
      '/proofs',
      describeRoute({
        summary: 'Console: purchases with proofs waiting',
        description: 'The longest waiting first.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The queue', proofQueueSchema),
          400: errorResponseDescription('A bad `status` or `limit` (`invalid_request`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRequest('query', proofQueueQuerySchema),
      async (c) => c.json((await listProofQueue(database, c.req.valid('query').limit)) satisfies ProofQueue),
    )
    .get(
      '/proofs/:transactionId',
      describeRoute({
        summary: 'Console: a purchase and its proofs',
        description: 'Every proof, deleted ones included (without picture), and what operators did.',
        tags: ['Console'],
        responses: {
          200: jsonResponse('The purchase and its proofs', proofReviewDetailSchema),
          404: errorResponseDescription('No such purchase (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateTransactionParam(),
      async (c) =>
        c.json((await readReviewDetail(database, c.req.valid('param').transactionId)) satisfies ProofReviewDetail),
    )
    .get(
      '/proofs/:proofId/picture',
      describeRoute({
        summary: 'Console: a proof picture',
        description: 'The stored bytes with their content type; kept by no cache (`private, no-store`).',
        tags: ['Console'],
        responses: {
          200: { description: 'The picture' },
          404: errorResponseDescription('No such proof, or it was deleted (`record_not_found`)'),
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateRecordParam(proofParamSchema, 'record_not_found', 'No such proof'),
      async (c) => {
        const { proofId } = c.req.valid('param')
        const [proof] = await database
          .select({ storageKey: proofs.storageKey, contentType: proofs.contentType })
          .from(proofs)
          .where(and(eq(proofs.id, proofId), isActiveProof))
        const bytes = proof === undefined ? undefined : await storage.get(proof.storageKey)
        if (proof === undefined || bytes === undefined) throw new ApiError(404, 'record_not_found', 'No such proof')
        return pictureResponse(c, { bytes, contentType: proof.contentType }, 'operator')
      },
    )
    .post(
      '/proofs/:transactionId/review',
      describeRoute({
        summary: "Console: approve or reject a purchase's waiting proofs",
        description:
          'All waiting proofs at once. Approving a rejected purchase approves it on appeal; approving the proof of ' +
          'a pending `one_day_with_proof` purchase schedules its 1-day release. A rejection needs a `reasonCode` ' +
          'of the closed set (domain/cashback/proof-rejection-reasons.ts), which the shopper is shown in their ' +
          'language with what to send instead; `reason` is an optional note for operators that the shopper ' +
          'never sees.',
        tags: ['Console'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('What the review decided', proofReviewResponseSchema),
          400: errorResponseDescription(
            'A rejection without a known `reasonCode` (`proof_reason_code_required`), another bad body ' +
              '(`invalid_request`), or no `Idempotency-Key`',
          ),
          404: errorResponseDescription('No such purchase (`record_not_found`)'),
          409: errorResponseDescription('No proof waits any more (`operator_conflict`)'),
          422: idempotencyKeyReusedResponse,
          ...consoleAccessErrors,
        },
      }),
      requireOperator(database, now, supportRoles),
      validateTransactionParam(),
      // A missing or unknown code has its own error code: the console tells the operator to choose one.
      validateFormRequest('json', proofReviewRequestSchema, (fields) =>
        fields['reasonCode'] === undefined ? 'invalid_request' : 'proof_reason_code_required',
      ),
      async (c) => {
        const { transactionId } = c.req.valid('param')
        const request = c.req.valid('json')
        return respondToOperatorWrite(c, {
          database,
          now,
          body: request,
          write: async (tx, action) => ({
            status: 200,
            body: (await reviewInConsole(tx, { transactionId, request, action })) satisfies ProofReviewResponse,
          }),
        })
      },
    )
}
