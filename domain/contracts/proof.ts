import * as v from 'valibot'
import { proofRejectionReasonCodes } from '../cashback/proof-rejection-reasons.ts'
import { recordIdSchema } from '../validation/record-id.ts'

/**
 * Proofs (issue 6; spec sections 3, 4 and 9): a rejected transaction is appealed with up to 5
 * pictures (a receipt, the order page, the delivery). An operator reviews the pending ones
 * (`npm run ops -- proofs …`); an approved appeal approves the transaction.
 *
 * Every path is under the buyer's transaction and guarded like the buyer calls
 * (domain/contracts/buyer.ts); another buyer's transaction is 404 `transaction_not_found`.
 *
 * - `POST /api/cashback/{buyerId}/transactions/{transactionId}/proofs`: the body is the image
 *   itself (one per request, so a dropped connection costs one picture, not five), header
 *   `Content-Type` one of `proofContentTypes` and `Idempotency-Key` → 201 `Proof`. A replay
 *   answers the first result. Refusals:
 *   - 413 `proof_too_large`: more than `maxProofImageBytes`;
 *   - 413 `proof_too_many_pixels`: the picture has more than `maxProofImagePixels` (a
 *     decompression bomb: a few KB that decode to hundreds of MB), refused before decoding;
 *   - 415 `proof_not_image`: the bytes are not a whole picture of the declared type (the content
 *     is checked and decoded, not the name or the header), or the picture is larger than
 *     `maxProofImageDimension` on a side;
 *   - 409 `proof_not_allowed`: the transaction is not rejected, or its appeal was approved;
 *   - 409 `proof_limit_reached`: it already has `maxProofImages` proofs (delete one first);
 *   - 503 `unavailable`: too many pictures wait to be decoded; send it again later.
 *   What is stored is the picture decoded and re-encoded as JPEG (upright, no metadata): the
 *   proof's `contentType`, `byteSize`, `width`, `height` and `sha256` describe the stored bytes,
 *   not the ones sent.
 * - `DELETE /api/cashback/{buyerId}/transactions/{transactionId}/proofs/{proofId}` with an
 *   `Idempotency-Key` → 200 `ProofDeleteResponse`; 404 `proof_not_found`; 409
 *   `proof_not_deletable` for an approved proof (it is the record of the decision).
 * - `GET …/proofs/{proofId}/image` → the stored bytes with their content type, `Cache-Control:
 *   private` (never shared caches); only the owner (and operators through `npm run ops`).
 * - The transaction detail (`CashbackTransactionDetail`) lists the proofs and the appeal.
 */

export const maxProofImages = 5

/** The server's limit for one picture. The phone re-encodes to well under it (`proofImageTarget`). */
export const maxProofImageBytes = 4 * 1024 * 1024

/** Larger sides are refused: a decompression bomb must not reach an operator's screen. */
export const maxProofImageDimension = 8_000

/**
 * More pixels are refused before decoding (a 24-megapixel camera's 6000×4000 fits): decoding
 * takes up to 4 bytes a pixel, so this bounds the server's memory per picture to about 100 MB.
 */
export const maxProofImagePixels = 24_000_000

/**
 * What the phone makes of a photo before it is queued: the longer side scaled down to
 * `maxDimension`, re-encoded as JPEG at `quality`. Re-encoding through a canvas also drops the
 * camera's metadata (location, device) and turns HEIC or huge PNG screenshots into a small JPEG.
 */
export const proofImageTarget = { maxDimension: 1_600, contentType: 'image/jpeg', quality: 0.82 } as const

export const proofContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const
export type ProofContentType = (typeof proofContentTypes)[number]

/** pending ('evidence reviewing'), approved, rejected (spec section 4). */
export const proofStatuses = ['pending', 'approved', 'rejected'] as const
export type ProofStatus = (typeof proofStatuses)[number]

export const proofIdSchema = recordIdSchema

/**
 * Why a proof was refused (domain/cashback/proof-rejection-reasons.ts), the client words it.
 * Optional on the wire so a client keeps reading a server (or a saved response) from before it
 * existed; a code this client does not know yet reads as `other`, so adding one never breaks the
 * page of an app that has not updated.
 */
const proofRejectionReasonCodeSchema = v.optional(
  v.nullable(v.fallback(v.picklist(proofRejectionReasonCodes), 'other')),
  null,
)

/**
 * Retired free text, always `null`: the operator's words are a note for operators, and the
 * shopper is told the reason code. Kept on the wire because clients from before reason codes
 * require the field.
 */
const retiredProofReasonTextSchema = v.optional(v.nullable(v.string()), null)

export const proofSchema = v.object({
  _id: proofIdSchema,
  status: v.picklist(proofStatuses),
  /** ISO 8601. */
  createdAt: v.string(),
  /** When an operator decided, ISO 8601; `null` while pending. */
  reviewedAt: v.nullable(v.string()),
  /** Set exactly when `rejected`: why, shown to the shopper in their language. */
  rejectionReasonCode: proofRejectionReasonCodeSchema,
  /** Always `null` (see `retiredProofReasonTextSchema`). */
  rejectionReason: retiredProofReasonTextSchema,
  contentType: v.picklist(proofContentTypes),
  byteSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Lowercase hex SHA-256 of the stored (re-encoded) bytes, to check a download against. */
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  /** Same-origin path of `GET …/proofs/{proofId}/image`. */
  imageUrl: v.string(),
})
export type Proof = v.InferOutput<typeof proofSchema>

/**
 * The transaction's appeal, derived from its proofs: `pending` while any proof waits for review
 * ('evidence reviewing'), else `approved` when one was approved, else `rejected` when the last
 * review refused them; `null` without proofs.
 */
export const appealStatuses = proofStatuses
export const appealSchema = v.object({
  status: v.nullable(v.picklist(appealStatuses)),
  /** The reason of the last refusal while the appeal is `rejected`. */
  rejectionReasonCode: proofRejectionReasonCodeSchema,
  /** Always `null` (see `retiredProofReasonTextSchema`). */
  rejectionReason: retiredProofReasonTextSchema,
  /** Whether the shopper may send a proof now (rejected transaction, appeal not approved, fewer than 5). */
  canUpload: v.boolean(),
})
export type Appeal = v.InferOutput<typeof appealSchema>

export const proofDeleteResponseSchema = v.object({ deleted: v.literal(true), proofId: proofIdSchema })
export type ProofDeleteResponse = v.InferOutput<typeof proofDeleteResponseSchema>

/** The operator's decision on a transaction's pending proofs (`npm run ops -- proofs review …`). */
export const proofReviewDecisions = ['approve', 'reject'] as const
export type ProofReviewDecision = (typeof proofReviewDecisions)[number]
