import { maxProofImages } from '../contracts/proof.ts'

/**
 * Why a purchase earns no cashback (issue 20): the closed set of reasons a rejected or cancelled
 * purchase carries, so the shopper reads it in their own language and is told what they can do
 * (product notes, complaint 4: "rejected with no reason"). Networks and operators still write
 * their own words; those stay a note for operators and the shopper never sees them.
 *
 * The set is what Lazada, Shopee, Involve Asia and Accesstrade reject for (returned, cancelled,
 * unpaid or fake orders, coupons the merchant does not allow, products outside the offer, a click
 * lost to another link), plus our own daily item limit (domain/cashback/item-limit.ts). A
 * cancellation uses the same set: a network's cancellation is `order_cancelled` unless its words
 * say more.
 *
 * - `item_returned`: the item was returned or refunded.
 * - `order_cancelled`: the order was cancelled (by the shopper or the shop).
 * - `order_not_paid`: never paid, cash on delivery refused, or the delivery failed.
 * - `coupon_not_allowed`: a coupon, voucher or promo code the merchant does not allow with cashback.
 * - `product_not_eligible`: the product or its category earns no cashback at this merchant.
 * - `tracking_lost`: another link, coupon site or ad blocker took the purchase after our link.
 * - `duplicate_order`: the same order was reported twice; the other one counts.
 * - `terms_breached`: fraud, a fake or invalid order, or another breach of the merchant's terms.
 * - `daily_item_limit`: more than 5 pieces of one item in one day (our rule, spec section 9).
 * - `other`: the merchant gave no reason, or one that fits none of the above.
 */
export const rejectionReasonCodes = [
  'item_returned',
  'order_cancelled',
  'order_not_paid',
  'coupon_not_allowed',
  'product_not_eligible',
  'tracking_lost',
  'duplicate_order',
  'terms_breached',
  'daily_item_limit',
  'other',
] as const
export type RejectionReasonCode = (typeof rejectionReasonCodes)[number]

/**
 * Keywords of a network's (or an operator's) own words, Thai or English, checked in this order:
 * the specific reasons before the generic ones, so "cancelled: refunded" is a return, "invalid
 * coupon" a coupon and "order cancelled, not paid" an unpaid order. English words are matched on
 * word starts ("returned", "Refunds"), so "cod" does not match "code"; Thai has no spaces between
 * words and is matched anywhere, with phrases long enough not to match "เงินคืน" (cashback).
 * `other` and `daily_item_limit` have no keywords: networks do not know our rule.
 *
 * server/db/migrations/0020_rejection_reason_codes.sql fills old rows with the same rules in SQL;
 * server/cashback/rejection-reason-migration.test.ts checks both agree.
 */
export const rejectionReasonKeywords: readonly (readonly [RejectionReasonCode, RegExp])[] = [
  ['duplicate_order', /\bduplicat|\bdouble order|ซ้ำ/i],
  ['coupon_not_allowed', /\bcoupon|\bvoucher|\bpromo(tion)? ?code|\bdiscount code|คูปอง|โค้ด/i],
  [
    'tracking_lost',
    /\bcookie|\bad.?block|\blast click|\b(another|other) (affiliate|publisher|link)|\btracking (lost|fail)|\buntracked|\bnot tracked|คุกกี้|ลิงก์อื่น|ติดตามไม่ได้/i,
  ],
  [
    'product_not_eligible',
    /\bnot eligible|\bineligible|\bexclud|\bnot applicable|\bcategory|ไม่ร่วมรายการ|ไม่เข้าร่วม|ยกเว้น|หมวด/i,
  ],
  [
    'terms_breached',
    /\bfraud|\bfake|\binvalid|\bviolat|\bbreach|\bterms|\babuse|\bsuspicious|\breseller|\bbulk|ทุจริต|ปลอม|ผิดเงื่อนไข|ละเมิด/i,
  ],
  [
    'order_not_paid',
    /\bunpaid|\bnot paid|\bnon.?payment|\bpayment (fail|declin)|\bcod\b|\bcash on delivery|\bfailed delivery|\bdelivery fail|\bundeliver|\bnot delivered|ไม่ชำระ|ไม่ได้ชำระ|ปฏิเสธการรับ|เก็บเงินปลายทาง|ส่งไม่สำเร็จ/i,
  ],
  ['item_returned', /\breturn|\brefund|คืนสินค้า|ถูกคืน|ส่งคืน|คืนเงิน/i],
  ['order_cancelled', /\bcancel|ยกเลิก/i],
]

