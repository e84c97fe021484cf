import type { LocalizedText } from './help-text.ts'

/**
 * The terms of use (spec sections 1, 4 and 5), shown on /support and where a new member accepts
 * them at sign-in. Each rule here is one the app enforces or an operator applies; `{figures}` as
 * in help-text.ts.
 */
export type TermsSection = {
  id: string
  title: LocalizedText
  items: readonly LocalizedText[]
}

export const termsSections: readonly TermsSection[] = [
  {
    id: 'membership',
    title: { th: 'การเป็นสมาชิก', en: 'Membership' },
    items: [
      {
        th: 'สมาชิกต้องมีอายุ {minimumAge} ปีขึ้นไป และอาศัยอยู่ในประเทศไทย',
        en: 'Members must be {minimumAge} or older and live in Thailand.',
      },
      {
        th: 'เข้าสู่ระบบด้วยอีเมลหรือเบอร์มือถือของคุณเอง และไม่บอกรหัสยืนยันให้ผู้อื่น',
        en: 'Sign in with your own email address or mobile number, and never share a sign-in code.',
      },
      {
        th: 'โบนัสสมาชิกใหม่และการใช้รหัสแนะนำได้ครั้งเดียวต่อคน ไม่ว่าจะมีกี่บัญชี เราตรวจจากอีเมล เบอร์มือถือ และบัญชีรับเงินที่ใช้ร่วมกัน',
        en: 'The new-member bonus and a referral code are once per person, however many accounts they have: we match shared email addresses, mobile numbers and payout accounts.',
      },
    ],
  },
  {
    id: 'purchases',
    title: { th: 'การซื้อที่ได้รับเงินคืน', en: 'Purchases that earn cashback' },
    items: [
      {
        th: 'ต้องซื้อผ่านลิงก์ของแอปเงินคืน และชำระเงินครบเต็มจำนวน คำสั่งซื้อที่ไม่ได้ชำระ ยกเลิก หรือคืนสินค้า ไม่ได้รับเงินคืน',
        en: 'Buy through a NgernKhuen link and complete the payment in full. Unpaid, cancelled or returned orders earn no cashback.',
      },
      {
        th: 'ร้านค้าเป็นผู้ยืนยันการซื้อ เงินคืนคิดจากอัตราของร้าน ณ ตอนที่บันทึกการซื้อ และยอดซื้อที่ร้านค้าแจ้งมา',
        en: 'Shops confirm purchases. Cashback uses the shop’s rate when the purchase was recorded and the amount the shop reports.',
      },
      {
        th: 'ซื้อเพื่อใช้เองเท่านั้น ห้ามซื้อเพื่อนำไปขายต่อ',
        en: 'Buy for your own use only: no purchases for resale.',
      },
      {
        th: 'สินค้าชิ้นเดียวกันไม่เกิน {maxPiecesPerItemPerDay} ชิ้นต่อวัน รายการที่ทำให้เกินจะถูกยกเลิกเงินคืนทั้งรายการ และนับเป็นพฤติกรรมผิดเงื่อนไขในเรตติ้ง',
        en: 'No more than {maxPiecesPerItemPerDay} pieces of the same item a day. The purchase that goes past it loses its whole cashback and counts against your rating as behaviour against the terms.',
      },
    ],
  },
  {
    id: 'wallet',
    title: { th: 'กระเป๋าเงินและการถอนเงิน', en: 'Wallet and withdrawals' },
    items: [
      {
        th: 'ถ้าร้านค้าปฏิเสธการซื้อหลังจากคุณรับเงินคืนเข้ากระเป๋าแล้ว ยอดนั้นจะถูกหักคืน ยอดในกระเป๋าอาจติดลบ และจะหักจากเงินคืนรายการถัดไป',
        en: 'If a shop rejects a purchase after you accepted its cashback, that amount is taken back. Your balance may go below zero and is made up from your next cashback.',
      },
      {
        th: 'ถอนได้ครั้งละตั้งแต่ {minWithdrawal} มีค่าธรรมเนียมระบบ {withdrawalFee} และถอนได้ทีละรายการ',
        en: 'Withdrawals start at {minWithdrawal}, carry a {withdrawalFee} system fee, and go one at a time.',
      },
      {
        th: 'ตรวจข้อมูลบัญชีรับเงินให้ถูกต้องก่อนยืนยัน ถ้าโอนไม่สำเร็จ ยอดที่ถอนและค่าธรรมเนียมจะคืนเข้ากระเป๋าเงิน',
        en: 'Check your payout details before confirming. If a transfer fails, the amount and the fee return to your wallet.',
      },
    ],
  },
  {
    id: 'suspension',
    title: { th: 'การระงับบัญชี', en: 'Account suspension' },
    items: [
      {
        th: 'เราอาจระงับบัญชีที่ยอดในกระเป๋าติดลบเป็นเวลานาน ยกเลิกคำสั่งซื้อบ่อย หรือทุจริต เช่น คำสั่งซื้อปลอม ซื้อเพื่อขายต่อ หรือใช้หลายบัญชีเพื่อรับโบนัส',
        en: 'We may suspend an account whose wallet stays below zero for a long time, that cancels orders often, or that cheats, such as with fake orders, buying for resale or using several accounts to collect bonuses.',
      },
      {
        th: 'ทีมงานตรวจสอบทุกครั้งก่อนระงับ ไม่มีการระงับอัตโนมัติ',
        en: 'A member of our team reviews every case before suspending: nothing is suspended automatically.',
      },
      {
        th: 'ระหว่างถูกระงับ ถอนเงินและเข้าร่วมโปรโมชันไม่ได้ แต่ยังแชทกับทีมงานได้เสมอ',
        en: 'While suspended you cannot withdraw or join promotions, but you can always chat with our team.',
      },
    ],
  },
]
