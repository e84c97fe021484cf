import type { HelpStep } from './help-step.ts'

/**
 * /howto: the three steps to earn, short enough to read at a glance (the tutorials have the
 * details, and the page ends on one way on: the merchants). Thai is the source; `{figures}` as in
 * help-text.ts.
 */
export const howtoSteps: readonly [HelpStep, HelpStep, HelpStep] = [
  {
    title: { th: 'หาร้านค้า', en: 'Find a shop' },
    body: {
      th: 'ค้นหาร้านหรือสินค้าที่อยากซื้อ แล้วดูอัตราเงินคืนก่อนช้อป',
      en: 'Search for the shop or product you want and check its cashback rate before you buy.',
    },
    illustration: 'merchant-list',
  },
  {
    title: { th: 'ช้อปผ่านลิงก์ของเรา', en: 'Shop through our link' },
    body: {
      th: 'แตะ “ช้อปเลย” แล้ว “ไปที่ร้านค้า” จากนั้นซื้อและจ่ายเงินให้จบในเบราว์เซอร์เดียวกัน ไม่ใช้โค้ดจากเว็บอื่น',
      en: 'Tap “Shop now”, then “Go to the shop”, and buy and pay in that same browser, without codes from other sites.',
    },
    illustration: 'shop-now',
  },
  {
    title: { th: 'รับเงินคืน', en: 'Get your cashback' },
    body: {
      th: 'เมื่อร้านค้ายืนยัน แตะ “รับเงินคืน” เข้ากระเป๋าเงิน แล้วถอนเข้าธนาคาร พร้อมเพย์ หรือทรูมันนี่ได้ตั้งแต่ {minWithdrawal}',
      en: 'When the shop confirms, tap “Accept” to move it to your wallet, then withdraw to a bank, PromptPay or TrueMoney from {minWithdrawal}.',
    },
    illustration: 'accept-cashback',
  },
]
