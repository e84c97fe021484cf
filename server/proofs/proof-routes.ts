import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { describeRoute, validator } from 'hono-openapi'
import * as v from 'valibot'
import {
  maxProofImageBytes,
  maxProofImageDimension,
  maxProofImagePixels,
  maxProofImages,
  proofContentTypes,
  proofDeleteResponseSchema,
  proofIdSchema,
  proofSchema,
  type Proof,
  type ProofDeleteResponse,
} from '#domain/contracts/proof'
import { requireOwnBuyer, signedInBuyer } from '#server/auth/session-middleware'
import { memberErrorResponses } from '#server/buyers/buyer-routes'
import { notFoundResponse, transactionParamSchema, validateTransactionParam } from '#server/cashback/cashback-routes'
import type { Database } from '#server/db/database'
import { proofs } from '#server/db/schema'
import { ApiError, errorResponse } from '#server/http/api-error'
import type { AppEnvironment } from '#server/http/app-environment'
import { respondIdempotently } from '#server/http/idempotency'
import {
  errorResponseDescription,
  jsonResponse,
  idempotencyKeyParameter,
  idempotencyKeyReusedResponse,
} from '#server/http/openapi-responses'
import { sha256Hex } from '#server/proofs/aws-signature'
import { isActiveProof, toWireProof } from '#server/proofs/proof-queries'
import { addProof, deleteProof, requireOwnTransaction } from '#server/proofs/proof-service'
import type { ProofStorage } from '#server/proofs/proof-storage'
import { and, eq } from 'drizzle-orm'
import { pictureResponse, readUploadedPicture } from '#server/proofs/uploaded-picture'

const proofsPath = '/cashback/:buyerId/transactions/:transactionId/proofs'

/** The upload is the one API request with a body above the app's 64 KiB limit (server/app.ts). */
export function isProofUploadRequest(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/cashback\/[^/]+\/transactions\/[^/]+\/proofs\/?$/.test(path)
}

const proofParamSchema = v.object({
  ...transactionParamSchema.entries,
  proofId: v.pipe(proofIdSchema, v.description('The proof `_id` (24 hex characters)')),
})

/** A malformed proof id is answered like an unknown one: it never reaches the database. */
const validateProofParam = () =>
  validator('param', proofParamSchema, (result, c) => {
    if (result.success) return undefined
    const isTransactionBad = !v.is(transactionParamSchema.entries.transactionId, c.req.param('transactionId'))
    return isTransactionBad
      ? errorResponse(c, 404, 'transaction_not_found', 'No such cashback transaction')
      : errorResponse(c, 404, 'proof_not_found', 'No such proof')
  })

/**
 * Proof uploads, deletions and pictures (domain/contracts/proof.ts). Guarded like the buyer
 * routes: `requireOwnBuyer` runs first.
 */
