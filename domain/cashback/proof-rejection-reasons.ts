/**
 * Why an operator refused the proof pictures of a purchase: the closed set the shopper is told, in
 * their own language, with what to do next (issue 20 did the same for the purchase itself,
 * domain/cashback/rejection-reasons.ts). The operator's own words stay a note for operators and
 * the audit log; a shopper reading another language never sees them.
 *
 * Kept small: these are what makes an order screenshot or receipt useless as proof of the
 * purchase, and each asks something different of the shopper.
 *
 * - `unreadable`: blurred, cut off or too dark to read.
 * - `order_details_missing`: the order number, date, shop or total is not in the picture.
 * - `not_this_purchase`: the order shown is another one than the purchase the proof is for.
 * - `not_an_order`: not an order confirmation or receipt at all.
 * - `edited`: the picture looks altered.
 * - `other`: none of the above; also what refusals made before the codes read as.
 *
 * Lives beside the purchase's reasons, not in domain/contracts/proof.ts: the contract uses these
 * codes, and this module imports nothing so the contract can.
 */
export const proofRejectionReasonCodes = [
  'unreadable',
  'order_details_missing',
  'not_this_purchase',
  'not_an_order',
  'edited',
  'other',
] as const
export type ProofRejectionReasonCode = (typeof proofRejectionReasonCodes)[number]

/**
 * What the shopper can do about a refused proof:
 * - `send_new_picture`: a better picture answers the reason (clearer, complete, of this order, an
 *   order page); the refused ones can be deleted to free their places, and the new one is reviewed
 *   like any other (`appealReviewBusinessDays`, domain/cashback/rejection-reasons.ts).
 * - `chat_with_support`: another picture would not change it: an altered picture, or a reason the
 *   list does not name, is explained by a person (`supportAnswerBusinessDays`).
 */
export type ProofRejectionNextStep = 'send_new_picture' | 'chat_with_support'

const proofRejectionNextSteps: Readonly<Record<ProofRejectionReasonCode, ProofRejectionNextStep>> = {
  unreadable: 'send_new_picture',
  order_details_missing: 'send_new_picture',
  not_this_purchase: 'send_new_picture',
  not_an_order: 'send_new_picture',
  // Sending the same order again would not answer a doubt about the picture itself.
  edited: 'chat_with_support',
  other: 'chat_with_support',
}

/** The next step the shopper is offered for a refused proof. */
export function findProofRejectionNextStep(code: ProofRejectionReasonCode): ProofRejectionNextStep {
  return proofRejectionNextSteps[code]
}
