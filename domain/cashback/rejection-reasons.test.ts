import { describe, expect, it } from 'vitest'
import { maxProofImages } from '../contracts/proof.ts'
import {
  appealReviewBusinessDays,
  cancellationReasonCodeOf,
  findRejectionNextStep,
  rejectionReasonCodeOf,
  rejectionReasonCodes,
  supportAnswerBusinessDays,
  type RejectionReasonCode,
} from './rejection-reasons.ts'

/** Words networks, merchants and our operators have used, Thai and English, with the reason they give. */
const rejectionReasonSamples: readonly (readonly [string, RejectionReasonCode])[] = [
  ['Item returned', 'item_returned'],
  ['Order returned by customer', 'item_returned'],
  ['REFUNDED', 'item_returned'],
  ['สินค้าถูกคืน / Item returned', 'item_returned'],
  ['ลูกค้าคืนสินค้า', 'item_returned'],
  ['คืนเงินให้ลูกค้าแล้ว', 'item_returned'],
  ['Cancelled - refunded', 'item_returned'],
  ['Order cancelled', 'order_cancelled'],
  ['Canceled by buyer', 'order_cancelled'],
  ['คำสั่งซื้อถูกยกเลิก', 'order_cancelled'],
  ['Order not paid', 'order_not_paid'],
  ['Unpaid order', 'order_not_paid'],
  ['COD refused', 'order_not_paid'],
  ['Failed delivery', 'order_not_paid'],
  ['Cancelled: non-payment', 'order_not_paid'],
  ['ลูกค้าไม่ชำระเงิน', 'order_not_paid'],
  ['ปฏิเสธการรับสินค้าเก็บเงินปลายทาง', 'order_not_paid'],
  ['Voucher not allowed', 'coupon_not_allowed'],
  ['Invalid coupon code used', 'coupon_not_allowed'],
  ['Used a promo code from another site', 'coupon_not_allowed'],
  ['ใช้คูปองที่ร้านค้าไม่อนุญาต', 'coupon_not_allowed'],
  ['ใช้โค้ดส่วนลดจากเว็บอื่น', 'coupon_not_allowed'],
  ['Product not eligible', 'product_not_eligible'],
  ['Excluded category: gift cards', 'product_not_eligible'],
  ['สินค้าไม่ร่วมรายการ', 'product_not_eligible'],
  ['Cookie overwritten by another affiliate', 'tracking_lost'],
  ['Ad-blocker detected', 'tracking_lost'],
  ['Last click went to another publisher', 'tracking_lost'],
  ['คลิกลิงก์อื่นหลังลิงก์ของเรา', 'tracking_lost'],
  ['Duplicate order', 'duplicate_order'],
  ['Duplicated conversion', 'duplicate_order'],
  ['คำสั่งซื้อซ้ำ', 'duplicate_order'],
  ['Fraud suspected', 'terms_breached'],
  ['Fake order', 'terms_breached'],
  ['Invalid transaction', 'terms_breached'],
  ['Violation of merchant terms', 'terms_breached'],
  ['ทุจริต', 'terms_breached'],
  ['ผิดเงื่อนไขร้านค้า', 'terms_breached'],
  ['Rejected by the merchant', 'other'],
  ['Not approved', 'other'],
  ['ไม่ได้รับเงินคืน', 'other'],
  ['Error code 17', 'other'],
  ['', 'other'],
]

describe('rejectionReasonCodeOf', () => {
  it.each(rejectionReasonSamples)('%j is %s', (text, code) => {
    expect(rejectionReasonCodeOf(text)).toBe(code)
  })

  it('ignores case and gives other when nothing was said', () => {
    expect(rejectionReasonCodeOf('ITEM RETURNED')).toBe('item_returned')
    expect(rejectionReasonCodeOf(null)).toBe('other')
    expect(rejectionReasonCodeOf(undefined)).toBe('other')
  })

  it('never gives our own item limit: networks do not know it', () => {
    expect(rejectionReasonCodeOf('ซื้อสินค้าชิ้นเดียวกันเกิน 5 ชิ้นในวันเดียว')).toBe('other')
  })
})

describe('cancellationReasonCodeOf', () => {
  it('is a cancelled order unless the words say more', () => {
    expect(cancellationReasonCodeOf(null)).toBe('order_cancelled')
    expect(cancellationReasonCodeOf('Customer changed mind')).toBe('order_cancelled')
    expect(cancellationReasonCodeOf('Unpaid')).toBe('order_not_paid')
    expect(cancellationReasonCodeOf('Duplicate')).toBe('duplicate_order')
  })
})

describe('findRejectionNextStep', () => {
  const sendProof = { kind: 'send_proof', maxImages: maxProofImages, reviewBusinessDays: appealReviewBusinessDays }
  const chat = { kind: 'chat_with_support', answerBusinessDays: supportAnswerBusinessDays }
  const nothing = { kind: 'nothing' }

  it('asks for proof where a picture can show a delivered, paid, kept order', () => {
    for (const code of ['item_returned', 'order_cancelled', 'order_not_paid', 'other'] as const) {
      expect(findRejectionNextStep('REJECTED', code)).toEqual(sendProof)
    }
    expect(sendProof).toEqual({ kind: 'send_proof', maxImages: 5, reviewBusinessDays: 3 })
  })

  it('sends duplicates and breaches of the terms to a person', () => {
    expect(findRejectionNextStep('REJECTED', 'duplicate_order')).toEqual(chat)
    expect(findRejectionNextStep('REJECTED', 'terms_breached')).toEqual(chat)
  })

  it('offers nothing for rules a picture cannot change', () => {
    for (const code of ['coupon_not_allowed', 'product_not_eligible', 'tracking_lost', 'daily_item_limit'] as const) {
      expect(findRejectionNextStep('REJECTED', code)).toEqual(nothing)
      expect(findRejectionNextStep('CANCELLED', code)).toEqual(nothing)
    }
  })

  it('never asks for proof on a cancellation, which cannot be appealed: the chat instead, or nothing for a cancelled order', () => {
    for (const code of rejectionReasonCodes) {
      expect(findRejectionNextStep('CANCELLED', code).kind).not.toBe('send_proof')
    }
    expect(findRejectionNextStep('CANCELLED', 'order_cancelled')).toEqual(nothing)
    expect(findRejectionNextStep('CANCELLED', 'item_returned')).toEqual(chat)
    expect(findRejectionNextStep('CANCELLED', 'other')).toEqual(chat)
  })
})