/** The reason a network's (or operator's) own words give; `other` when they say nothing we know. */
export function rejectionReasonCodeOf(text: string | null | undefined): RejectionReasonCode {
  if (text === null || text === undefined) return 'other'
  for (const [code, pattern] of rejectionReasonKeywords) if (pattern.test(text)) return code
  return 'other'
}

/**
 * A network's cancellation: what its words say, and `order_cancelled` when they say nothing more
 * (a cancelled conversion is a cancelled order unless told otherwise).
 */
export function cancellationReasonCodeOf(text: string | null | undefined): RejectionReasonCode {
  const code = rejectionReasonCodeOf(text)
  return code === 'other' ? 'order_cancelled' : code
}

/**
 * Business days our team takes to review the proofs of an appeal (spec section 4): the shopper is
 * told it when they are asked to send them. Appeals are decided by us (docs/decisions/007), not
 * sent on to the merchant, so this is a promise we can keep; ShopBack Thailand's merchant
 * investigations take up to 120 days, which is why an appeal must not wait on one.
 */
export const appealReviewBusinessDays = 3

/** Business days the support chat answers within (domain/support/chat.ts: agents answer the oldest first). */
export const supportAnswerBusinessDays = 1

/**
 * What the shopper can do about a reason:
 * - `send_proof`: appeal with up to `maxProofImages` pictures (receipt, order page, delivery);
 *   our team reviews within `reviewBusinessDays`. Only a rejection can be appealed.
 * - `chat_with_support`: the facts are the merchant's or ours and a picture would not change
 *   them; an agent explains and can check with the merchant.
 * - `nothing`: the reason is a rule that holds (the merchant's terms or ours); the shopper is
 *   told why and how to earn next time.
 */
export type RejectionNextStep =
  | { kind: 'send_proof'; maxImages: number; reviewBusinessDays: number }
  | { kind: 'chat_with_support'; answerBusinessDays: number }
  | { kind: 'nothing' }

const sendProof: RejectionNextStep = {
  kind: 'send_proof',
  maxImages: maxProofImages,
  reviewBusinessDays: appealReviewBusinessDays,
}
const chatWithSupport: RejectionNextStep = { kind: 'chat_with_support', answerBusinessDays: supportAnswerBusinessDays }
const nothing: RejectionNextStep = { kind: 'nothing' }

/**
 * What a rejection asks of the shopper, by reason: a picture proves a delivered, paid, kept order
 * (returned, cancelled, unpaid, or no reason given); a duplicate or a breach of the terms is
 * explained by a person; the merchant's coupon and product rules, a lost click and our item limit
 * are facts a picture cannot change.
 */
const rejectionNextSteps: Readonly<Record<RejectionReasonCode, RejectionNextStep>> = {
  item_returned: sendProof,
  order_cancelled: sendProof,
  order_not_paid: sendProof,
  coupon_not_allowed: nothing,
  product_not_eligible: nothing,
  tracking_lost: nothing,
  duplicate_order: chatWithSupport,
  terms_breached: chatWithSupport,
  daily_item_limit: nothing,
  other: sendProof,
}

/**
 * The next step for a rejected or cancelled purchase (its status). A cancellation cannot be appealed with proofs (the server takes them only for rejections,
 * domain/contracts/proof.ts), so where a rejection would ask for proof a cancellation offers the
 * chat; a cancelled order is final.
 */
export function findRejectionNextStep(status: 'REJECTED' | 'CANCELLED', code: RejectionReasonCode): RejectionNextStep {
  if (status === 'REJECTED') return rejectionNextSteps[code]
  if (code === 'order_cancelled') return nothing
  const step = rejectionNextSteps[code]
  return step.kind === 'send_proof' ? chatWithSupport : step
}
