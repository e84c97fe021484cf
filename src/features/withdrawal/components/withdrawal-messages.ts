import { useLingui } from '@lingui/react/macro'
import type { FixedRates } from '#domain/contracts/fixed-rate'
import type { WithdrawalFieldErrorCode, WithdrawalTarget } from '#domain/contracts/withdrawal'
import { formatDateTime } from '#domain/dates'
import { formatThb } from '#domain/money'
import { payoutAccountChangesPerDay } from '#domain/wallet/payout-account-rules'
import type { ThaiBank } from '#domain/validation/thai-identifiers'
import { useLocale } from '../../../lib/locale'

/** Field messages of the withdrawal forms; the spec's texts where it has them (sections 5 and 8). */
export function useWithdrawalFieldMessages(): Record<WithdrawalFieldErrorCode, string> {
  const { t } = useLingui()
  return {
    required: t` * กรุณากรอกข้อมูลในช่องนี้`,
    too_long: t`ข้อความยาวเกินไป`,
    invalid_amount: t`กรุณากรอกจำนวนเงินที่ต้องการถอน`,
    whole_baht_required: t`แลกคะแนนได้เป็นจำนวนเต็มบาทเท่านั้น`,
    invalid_bank: t`กรุณาเลือกธนาคาร`,
    invalid_account_number: t`กรุณากรอกเลขบัญชีให้ถูกต้อง`,
    invalid_phone_or_id: t`กรุณากรอกเบอร์มือถือ หรือเลขบัตรประชาชน 13 หลักที่ถูกต้อง`,
    invalid_promptpay_id: t`กรุณากรอกพร้อมเพย์เป็นเบอร์มือถือ เลขบัตรประชาชน 13 หลัก หรือเลขอีวอลเล็ท 15 หลัก`,
    invalid_phone: t` * กรุณากรอกเบอร์โทรศัพท์ที่ถูกต้อง`,
    invalid_text: t`ข้อความมีอักขระที่ใช้ไม่ได้`,
    invalid_payout_account: t`กรุณาเลือกบัญชีรับเงินอีกครั้ง`,
  }
}

/** Why the server (or the form, with the same rules) refuses a withdrawal, in the shopper's language. */
export function useWithdrawalRefusalMessage(
  rates: FixedRates,
): (code: string, numbers?: { minimum?: number; usableFrom?: number }) => string {
  const { t } = useLingui()
  const locale = useLocale()
  // The server's own minimum when it sent one: the phone's fixed rates may be minutes old.
  return (code, numbers) => {
    const minimum = formatThb(numbers?.minimum ?? rates.minWithdrawal, locale)
    const minimumExchange = formatThb(numbers?.minimum ?? rates.minPointsExchange, locale)
    const usableFrom =
      numbers?.usableFrom === undefined ? undefined : formatDateTime(new Date(numbers.usableFrom), locale)
    const messages: Record<string, string> = {
      below_minimum_withdrawal: t`ไม่สามารถถอนต่ำกว่า ${minimum}`,
      above_balance: t`ไม่สามารถถอนเกินยอดเงินคงเหลือ`,
      accumulated_cashback_too_low: t`คุณต้องมีเงินคืนสะสมมากกว่า ${minimum}`,
      pending_withdrawal: t`มีรายการที่รอดำเนินการอยู่`,
      below_minimum_exchange: t`แลกคะแนนได้ขั้นต่ำ ${minimumExchange}`,
      buyer_suspended: t`บัญชีนี้ถูกระงับ กรุณาติดต่อฝ่ายช่วยเหลือ`,
      unauthenticated: t`กรุณาเข้าสู่ระบบอีกครั้งแล้วส่งใหม่`,
      invalid_request: t`ข้อมูลบางช่องไม่ถูกต้อง กรุณาแก้ไขแล้วส่งใหม่`,
      payout_account_waiting:
        usableFrom === undefined
          ? t`บัญชีรับเงินนี้เพิ่งเปลี่ยน ใช้ถอนได้หลังเปลี่ยน 72 ชั่วโมง`
          : t`บัญชีรับเงินนี้เพิ่งเปลี่ยน ใช้ถอนได้ตั้งแต่ ${usableFrom}`,
      payout_account_not_found: t`บัญชีรับเงินนี้ถูกเปลี่ยนแล้ว กรุณาเลือกบัญชีรับเงินอีกครั้ง`,
      too_many_payout_account_changes: t`เปลี่ยนบัญชีรับเงินได้ไม่เกิน ${payoutAccountChangesPerDay} ครั้งใน 24 ชั่วโมง กรุณาลองอีกครั้งพรุ่งนี้`,
    }
    return messages[code] ?? t`ระบบไม่รับรายการนี้ กรุณาลองใหม่อีกครั้ง`
  }
}

export function useBankLabels(): Record<ThaiBank, string> {
  const { t } = useLingui()
  return {
    KBANK: t`กสิกรไทย (KBank)`,
    BBL: t`กรุงเทพ (BBL)`,
    SCB: t`ไทยพาณิชย์ (SCB)`,
    BAY: t`กรุงศรีอยุธยา (BAY)`,
  }
}

export function useTargetLabels(): Record<WithdrawalTarget, string> {
  const { t } = useLingui()
  return {
    bank: t`บัญชีธนาคาร`,
    promptpay: t`พร้อมเพย์`,
    truemoney: t`ทรูมันนี่ วอลเล็ท`,
    points: t`แลกคะแนน`,
  }
}
