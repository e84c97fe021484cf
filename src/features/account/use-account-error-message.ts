import { useLingui } from '@lingui/react/macro'
import { ApiError } from '../../lib/api-client'

/** Minutes to wait from the server's `retryAfterSeconds` (at least 1; an hour when it said nothing). */
function minutesToWait(error: ApiError): number {
  return Math.max(1, Math.ceil((error.details.retryAfterSeconds ?? 3600) / 60))
}

/**
 * A failed sign-in or identifier-change request in the shopper's words. The wait of a 429 comes
 * from the server (`details.retryAfterSeconds`), so the screen says how long, not just "later".
 */
export function useAccountErrorMessage() {
  const { t } = useLingui()
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t`เกิดข้อผิดพลาด กรุณาลองอีกครั้ง`
    switch (error.code) {
      case 'network':
        return t`ไม่มีการเชื่อมต่ออินเทอร์เน็ต กรุณาลองอีกครั้งเมื่อออนไลน์`
      case 'too_many_codes': {
        const minutes = minutesToWait(error)
        return t`ขอรหัสบ่อยเกินไป กรุณาลองใหม่อีกครั้งใน ${minutes} นาที`
      }
      case 'too_many_requests': {
        const minutes = minutesToWait(error)
        return t`มีการขอรหัสจากเครือข่ายนี้มากเกินไป กรุณาลองใหม่อีกครั้งใน ${minutes} นาที`
      }
      case 'invalid_code':
        return t`รหัสไม่ถูกต้อง กรุณาตรวจสอบแล้วลองอีกครั้ง`
      case 'code_requested_elsewhere':
        return t`รหัสนี้ขอไว้จากเบราว์เซอร์อื่น กรุณากรอกรหัสในเบราว์เซอร์ที่ขอรหัส หรือขอรหัสใหม่ที่นี่`
      case 'code_expired':
        return t`รหัสหมดอายุแล้ว กรุณาขอรหัสใหม่`
      case 'too_many_attempts':
        return t`กรอกรหัสผิดเกิน 5 ครั้ง กรุณาขอรหัสใหม่`
      case 'phone_sign_in_unavailable':
        return t`ขณะนี้ยังเข้าสู่ระบบด้วยเบอร์มือถือไม่ได้ กรุณาใช้อีเมล`
      case 'identifier_taken':
        return t`อีเมลหรือเบอร์นี้ถูกใช้กับบัญชีอื่นแล้ว`
      case 'maintenance':
        return t`แอปพลิเคชันอยู่ระหว่างการปิดปรับปรุง`
      default:
        return t`เกิดข้อผิดพลาด กรุณาลองอีกครั้ง`
    }
  }
}
