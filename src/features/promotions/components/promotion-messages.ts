import { useLingui } from '@lingui/react/macro'
import type { SpecialCashbackLevel } from '#domain/cashback/cashback-amount'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { ReferralFriendState, ReferralState } from '#domain/promotions/referral'
import { readStairLevel, type SpecialCashbackEndReason } from '#domain/promotions/special-cashback'
import { formatThb } from '#domain/money'
import { formatBasisPoints } from '#domain/rates'
import { useLocale } from '../../../lib/locale'
import type { PromotionProblem } from '../promotion-problems'

/** A refusal as the screen shows it: the spec's words as the title, and why when they do not say. */
export type ProblemText = { title: string; detail?: string }

/**
 * Why a join or a code was refused, in the shopper's language; the spec's texts where it has them
 * (section 8: 'Join Failed', 'You already join premium membership.', 'Please wait for the approval
 * before processing.', section 5: 'You must have accumulated cashback more than THB {amount}').
 * Amounts come from the server's `details.minimum` when it sent one: the phone's fixed rates may
 * be minutes old.
 */
export function usePromotionProblemText(rates: FixedRates): (problem: PromotionProblem) => ProblemText {
  const { t } = useLingui()
  const locale = useLocale()
  return (problem) => {
    switch (problem.kind) {
      case 'network':
        return { title: t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต ลองอีกครั้งเมื่อออนไลน์` }
      case 'suspended':
        return { title: t`บัญชีนี้ถูกระงับ กรุณาติดต่อฝ่ายช่วยเหลือ` }
      case 'signed_out':
        return { title: t`กรุณาเข้าสู่ระบบอีกครั้งแล้วส่งใหม่` }
      case 'unknown':
        return { title: t`ทำรายการไม่สำเร็จ กรุณาลองอีกครั้ง` }
      case 'refused':
        break
    }
    const joinFailed = t`เข้าร่วมไม่สำเร็จ`
    switch (problem.code) {
      case 'premium_already_joined':
        return { title: t`คุณเคยสมัครสมาชิกพรีเมียมแล้ว` }
      case 'not_combinable_with_special_cashback':
        return { title: joinFailed, detail: t`สมาชิกพรีเมียมใช้ร่วมกับ Special Cashback ที่ยังไม่สิ้นสุดไม่ได้` }
      case 'balance_below_premium_price': {
        const price = formatThb(problem.minimum ?? rates.premiumPrice, locale)
        return { title: joinFailed, detail: t`ยอดเงินในกระเป๋าไม่พอชำระค่าสมาชิก ${price}` }
      }
      case 'special_cashback_already_joined':
        return { title: joinFailed, detail: t`เข้าร่วม Special Cashback ได้เพียงครั้งเดียว และคุณเคยเข้าร่วมแล้ว` }
      case 'not_combinable_with_premium':
        return { title: joinFailed, detail: t`Special Cashback ใช้ร่วมกับสมาชิกพรีเมียมไม่ได้` }
      case 'balance_below_tier': {
        const minimum = formatThb(problem.minimum ?? rates.stairLv1.minimumBalance, locale)
        return { title: t`คุณต้องมีเงินคืนสะสมมากกว่า ${minimum}` }
      }
      case 'special_cashback_awaiting_approval':
        return {
          title: t`กรุณารอการอนุมัติก่อนดำเนินการ`,
          detail: t`เงินคืนที่กำลังมาจะทำให้ยอดเงินถึงเกณฑ์ เข้าร่วมได้เมื่อเงินคืนได้รับการอนุมัติและคุณกดรับแล้ว`,
        }
      case 'invalid_referral_code':
        return { title: t`รหัสแนะนำไม่ถูกต้อง รหัสมีตัวอักษรและตัวเลข 8 ตัว` }
      case 'referral_code_not_found':
        return { title: t`ไม่พบรหัสแนะนำนี้ กรุณาตรวจสอบแล้วลองอีกครั้ง` }
      case 'referral_window_closed':
        return { title: t`ใส่รหัสแนะนำได้ภายใน 24 ชั่วโมงหลังสมัครสมาชิกเท่านั้น` }
      case 'referral_already_redeemed':
        return { title: t`คุณใช้รหัสแนะนำของเพื่อนไปแล้ว ใช้ได้เพียงครั้งเดียว` }
      case 'own_referral_code':
        return { title: t`ใช้รหัสแนะนำของตัวเองไม่ได้` }
      case 'too_many_requests': {
        const minutes = Math.max(1, Math.ceil((problem.retryAfterSeconds ?? 3600) / 60))
        return { title: t`ลองรหัสที่ไม่มีอยู่บ่อยเกินไป กรุณาลองใหม่อีกครั้งใน ${minutes} นาที` }
      }
    }
  }
}

/** "ระดับ 2 (+30%)": a Special Cashback level with its bonus. */
export function useLevelName(rates: FixedRates): (level: SpecialCashbackLevel) => string {
  const { t } = useLingui()
  const locale = useLocale()
  return (level) => {
    const bonus = formatBasisPoints(readStairLevel(rates, level).bonusBasisPoints, locale)
    return t`ระดับ ${level} (+${bonus})`
  }
}

export function useEndReasonText(): Record<SpecialCashbackEndReason, string> {
  const { t } = useLingui()
  return {
    balance_below_tier: t`ยอดเงินในกระเป๋าลดลงต่ำกว่าเกณฑ์ของระดับ`,
    expired: t`ครบกำหนด 6 เดือน`,
  }
}

/** Spec section 4: the referrer's view of one friend. */
export function useReferralStateLabels(): Record<ReferralState, string> {
  const { t } = useLingui()
  return {
    waiting_for_purchase: t`รอเพื่อนซื้อสินค้า`,
    pending_bonus: t`รอรับโบนัส`,
    received: t`ได้รับโบนัสแล้ว`,
  }
}

/** Spec section 4: the friend's own state (pending until the referrer's bonus is paid). */
export function useReferralFriendStateLabels(): Record<ReferralFriendState, string> {
  const { t } = useLingui()
  return {
    pending: t({ message: 'รอดำเนินการ', context: 'referred friend state' }),
    success: t({ message: 'สำเร็จ', context: 'referred friend state' }),
  }
}
