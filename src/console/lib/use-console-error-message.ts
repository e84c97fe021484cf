import { useLingui } from '@lingui/react/macro'
import { ApiError } from '../../lib/api-client'

/** A failed console request in the operator's words; unknown codes fall back to a generic message. */
export function useConsoleErrorMessage() {
  const { t } = useLingui()
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t`เกิดข้อผิดพลาด กรุณาลองอีกครั้ง`
    switch (error.code) {
      case 'network':
        return t`เชื่อมต่อเซิร์ฟเวอร์ไม่ได้ ตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง`
      case 'invalid_code':
        return t`รหัสไม่ถูกต้องหรือใช้ไปแล้ว`
      case 'code_expired':
        return t`รหัสหมดอายุแล้ว ขอรหัสใหม่`
      case 'code_requested_elsewhere':
        return t`ขอรหัสจากเบราว์เซอร์นี้ก่อน แล้วกรอกที่นี่`
      case 'too_many_attempts':
        return t`กรอกรหัสผิดหลายครั้งเกินไป ขอรหัสใหม่`
      case 'too_many_codes':
      case 'too_many_requests':
        return t`ขอรหัสบ่อยเกินไป รอสักครู่แล้วลองใหม่`
      case 'invalid_second_factor':
        return t`รหัสจากแอปยืนยันตัวตนไม่ถูกต้อง`
      case 'second_factor_expired':
        return t`ขั้นตอนยืนยันตัวตนหมดเวลา เข้าสู่ระบบใหม่อีกครั้ง`
      case 'operator_unauthenticated':
        return t`เซสชันหมดอายุ เข้าสู่ระบบใหม่อีกครั้ง`
      case 'operator_forbidden':
        return t`บทบาทของคุณทำรายการนี้ไม่ได้`
      case 'operator_conflict':
        return t`มีผู้ดูแลคนอื่นเปลี่ยนรายการนี้ไปก่อนแล้ว โหลดข้อมูลใหม่แล้วตัดสินใจอีกครั้ง`
      case 'operator_exists':
        return t`มีผู้ดูแลที่ใช้อีเมลนี้อยู่แล้ว`
      case 'operator_self_change':
        return t`ปิดการใช้งานหรือลดบทบาทของตัวเองไม่ได้ ให้ผู้ดูแลระบบคนอื่นทำ`
      case 'invalid_transition':
        return t`เปลี่ยนสถานะนี้ไม่ได้จากสถานะปัจจุบัน`
      case 'idempotency_key_reused':
        return t`คำขอนี้ถูกส่งไปแล้ว โหลดข้อมูลใหม่`
      case 'record_not_found':
        return t`ไม่พบรายการนี้`
      case 'proof_reason_code_required':
        return t`เลือกเหตุผลที่ผู้ซื้อเห็นก่อนกดไม่ผ่าน`
      case 'invalid_request':
        return t`ข้อมูลไม่ถูกต้อง ตรวจสอบแล้วลองอีกครั้ง`
      default:
        return t`เกิดข้อผิดพลาด กรุณาลองอีกครั้ง`
    }
  }
}
