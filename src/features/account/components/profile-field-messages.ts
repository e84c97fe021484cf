import { useLingui } from '@lingui/react/macro'
import type { ProfileFieldErrorCode } from '#domain/contracts/profile'

/** The profile form's messages; the first three are the spec's texts (section 5). */
export function useProfileFieldMessages(): Record<ProfileFieldErrorCode, string> {
  const { t } = useLingui()
  return {
    required: t` * กรุณากรอกข้อมูลในช่องนี้`,
    invalid_email: t` * อีเมลไม่ถูกต้อง`,
    invalid_phone: t` * กรุณากรอกเบอร์โทรศัพท์ที่ถูกต้อง`,
    too_long: t`ข้อความยาวเกินไป`,
    invalid_age: t`กรุณากรอกอายุเป็นตัวเลข (ปี)`,
    under_18: t`สมาชิกต้องมีอายุ 18 ปีขึ้นไป`,
    invalid_gender: t` * กรุณากรอกข้อมูลในช่องนี้`,
    invalid_birth_date: t`กรุณากรอกวันเกิดที่ถูกต้อง`,
    birth_date_mismatch: t`วันเกิดไม่ตรงกับอายุที่กรอก`,
    invalid_id_number: t`กรุณากรอกเบอร์มือถือ หรือเลขบัตรประชาชน 13 หลักที่ถูกต้อง`,
    taken: t`อีเมลหรือเบอร์นี้ถูกใช้กับบัญชีอื่นแล้ว`,
    invalid_text: t`ข้อความมีอักขระที่ใช้ไม่ได้`,
  }
}
