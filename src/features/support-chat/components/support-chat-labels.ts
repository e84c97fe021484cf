import { useLingui } from '@lingui/react/macro'
import { formatTime } from '#domain/dates'
import { missingAttachmentCode } from '../../../lib/outbox'
import { useLocale } from '../../../lib/locale'

/** Why the server refused a message, in the shopper's language; `code` is its error code. */
export function useSupportRefusalMessage(): (code: string) => string {
  const { t } = useLingui()
  return (code) => {
    switch (code) {
      case 'invalid_request':
        return t`ส่งข้อความนี้ไม่ได้ ข้อความอาจยาวเกินไป กรุณาแก้ไขแล้วส่งใหม่`
      case 'transaction_not_found':
        return t`ไม่พบรายการสั่งซื้อที่แนบไว้ กรุณาแก้ไขแล้วเลือกรายการใหม่`
      case 'attachment_not_found':
        return t`รูปที่แนบส่งไม่สำเร็จ กดลองส่งอีกครั้ง ระบบจะส่งรูปให้ใหม่`
      case 'proof_not_image':
        return t`มีไฟล์ที่ไม่ใช่รูปภาพที่อ่านได้ กรุณาแก้ไขแล้วเลือกรูปใหม่`
      case 'proof_too_large':
      case 'proof_too_many_pixels':
      case 'payload_too_large':
        return t`มีรูปที่ใหญ่เกินไป กรุณาแก้ไขแล้วเลือกรูปอื่น`
      case missingAttachmentCode:
        return t`รูปที่รอส่งไม่อยู่ในเครื่องนี้แล้ว กรุณาแก้ไขแล้วเลือกรูปใหม่`
      case 'unauthenticated':
      case 'forbidden':
        return t`กรุณาเข้าสู่ระบบอีกครั้ง แล้วกดลองส่งอีกครั้ง`
      default:
        return t`ส่งข้อความไม่สำเร็จ กรุณาลองส่งอีกครั้ง`
    }
  }
}

/** Why a message waits although the server answered, and until when (the rate limit). */
export function useDeferralMessage(): (deferral: { code: string; retryAt: number }) => string {
  const { t } = useLingui()
  const locale = useLocale()
  return ({ code, retryAt }) => {
    const time = formatTime(new Date(retryAt), locale)
    if (code === 'too_many_messages') {
      return t`คุณส่งข้อความถี่เกินไป ระบบจะส่งข้อความนี้ให้อัตโนมัติเวลา ${time}`
    }
    return t`ระบบจะส่งข้อความนี้ให้อัตโนมัติเวลา ${time}`
  }
}