export function proofRoutes(options: { database: Database; storage: ProofStorage; now: () => Date }) {
  const { database, storage, now } = options
  return new Hono<AppEnvironment>()
    .post(
      proofsPath,
      describeRoute({
        summary: 'Send one proof picture for a rejected transaction',
        description:
          `The body is the picture (${proofContentTypes.join(', ')}; at most ${maxProofImageBytes} bytes, ` +
          `${maxProofImageDimension} px a side and ${maxProofImagePixels} pixels), checked by its content, not ` +
          'its name or header, and stored decoded and re-encoded as JPEG without its metadata (the answer ' +
          `describes the stored picture). At most ${maxProofImages} proofs per transaction. A replay of the key ` +
          'answers the first result.',
        tags: ['Proofs'],
        parameters: [idempotencyKeyParameter],
        responses: {
          201: jsonResponse('The stored proof, pending review', proofSchema),
          400: errorResponseDescription('A missing or malformed key (`idempotency_key_required`)'),
          404: notFoundResponse,
          409: errorResponseDescription(
            'The transaction is not rejected or its appeal was approved (`proof_not_allowed`), or it has ' +
              `${maxProofImages} proofs already (\`proof_limit_reached\`)`,
          ),
          413: errorResponseDescription(
            `Larger than ${maxProofImageBytes} bytes (\`proof_too_large\`) or ${maxProofImagePixels} pixels ` +
              '(`proof_too_many_pixels`)',
          ),
          415: errorResponseDescription(
            'Not a whole picture of the declared type, or too large a side (`proof_not_image`)',
          ),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
          503: errorResponseDescription(
            'Maintenance mode is on (`maintenance`), or too many pictures wait to be checked (`unavailable`; a ' +
              "buyer's pictures are checked one after another, at most 10 waiting); see " +
              '`Retry-After`',
          ),
        },
      }),
      requireOwnBuyer(),
      validateTransactionParam(),
      bodyLimit({
        maxSize: maxProofImageBytes,
        onError: (c) =>
          errorResponse(c, 413, 'proof_too_large', `A proof picture is limited to ${maxProofImageBytes} bytes`),
      }),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const { transactionId } = c.req.valid('param')
        await requireOwnTransaction(database, buyer.id, transactionId)
        const { sent, stored } = await readUploadedPicture(c, buyer.id)
        const time = now()
        return respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          // What makes two requests the same is what was sent, not what was stored.
          body: { contentType: sent.contentType, sha256: sha256Hex(sent.bytes) },
          write: async (tx) => {
            const record = await addProof(tx, storage, {
              buyerId: buyer.id,
              transactionId,
              bytes: stored.bytes,
              contentType: stored.contentType,
              width: stored.width,
              height: stored.height,
              sha256: sha256Hex(stored.bytes),
              now: time,
            })
            return { status: 201, body: toWireProof(record) satisfies Proof }
          },
        })
      },
    )
    .delete(
      `${proofsPath}/:proofId`,
      describeRoute({
        summary: 'Delete a proof picture (after the shopper confirmed)',
        description: 'Pending and refused proofs can be deleted; the picture is removed from storage.',
        tags: ['Proofs'],
        parameters: [idempotencyKeyParameter],
        responses: {
          200: jsonResponse('The proof is deleted', proofDeleteResponseSchema),
          400: errorResponseDescription('A missing or malformed key (`idempotency_key_required`)'),
          404: errorResponseDescription('No such transaction or proof (`transaction_not_found`, `proof_not_found`)'),
          409: errorResponseDescription('An approved proof stays (`proof_not_deletable`)'),
          422: idempotencyKeyReusedResponse,
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateProofParam(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const { transactionId, proofId } = c.req.valid('param')
        const time = now()
        let deletedKey: string | undefined
        const response = await respondIdempotently(c, {
          database,
          ownerId: buyer.id,
          now: time,
          write: async (tx) => {
            deletedKey = await deleteProof(tx, { buyerId: buyer.id, transactionId, proofId, now: time })
            return { status: 200, body: { deleted: true, proofId } satisfies ProofDeleteResponse }
          },
        })
        // After the commit: a deletion that rolled back still has its picture. A failure here
        // leaves bytes no one can reach (the row is deleted); it is logged for cleanup.
        if (deletedKey !== undefined) {
          await storage.delete(deletedKey).catch((error: unknown) => {
            c.get('logger').error({ err: error, proofId }, 'a deleted proof picture could not be removed from storage')
          })
        }
        return response
      },
    )
    .get(
      `${proofsPath}/:proofId/image`,
      describeRoute({
        summary: 'A proof picture',
        description: "The stored bytes; only for the proof's owner (operators use `npm run ops -- proofs show`).",
        tags: ['Proofs'],
        responses: {
          200: { description: 'The picture, with its content type' },
          404: errorResponseDescription('No such transaction or proof (`transaction_not_found`, `proof_not_found`)'),
          ...memberErrorResponses,
        },
      }),
      requireOwnBuyer(),
      validateProofParam(),
      async (c) => {
        const buyer = signedInBuyer(c.get('buyer'))
        const { transactionId, proofId } = c.req.valid('param')
        const [proof] = await database
          .select({ storageKey: proofs.storageKey, contentType: proofs.contentType })
          .from(proofs)
          .where(
            and(
              eq(proofs.id, proofId),
              eq(proofs.transactionId, transactionId),
              eq(proofs.buyerId, buyer.id),
              isActiveProof,
            ),
          )
        const bytes = proof === undefined ? undefined : await storage.get(proof.storageKey)
        if (proof === undefined || bytes === undefined) throw new ApiError(404, 'proof_not_found', 'No such proof')
        return pictureResponse(c, { bytes, contentType: proof.contentType }, 'owner')
      },
    )
}
