import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { NotificationValues } from '#domain/contracts/notifications'
import type { Locale } from '#domain/locale'
import { formatThb } from '#domain/money'
import type { NotificationKind } from '#domain/notifications/notification-rules'

/**
 * What a notification says, in the in-app list and in the push the service worker shows (src/sw.ts
 * loads these messages alone, from the `push` catalog). The server sends the kind and the values;
 * the words are the app's, in the language of the screen or of the device that subscribed.
 */
export function describeNotification(
  i18n: I18n,
  notification: { kind: NotificationKind; values: NotificationValues },
  locale: Locale,
): { title: string; body: string } {
  const { values } = notification
  const amount = formatThb(values.amount ?? 0, locale)
  const merchant = values.merchantName?.[locale] ?? i18n._(msg`ร้านค้าพาร์ทเนอร์`)
  switch (notification.kind) {
    case 'cashback_approved':
      return {
        title: i18n._(msg`เงินคืนได้รับการอนุมัติแล้ว`),
        body: i18n._(msg`${amount} จาก ${merchant} พร้อมให้กดรับเข้ากระเป๋าเงินแล้ว`),
      }
    case 'cashback_released':
      return {
        title: i18n._(msg`เงินคืนภายใน 1 วันมาแล้ว`),
        body: i18n._(msg`${amount} จาก ${merchant} อนุมัติเร็วขึ้นด้วยเรตติ้งของคุณ กดรับเข้ากระเป๋าเงินได้เลย`),
      }
    case 'cashback_waiting':
      return {
        title: i18n._(msg`เงินคืนรอให้คุณกดรับอยู่`),
        body: i18n._(msg`${amount} จาก ${merchant} อนุมัติแล้ว กดรับเข้ากระเป๋าเงินเพื่อถอนออกได้`),
      }
    case 'purchase_overdue':
      return {
        title: i18n._(msg`ร้านค้ายืนยันช้ากว่าที่คาดไว้`),
        body: i18n._(msg`คำสั่งซื้อจาก ${merchant} ยังรอร้านค้ายืนยัน ส่งหลักฐานการสั่งซื้อหรือทักแชทเพื่อให้เราช่วยติดตามได้`),
      }
    case 'withdrawal_overdue':
      return {
        title: i18n._(msg`การถอนเงินช้ากว่าที่คาดไว้`),
        body: i18n._(msg`เรากำลังติดตามการโอน ${amount} ให้คุณ หากมีคำถามทักแชทได้เลย`),
      }
    case 'special_cashback_at_risk': {
      const percent = values.bonusPercent ?? 0
      return {
        title: i18n._(msg`Special Cashback ของคุณใกล้สิ้นสุด`),
        body: i18n._(msg`รักษายอดเงินในกระเป๋าไว้ไม่ต่ำกว่า ${amount} เพื่อรับโบนัส +${percent}% ต่อไป`),
      }
    }
    case 'special_cashback_ended': {
      const percent = values.bonusPercent ?? 0
      return {
        title: i18n._(msg`Special Cashback ของคุณสิ้นสุดแล้ว`),
        body: i18n._(msg`ยอดเงินในกระเป๋าต่ำกว่า ${amount} โบนัส +${percent}% จึงสิ้นสุดลง`),
      }
    }
    case 'withdrawal_paid':
      return {
        title: i18n._(msg`ถอนเงินสำเร็จ`),
        body: i18n._(msg`โอน ${amount} เข้าบัญชีของคุณแล้ว`),
      }
    case 'withdrawal_failed':
      return {
        title: i18n._(msg`ถอนเงินไม่สำเร็จ`),
        body: i18n._(msg`${amount} กลับเข้ากระเป๋าเงินของคุณแล้ว ดูเหตุผลแล้วลองอีกครั้ง`),
      }
    case 'payout_account_changed':
      return {
        title: i18n._(msg`มีการเปลี่ยนบัญชีรับเงิน`),
        body: i18n._(msg`บัญชีรับเงินของคุณเพิ่งถูกเพิ่มหรือเปลี่ยน และใช้ถอนได้หลัง 72 ชั่วโมง หากคุณไม่ได้ทำเอง แตะเพื่อแจ้งทีมงานทันที`),
      }
    case 'proof_approved':
      return {
        title: i18n._(msg`หลักฐานการสั่งซื้อผ่านการตรวจแล้ว`),
        body: i18n._(msg`คำสั่งซื้อจาก ${merchant}: เราตรวจหลักฐานของคุณและอนุมัติแล้ว`),
      }
    case 'proof_rejected':
      return {
        title: i18n._(msg`หลักฐานการสั่งซื้อไม่ผ่านการตรวจ`),
        body: i18n._(msg`คำสั่งซื้อจาก ${merchant}: ดูเหตุผลแล้วส่งหลักฐานใหม่ได้`),
      }
    case 'support_reply':
      return {
        title: i18n._(msg`ทีมงานตอบกลับแล้ว`),
        body: i18n._(msg`มีข้อความใหม่ในแชทช่วยเหลือ`),
      }
  }
}

/** For a push the worker cannot read (a newer server's kind): still says who it is from. */
export function describeUnreadablePush(i18n: I18n): { title: string; body: string } {
  return { title: i18n._(msg`เงินคืน`), body: i18n._(msg`มีอัปเดตใหม่ในแอป แตะเพื่อเปิดดู`) }
}
